/**
 * HTTP for the catalogue: parse with the shared schemas, call the repository, answer.
 *
 * What readers ask for is answered from memory until the catalogue changes (catalogue-memory.ts):
 * a book, a whole list answer with its headers, the categories, the total of a search, each kept as
 * the JSON bytes sent and compressed once (json-answer.ts). Borrowing and returning never read from
 * memory: their rules run on the database's rows, in transactions.
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
  type BooksQuery,
} from '../../common/schemas.ts';
import type { BookFacets, DeleteResult, InsertResult, UpdateResult } from '../../common/types.ts';
import type { Category } from '../../common/constants.ts';
import { ApiError, parseInput } from '../http-errors.ts';
import { JsonAnswer, sendJsonAnswer } from '../json-answer.ts';
import { searchWords } from './book-search.ts';
import { CatalogueMemory } from './catalogue-memory.ts';
import {
  countBooks,
  countByCategory,
  findBookById,
  findBookPage,
  incrementQuantity,
  insertBook,
  isbnTaken,
  listCategories,
  toBook,
  updateBook,
  type BookFilter,
  type CategoryMatches,
} from './books.repository.ts';
import { decodeCursor, encodeCursor, nextPageLink } from '../pagination.ts';
import { duplicateIsbn, guardingIsbn } from './isbn-conflict.ts';

/**
 * The books readers open most: at about 1 kB a book, a tenth of a 100,000-book catalogue. Weighed in
 * bytes, as a book's content alone may take 60 kB.
 */
const KEPT_BOOK_BYTES = 10 * 1024 * 1024;

/**
 * List answers kept whole: the pages readers ask for again and again (a category's first, the
 * first of a popular search) then cost what a single book does.
 */
const KEPT_LIST_BYTES = 8 * 1024 * 1024;

/** Searches and filters whose totals are kept; a total is a few dozen bytes. */
const COUNTED_FILTERS = 10_000;

/** One answer of GET /api/books: the JSON and the headers that go with it. */
interface ListAnswer {
  body: JsonAnswer;
  total: number;
  link?: string;
}

/** Searches whose facets are kept; an answer is a few hundred bytes. */
const COUNTED_FACETS = 2_000;

const bookNotFound = () => new ApiError(404, 'BOOK_NOT_FOUND', 'No book has this id');

/** The facets of a search from its matches per category: on the shelf only, when asked. */
function toFacets(matches: CategoryMatches[], availableOnly: boolean): BookFacets {
  const categories = matches
    .map(({ name, count, available }) => ({
      name: name as Category,
      count: availableOnly ? available : count,
    }))
    .filter((category) => category.count > 0);
  return {
    total: categories.reduce((sum, category) => sum + category.count, 0),
    available: matches.reduce((sum, category) => sum + category.available, 0),
    categories,
  };
}

export async function bookRoutes(app: FastifyInstance) {
  const { db, changes } = app.database;
  const { create: bookCreateSchema, update: bookUpdateSchema } = app.bookSchemas;
  const books = new CatalogueMemory<JsonAnswer>(
    changes,
    KEPT_BOOK_BYTES,
    (book) => book.bytes.length,
  );
  const lists = new CatalogueMemory<ListAnswer>(
    changes,
    KEPT_LIST_BYTES,
    (answer) => answer.body.bytes.length,
  );
  const totals = new CatalogueMemory<number>(changes, COUNTED_FILTERS);
  const facets = new CatalogueMemory<JsonAnswer>(changes, COUNTED_FACETS);
  // Room for its one answer: an entry may take half of a memory's capacity.
  const categories = new CatalogueMemory<JsonAnswer>(changes, 2);
  /**
   * How many books match. Counting a frequent word's matches is most of a search's work, and every
   * page of that search (Load more) shows the same total, so totals are kept like books.
   */
  const countMatches = (filter: BookFilter) =>
    totals.remember(JSON.stringify([filter.category, filter.availableOnly, filter.words]), () =>
      countBooks(db, filter),
    );
  async function listBooks(query: BooksQuery): Promise<ListAnswer> {
    const filter: BookFilter = {
      category: query.category,
      availableOnly: query.available === 'true',
      words: query.q === undefined ? undefined : searchWords(query.q),
    };
    const position = query.cursor ? decodeCursor(query.cursor) : undefined;
    const after = position && { createdAt: position.key, id: position.id };
    const offset = !after && query.page ? (query.page - 1) * query.limit : 0;
    const [found, total] = await Promise.all([
      findBookPage(db, filter, { limit: query.limit + 1, sort: query.sort, after, offset }),
      countMatches(filter),
    ]);
    const page = found.slice(0, query.limit);
    const last = page.at(-1);
    // Newest first continues after its last book; the other orders are paged by number.
    const byNumber = (query.page && !after) || (query.sort && query.sort !== 'newest');
    let link: string | undefined;
    if (found.length > query.limit && last) {
      const next: Record<string, string> = byNumber
        ? { page: String((query.page ?? 1) + 1) }
        : { cursor: encodeCursor({ key: last.createdAt, id: last.id }) };
      link = nextPageLink('/api/books', query, next);
    }
    return { body: JsonAnswer.of(page.map(toBook)), total, link };
  }

  // The catalogue answers everybody alike, so shared caches may keep it (plugins/answer-privacy.ts).
  const publicAnswer = { config: { publicAnswer: true } };

  const tags = ['Catalogue'];

  app.get(
    '/api/books',
    {
      ...publicAnswer,
      schema: {
        summary:
          'Books, newest first or in the order asked for; X-Total-Count and a Link to the next page',
        tags,
        querystring: booksQuerySchema,
        response: { 200: z.array(bookSchema) },
      },
    },
    async (request, reply) => {
      const query = parseInput(booksQuerySchema, request.query);
      const answer = await lists.remember(JSON.stringify(query), () => listBooks(query));
      reply.header('X-Total-Count', String(answer.total));
      if (answer.link) reply.header('Link', answer.link);
      return sendJsonAnswer(request, reply, answer.body);
    },
  );

  // The search page asks for these beside every list; like the lists, they are kept until the
  // catalogue changes. A search's words are counted in any order or case, as `q` is.
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
      const words = query.q === undefined ? [] : searchWords(query.q);
      const availableOnly = query.available === 'true';
      const answer = await facets.remember(JSON.stringify([words, availableOnly]), async () =>
        JsonAnswer.of(toFacets(await countByCategory(db, words), availableOnly)),
      );
      return sendJsonAnswer(request, reply, answer);
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
    async (request, reply) => {
      const answer = await categories.remember('all', async () =>
        JsonAnswer.of(await listCategories(db)),
      );
      return sendJsonAnswer(request, reply, answer);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/books/:id',
    {
      ...publicAnswer,
      schema: { summary: 'A book', tags, params: idParamsSchema, response: { 200: bookSchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const book = await books.remember(id, async () => {
        const row = await findBookById(db, id);
        if (!row) throw bookNotFound();
        return JsonAnswer.of(toBook(row));
      });
      return sendJsonAnswer(request, reply, book);
    },
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
      if (book.isbn && (await isbnTaken(db, book.isbn))) throw duplicateIsbn();
      // A cover given as a web address is fetched now, once, and the book names the stored copy.
      book.image = await app.images.keep(book.image, request.member.id);
      const insertedId = await guardingIsbn(() => insertBook(db, book));
      const result: InsertResult = { acknowledged: true, insertedId };
      return reply.code(201).send(result);
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
      const { id } = request.params;
      // Fetched before the transaction, which then holds no lock while another server answers.
      changes.image = await app.images.keep(changes.image, request.member.id);
      const outcome = await guardingIsbn(() =>
        app.circulation.editStock(id, async (tx) => {
          if (changes.isbn && (await isbnTaken(tx, changes.isbn, id))) throw duplicateIsbn();
          return updateBook(tx, id, changes);
        }),
      );
      if (!outcome) throw bookNotFound();
      const { matched, modified } = outcome;
      const result: UpdateResult = {
        acknowledged: true,
        matchedCount: matched,
        modifiedCount: modified,
      };
      return result;
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
    async (request) => {
      const { id } = request.params;
      if (!(await app.circulation.editStock(id, (tx) => incrementQuantity(tx, id))))
        throw bookNotFound();
      const result: UpdateResult = { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
      return result;
    },
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
    async (request) => {
      await app.circulation.withdraw(request.params.id);
      const result: DeleteResult = { acknowledged: true, deletedCount: 1 };
      return result;
    },
  );
}
