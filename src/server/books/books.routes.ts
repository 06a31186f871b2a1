/**
 * HTTP for the catalogue (common/api/catalogue.endpoints.ts): each endpoint's handler asks the
 * books service (books.service.ts, which keeps what readers ask for in its cache) and answers.
 */
import type { FastifyInstance } from 'fastify';
import { catalogueEndpoints } from '../../common/api/catalogue.endpoints.ts';
import { sendJsonAnswer } from '../json-answer.ts';
import { serve } from '../api/serve.ts';

export async function bookRoutes(app: FastifyInstance) {
  const { books, images } = app;

  serve(
    app,
    catalogueEndpoints,
    {
      listBooks: async (request, reply) => {
        const answer = await books.list(request.query);
        reply.header('X-Total-Count', String(answer.total));
        if (answer.estimated) reply.header('X-Total-Count-Estimated', 'true');
        if (answer.link) reply.header('Link', answer.link);
        return sendJsonAnswer(request, reply, answer.body);
      },
      bookFacets: async (request, reply) =>
        sendJsonAnswer(request, reply, await books.facets(request.query)),
      listCategories: async (request, reply) =>
        sendJsonAnswer(request, reply, await books.categories()),
      getBook: async (request, reply) =>
        sendJsonAnswer(request, reply, await books.book(request.params.id)),
      addBook: async (request) => {
        const book = request.body;
        // A cover given as a web address is fetched now, once, and the book names the stored copy.
        book.image = await images.keep(book.image, request.member.id);
        return books.add(book);
      },
      updateBook: async (request) => {
        const changes = request.body;
        // Fetched before the book is locked, which then waits on no other server.
        changes.image = await images.keep(changes.image, request.member.id);
        return books.update(request.params.id, changes);
      },
      incrementBook: async (request) => books.increment(request.params.id),
      withdrawBook: async (request) => books.withdraw(request.params.id),
    },
    // A book's year is checked against this server's clock.
    { addBook: app.bookSchemas.create, updateBook: app.bookSchemas.update },
  );
}
