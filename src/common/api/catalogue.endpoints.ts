/** The catalogue: books, their search and facets, and the categories present. */
import { z } from 'zod';
import { COUNTED_MATCHES } from '../constants.ts';
import { bookSchemas } from '../form-schemas.ts';
import { enValidation } from '../i18n/en-validation.ts';
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
} from '../schemas.ts';
import { endpoint } from './endpoint.ts';

/**
 * A book's year may not be past the library's this year, which each server reads from its own
 * (movable) clock: the server serves these bodies rebuilt with that clock (books.routes.ts).
 */
export const bookBodies = bookSchemas(() => new Date().getFullYear(), enValidation);

const tag = 'Catalogue';

export const catalogueEndpoints = {
  listBooks: endpoint({
    method: 'GET',
    path: '/api/books',
    summary: `Books, newest first (a search: best matches first) or in the order asked for; X-Total-Count (X-Total-Count-Estimated: true when it is an estimate, past ${COUNTED_MATCHES.toLocaleString('en')} matches of a search) and a Link to the next page. A search that found nothing as typed is looked for with one typo forgiven per word, and X-Search-Corrected names the words looked for instead (percent-encoded)`,
    tag,
    access: 'visitor',
    query: booksQuerySchema,
    answer: z.array(bookSchema),
    publicAnswer: true,
  }),
  bookFacets: endpoint({
    method: 'GET',
    path: '/api/books/facets',
    summary: 'What a search finds, counted per category and on the shelf',
    tag,
    access: 'visitor',
    query: bookFacetsQuerySchema,
    answer: bookFacetsSchema,
  }),
  listCategories: endpoint({
    method: 'GET',
    path: '/api/categories',
    summary: 'One entry per category present in the catalogue',
    tag,
    access: 'visitor',
    answer: z.array(categorySummarySchema),
    publicAnswer: true,
  }),
  getBook: endpoint({
    method: 'GET',
    path: '/api/books/:id',
    summary: 'A book',
    tag,
    access: 'visitor',
    params: idParamsSchema,
    answer: bookSchema,
    publicAnswer: true,
  }),
  addBook: endpoint({
    method: 'POST',
    path: '/api/books',
    summary: 'Add a book (signed in; librarians only when CATALOGUE_EDITORS=librarians)',
    tag,
    access: 'catalogueEditor',
    body: bookBodies.create,
    status: 201,
    answer: insertResultSchema,
  }),
  updateBook: endpoint({
    method: 'PATCH',
    path: '/api/books/:id',
    summary: 'Update a book; its stock changes only by the quantity given',
    tag,
    access: 'catalogueEditor',
    params: idParamsSchema,
    body: bookBodies.update,
    answer: updateResultSchema,
  }),
  incrementBook: endpoint({
    method: 'PATCH',
    path: '/api/books/:id/increment',
    summary: 'Add one copy to the shelf (a stock correction)',
    tag,
    access: 'catalogueEditor',
    params: idParamsSchema,
    answer: updateResultSchema,
  }),
  withdrawBook: endpoint({
    method: 'DELETE',
    path: '/api/books/:id',
    summary: 'Withdraw a book (librarians; refused while it circulates)',
    tag,
    access: 'librarian',
    params: idParamsSchema,
    answer: deleteResultSchema,
  }),
};
