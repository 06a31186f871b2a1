/**
 * HTTP for the catalogue (common/api/catalogue.endpoints.ts): each endpoint's handler asks the
 * books service (books.service.ts, which keeps what readers ask for in its cache) and answers.
 */
import type { FastifyInstance } from 'fastify';
import { catalogueEndpoints } from '../../common/api/catalogue.endpoints.ts';
import { validationMessagesOf } from '../request-language.ts';
import { sendJsonAnswer } from '../json-answer.ts';
import { serve } from '../api/serve.ts';
import type { Role } from '../../common/constants.ts';
import { maySend } from '../../common/permissions.ts';
import { ApiError } from '../http-errors.ts';

/** 403 FORBIDDEN for a catalogue editor who is no librarian naming a book's replacement cost. */
function refuseFieldsNotTheirs(role: Role, book: { replacementCost?: number | null }) {
  if (book.replacementCost !== undefined && !maySend('replacementCost', role))
    throw new ApiError(403, 'FORBIDDEN', 'Only librarians set what losing a copy of a book costs');
}

export async function bookRoutes(app: FastifyInstance) {
  const { books, images, categories } = app;

  serve(
    app,
    catalogueEndpoints,
    {
      listBooks: async (request, reply) => {
        const { query } = request;
        // A category in any case is that category (`sci-fi` is Sci-Fi); a name that is none finds nothing.
        if (query.category !== undefined)
          query.category = (await categories.canonical(query.category)) ?? query.category;
        const answer = await books.list(query);
        reply.header('X-Total-Count', String(answer.total));
        if (answer.estimated) reply.header('X-Total-Count-Estimated', 'true');
        if (answer.link) reply.header('Link', answer.link);
        // A header carries Latin-1 only: the words, in any script, percent-encoded.
        if (answer.corrected)
          reply.header('X-Search-Corrected', encodeURIComponent(answer.corrected));
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
        refuseFieldsNotTheirs(request.role, book);
        // A book carries one of the library's categories (docs/product.md#categories).
        book.category = await categories.required(
          book.category,
          validationMessagesOf(request).category,
        );
        // A cover given as a web address is fetched now, once, and the book names the stored copy.
        book.image = await images.keep(book.image, request.member.id);
        return books.add(book);
      },
      updateBook: async (request) => {
        const changes = request.body;
        refuseFieldsNotTheirs(request.role, changes);
        if (changes.category !== undefined)
          changes.category = await categories.required(
            changes.category,
            validationMessagesOf(request).category,
          );
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
