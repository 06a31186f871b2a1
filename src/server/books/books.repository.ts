/** SQL for the catalogue. Functions take the database or a transaction, so callers can share one. */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Book, CategorySummary } from '../../common/types.ts';
import type { BookCreate, BookUpdate } from '../../common/schemas.ts';
import type { Category } from '../../common/constants.ts';
import type { BookRow, DB } from '../db/schema.ts';

export interface BookFilter {
  category?: string;
  availableOnly?: boolean;
  words?: string[];
}

/** A position in the newest-first order: the last book of the previous page. */
export interface BookCursor {
  createdAt: string;
  id: string;
}

export const toBook = (row: BookRow): Book => ({
  _id: row.id,
  name: row.name,
  author: row.author,
  category: row.category as Category,
  quantity: row.quantity,
  rating: row.rating,
  shortDescription: row.shortDescription,
  image: row.image,
  content: row.content,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const searchTextOf = (book: { name: string; author: string }) =>
  `${book.name} ${book.author}`.toLowerCase();

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
const likeContains = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function filtered(db: Kysely<DB>, filter: BookFilter) {
  let query = db.selectFrom('book');
  if (filter.category !== undefined) query = query.where('category', '=', filter.category);
  if (filter.availableOnly) query = query.where('quantity', '>', 0);
  for (const word of filter.words ?? []) {
    query = query.where(
      sql<boolean>`${sql.ref('searchText')} like ${likeContains(word)} escape '\\'`,
    );
  }
  return query;
}

export async function findBooks(
  db: Kysely<DB>,
  filter: BookFilter,
  page: { limit: number; after?: BookCursor; offset?: number },
): Promise<BookRow[]> {
  let query = filtered(db, filter).selectAll();
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where(
      sql<boolean>`(${sql.ref('createdAt')}, ${sql.ref('id')}) < (${createdAt}, ${id})`,
    );
  }
  return query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset ?? 0)
    .execute();
}

export async function countBooks(db: Kysely<DB>, filter: BookFilter): Promise<number> {
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findBookById(db: Kysely<DB>, id: string): Promise<BookRow | undefined> {
  return db.selectFrom('book').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertBook(
  db: Kysely<DB>,
  book: BookCreate,
  now = new Date(),
): Promise<string> {
  const id = randomUUID();
  const timestamp = now.toISOString();
  await db
    .insertInto('book')
    .values({
      id,
      name: book.name,
      author: book.author,
      category: book.category,
      quantity: book.quantity,
      rating: book.rating,
      shortDescription: book.shortDescription,
      image: book.image,
      content: book.content ?? '',
      searchText: searchTextOf(book),
      createdAt: timestamp,
      updatedAt: timestamp,
    })
    .execute();
  return id;
}

/** Writes the given fields; answers how many books matched and whether any value changed. */
export async function updateBook(
  db: Kysely<DB>,
  id: string,
  changes: BookUpdate,
): Promise<{ matched: number; modified: number }> {
  const current = await findBookById(db, id);
  if (!current) return { matched: 0, modified: 0 };
  const next = { ...current, ...definedFields(changes) };
  const changed = (Object.keys(changes) as (keyof BookUpdate)[]).some(
    (field) => changes[field] !== undefined && changes[field] !== current[field],
  );
  if (!changed) return { matched: 1, modified: 0 };
  await db
    .updateTable('book')
    .set({
      name: next.name,
      author: next.author,
      category: next.category,
      quantity: next.quantity,
      rating: next.rating,
      shortDescription: next.shortDescription,
      image: next.image,
      content: next.content,
      searchText: searchTextOf(next),
      updatedAt: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
  return { matched: 1, modified: 1 };
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}

export async function incrementQuantity(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('book')
    .set((eb) => ({ quantity: eb('quantity', '+', 1), updatedAt: new Date().toISOString() }))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** One entry per category present, with its size and the cover of its newest book. */
export async function listCategories(db: Kysely<DB>): Promise<CategorySummary[]> {
  const rows = await db
    .selectFrom('book')
    .select((eb) => ['category', eb.fn.countAll<number | string>().as('count')])
    .groupBy('category')
    .orderBy('category')
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const cover = await db
        .selectFrom('book')
        .select('image')
        .where('category', '=', row.category)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return {
        name: row.category as Category,
        image: cover?.image ?? '',
        count: Number(row.count),
      };
    }),
  );
}
