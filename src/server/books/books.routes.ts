/** HTTP for the catalogue: parse with the shared schemas, call the repository, answer. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bookCreateSchema, bookUpdateSchema, booksQuerySchema } from '../../common/schemas.ts';
import type { InsertResult, UpdateResult } from '../../common/types.ts';
import { ApiError, parseInput } from '../http-errors.ts';
import { BookCache } from './book-cache.ts';
import { CatalogueMemory } from './catalogue-memory.ts';
import {
  countBooks,
  findBookPage,
  findBooksByIds,
  incrementQuantity,
  insertBook,
  listCategories,
  toBook,
  updateBook,
  type BookFilter,
} from './books.repository.ts';
import { decodeCursor, encodeCursor, nextPageLink } from './pagination.ts';

/** Searches and filters whose totals are kept; a total is a few dozen bytes. */
const COUNTED_FILTERS = 10_000;

const bookNotFound = () => new ApiError(404, 'BOOK_NOT_FOUND', 'No book has this id');

/** JSON already serialized (the cache holds books as bytes), sent as Fastify would send an object. */
const sendJson = (reply: FastifyReply, json: Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [
  Buffer,
  Buffer,
  Buffer,
];

/** A JSON array of JSON values already encoded. */
function jsonArray(items: Buffer[]): Buffer {
  return Buffer.concat([
    OPEN,
    ...items.flatMap((item, index) => (index ? [COMMA, item] : [item])),
    CLOSE,
  ]);
}

export async function bookRoutes(app: FastifyInstance) {
  const { db, changes } = app.database;
  const cache = new BookCache(changes);
  const totals = new CatalogueMemory<number>(changes, COUNTED_FILTERS);
  /**
   * How many books match. Counting a frequent word's matches is most of a search's work, and every
   * page of that search (Load more) shows the same total, so totals are kept like books.
   */
  const countMatches = async (filter: BookFilter) => {
    const key = JSON.stringify([filter.category, filter.availableOnly, filter.words]);
    const version = totals.version();
    const known = totals.get(key);
    if (known !== undefined) return known;
    const total = await countBooks(db, filter);
    totals.keep(key, total, version);
    return total;
  };
  const loadBooks = async (ids: string[]) =>
    (await findBooksByIds(db, ids)).map((row) => ({
      id: row.id,
      json: JSON.stringify(toBook(row)),
    }));

  app.get('/api/books', async (request, reply) => {
    const query = parseInput(booksQuerySchema, request.query);
    const filter: BookFilter = {
      category: query.category,
      availableOnly: query.available === 'true',
      words: query.q?.split(/\s+/).filter(Boolean),
    };
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const offset = !after && query.page ? (query.page - 1) * query.limit : 0;
    const [found, total] = await Promise.all([
      findBookPage(db, filter, { limit: query.limit + 1, after, offset }),
      countMatches(filter),
    ]);
    const page = found.slice(0, query.limit);
    const last = page.at(-1);
    reply.header('X-Total-Count', String(total));
    if (found.length > query.limit && last) {
      const next: Record<string, string> =
        query.page && !after ? { page: String(query.page + 1) } : { cursor: encodeCursor(last) };
      reply.header('Link', nextPageLink('/api/books', query, next));
    }
    const books = await cache.books(
      page.map((book) => book.id),
      loadBooks,
    );
    return sendJson(reply, jsonArray(books.filter((book) => book !== undefined)));
  });

  app.get('/api/categories', async () => listCategories(db));

  app.get<{ Params: { id: string } }>('/api/books/:id', async (request, reply) => {
    const [book] = await cache.books([request.params.id], loadBooks);
    if (book === undefined) throw bookNotFound();
    return sendJson(reply, book);
  });

  app.post('/api/books', { preHandler: app.requireMember }, async (request, reply) => {
    const book = parseInput(bookCreateSchema, request.body);
    const insertedId = await insertBook(db, book);
    const result: InsertResult = { acknowledged: true, insertedId };
    return reply.code(201).send(result);
  });

  app.patch<{ Params: { id: string } }>(
    '/api/books/:id',
    { preHandler: app.requireMember },
    async (request) => {
      const changes = parseInput(bookUpdateSchema, request.body);
      const { matched, modified } = await updateBook(db, request.params.id, changes);
      if (matched === 0) throw bookNotFound();
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
    { preHandler: app.requireMember },
    async (request) => {
      if (!(await incrementQuantity(db, request.params.id))) throw bookNotFound();
      const result: UpdateResult = { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
      return result;
    },
  );
}
