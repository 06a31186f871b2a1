/**
 * The orders of a list of books (GET /api/books?sort=). Each is a row of columns in one direction,
 * ending in the book's id, so that no two books tie and a page always holds the same books; each
 * has its indexes (migrations 0001 and 0020). None sorts by copies (`quantity`, `holds`,
 * `updatedAt`): a borrow or a return keeps in the cache the lists that do not show the book
 * (books.service.ts), which an order by copies would reshuffle.
 */
import { sql, type RawBuilder } from 'kysely';
import type { BookSort } from '../../common/constants.ts';
import type { BookTable } from '../db/schema.ts';

interface Order {
  columns: readonly (keyof BookTable & string)[];
  direction: 'asc' | 'desc';
}

export const bookOrders: Record<BookSort, Order> = {
  // A search's relevance comes first (word-search.ts); the rest, and any other list, newest first.
  relevance: { columns: ['createdAt', 'id'], direction: 'desc' },
  newest: { columns: ['createdAt', 'id'], direction: 'desc' },
  // Titles and authors by their folded keys: "Ángel" among the a's, "the" with "The".
  title: { columns: ['sortName', 'id'], direction: 'asc' },
  author: { columns: ['sortAuthor', 'sortName', 'id'], direction: 'asc' },
  // Best rated first; among equals, the newest.
  rating: { columns: ['rating', 'createdAt', 'id'], direction: 'desc' },
};

/** The order's columns of the table aliased `alias`, for a select list. */
export const orderColumns = (sort: BookSort, alias: string): RawBuilder<unknown> =>
  sql.join(bookOrders[sort].columns.map((column) => sql.ref(`${alias}.${column}`)));

/** `order by` the sort's columns of the table aliased `alias`. */
export function orderByClause(sort: BookSort, alias: string): RawBuilder<unknown> {
  const { columns, direction } = bookOrders[sort];
  return sql`order by ${sql.join(
    columns.map((column) => sql`${sql.ref(`${alias}.${column}`)} ${sql.raw(direction)}`),
  )}`;
}
