/**
 * HTTP for the catalogue: each route declares its schemas (the OpenAPI document is made from
 * them), parses with the shared schemas, asks the books service (books.service.ts, which keeps
 * what readers ask for in memory) and answers.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bookFacetsQuerySchema,
  bookFacetsSchema,
  bookSchema,
  booksQuerySchema,
  categorySummarySchema,
  deleteResultSchema,
  idParamsSchema,
  insertResultSchema,
  updateResultSchema,
} from '../../common/schemas.ts';
import { COUNTED_MATCHES } from '../../common/constants.ts';
import { parseInput } from '../http-errors.ts';
import { sendJsonAnswer } from '../json-answer.ts';

export async function bookRoutes(app: FastifyInstance) {
  const { books, categoryOptions } = app;
  const { create: bookCreateSchema, update: bookUpdateSchema } = app.bookSchemas;

  // The catalogue answers everybody alike, so shared caches may keep it (plugins/answer-privacy.ts).
  const publicAnswer = { config: { publicAnswer: true } };

  const tags = ['Catalogue'];

  app.get(
    '/api/books',
    {
      ...publicAnswer,
      schema: {
        summary: `Books, newest first or in the order asked for; X-Total-Count (X-Total-Count-Estimated: true when it is an estimate, past ${COUNTED_MATCHES.toLocaleString('en')} matches of a search) and a Link to the next page`,
        tags,
        querystring: booksQuerySchema,
        response: { 200: z.array(bookSchema) },
      },
    },
    async (request, reply) => {
      const query = parseInput(booksQuerySchema, request.query);
      // `/category/poetry` means Poetry, whichever categories the library has added.
      if (query.category) query.category = await categoryOptions.canonical(query.category);
      const answer = await books.list(query);
      reply.header('X-Total-Count', String(answer.total));
      if (answer.estimated) reply.header('X-Total-Count-Estimated', 'true');
      if (answer.link) reply.header('Link', answer.link);
      return sendJsonAnswer(request, reply, answer.body);
    },
  );

  // The search page asks for these beside every list.
  app.get(
    '/api/books/facets',
    {
      schema: {
        summary: 'What a search finds, counted per category and on the shelf',
        tags,
        querystring: bookFacetsQuerySchema,
        response: { 200: bookFacetsSchema },
      },
    },
    async (request, reply) => {
      const query = parseInput(bookFacetsQuerySchema, request.query);
      return sendJsonAnswer(request, reply, await books.facets(query));
    },
  );

  // Every visit of the home page asks for it; it changes only with the catalogue.
  app.get(
    '/api/categories',
    {
      ...publicAnswer,
      schema: {
        summary: 'One entry per category present in the catalogue',
        tags,
        response: { 200: z.array(categorySummarySchema) },
      },
    },
    async (request, reply) => sendJsonAnswer(request, reply, await books.categories()),
  );

  app.get<{ Params: { id: string } }>(
    '/api/books/:id',
    {
      ...publicAnswer,
      schema: { summary: 'A book', tags, params: idParamsSchema, response: { 200: bookSchema } },
    },
    async (request, reply) => sendJsonAnswer(request, reply, await books.book(request.params.id)),
  );

  app.post(
    '/api/books',
    {
      preHandler: app.requireCatalogueEditor,
      schema: {
        summary: 'Add a book (signed in; librarians only when CATALOGUE_EDITORS=librarians)',
        tags,
        body: bookCreateSchema,
        response: { 201: insertResultSchema },
      },
    },
    async (request, reply) => {
      const book = parseInput(bookCreateSchema, request.body);
      book.category = await categoryOptions.shelve(book.category);
      // A cover given as a web address is fetched now, once, and the book names the stored copy.
      book.image = await app.images.keep(book.image, request.member.id);
      return reply.code(201).send(await books.add(book));
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/books/:id',
    {
      preHandler: app.requireCatalogueEditor,
      schema: {
        summary: 'Update a book; its stock changes only by the quantity given',
        tags,
        params: idParamsSchema,
        body: bookUpdateSchema,
        response: { 200: updateResultSchema },
      },
    },
    async (request) => {
      const changes = parseInput(bookUpdateSchema, request.body);
      if (changes.category) changes.category = await categoryOptions.shelve(changes.category);
      // Fetched before the book is locked, which then waits on no other server.
      changes.image = await app.images.keep(changes.image, request.member.id);
      return books.update(request.params.id, changes);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/books/:id/increment',
    {
      preHandler: app.requireCatalogueEditor,
      schema: {
        summary: 'Add one copy to the shelf (a stock correction)',
        tags,
        params: idParamsSchema,
        response: { 200: updateResultSchema },
      },
    },
    async (request) => books.increment(request.params.id),
  );

  // Withdraw (DECISIONS.md §10): librarians only, refused while the book circulates.
  app.delete<{ Params: { id: string } }>(
    '/api/books/:id',
    {
      preHandler: app.requireLibrarian,
      schema: {
        summary: 'Withdraw a book (librarians; refused while it circulates)',
        tags,
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      },
    },
    async (request) => books.withdraw(request.params.id),
  );
}
