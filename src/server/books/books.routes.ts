/**
 * HTTP for the catalogue: parse with the shared schemas, ask the books service (books.service.ts,
 * which keeps what readers ask for in memory), answer.
 */
import type { FastifyInstance } from 'fastify';
import {
  bookCreateSchema,
  bookFacetsQuerySchema,
  bookUpdateSchema,
  booksQuerySchema,
} from '../../common/schemas.ts';
import { parseInput } from '../http-errors.ts';
import { sendJsonAnswer } from '../json-answer.ts';

export async function bookRoutes(app: FastifyInstance) {
  const { books } = app;

  // The catalogue answers everybody alike, so shared caches may keep it (plugins/answer-privacy.ts).
  const publicAnswer = { config: { publicAnswer: true } };

  app.get('/api/books', publicAnswer, async (request, reply) => {
    const query = parseInput(booksQuerySchema, request.query);
    const answer = await books.list(query);
    reply.header('X-Total-Count', String(answer.total));
    if (answer.link) reply.header('Link', answer.link);
    return sendJsonAnswer(request, reply, answer.body);
  });

  // The search page asks for these beside every list.
  app.get('/api/books/facets', async (request, reply) => {
    const query = parseInput(bookFacetsQuerySchema, request.query);
    return sendJsonAnswer(request, reply, await books.facets(query));
  });

  // Every visit of the home page asks for it; it changes only with the catalogue.
  app.get('/api/categories', publicAnswer, async (request, reply) => {
    return sendJsonAnswer(request, reply, await books.categories());
  });

  app.get<{ Params: { id: string } }>('/api/books/:id', publicAnswer, async (request, reply) => {
    return sendJsonAnswer(request, reply, await books.book(request.params.id));
  });

  app.post('/api/books', { preHandler: app.requireCatalogueEditor }, async (request, reply) => {
    const book = parseInput(bookCreateSchema, request.body);
    return reply.code(201).send(await books.add(book));
  });

  app.patch<{ Params: { id: string } }>(
    '/api/books/:id',
    { preHandler: app.requireCatalogueEditor },
    async (request) => {
      const changes = parseInput(bookUpdateSchema, request.body);
      return books.update(request.params.id, changes);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/books/:id/increment',
    { preHandler: app.requireCatalogueEditor },
    async (request) => books.increment(request.params.id),
  );

  // Withdraw (DECISIONS.md §10): librarians only, refused while the book circulates.
  app.delete<{ Params: { id: string } }>(
    '/api/books/:id',
    { preHandler: app.requireLibrarian },
    async (request) => books.withdraw(request.params.id),
  );
}
