/** SQL for the catalogue. Functions take the database or a transaction, so callers can share one. */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Book, CategorySummary } from '../../common/types.ts';
import type { BookCreate, BookUpdate } from '../../common/schemas.ts';
import type { Category } from '../../common/constants.ts';
import type { BookRow, DB } from '../db/schema.ts';
import { indexedCount, indexedPage, searchFold, sqliteWordConditions } from './book-search.ts';

export interface BookFilter {
  category?: string;
  availableOnly?: boolean;
  /** The words of `q`, folded like `searchText` (book-search.ts's searchWords). */
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
  holds: row.holds,
});

const searchTextOf = (book: { name: string; author: string }) =>
  searchFold(`${book.name} ${book.author}`);

/** Books matching the filter, read from `book` itself; words come here on SQLite alone, when every one is too short for its index. */
function filtered(db: Kysely<DB>, filter: BookFilter) {
  let query = db.selectFrom('book');
  if (filter.category !== undefined) query = query.where('category', '=', filter.category);
  if (filter.availableOnly) query = query.where('quantity', '>', 0);
  for (const condition of sqliteWordConditions(filter.words)) query = query.where(condition);
  return query;
}

interface Page {
  limit: number;
  after?: BookCursor;
  offset?: number;
}

function newestFirst<O>(query: SelectQueryBuilder<DB, 'book', O>, page: Page) {
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where(
      sql<boolean>`(${sql.ref('book.createdAt')}, ${sql.ref('book.id')}) < (${createdAt}, ${id})`,
    );
  }
  query = query.orderBy('book.createdAt', 'desc').orderBy('book.id', 'desc').limit(page.limit);
  // Only page numbers skip rows; a cursor starts in the index where the last page ended, so a
  // deep page costs what the first one does.
  return page.offset ? query.offset(page.offset) : query;
}

/** One page of the matching books, newest first, found and ordered through an index. */
export async function findBookPage(
  db: Kysely<DB>,
  filter: BookFilter,
  page: Page,
): Promise<BookRow[]> {
  const searched = indexedPage(db, filter, page);
  if (searched) return (await searched.execute(db)).rows;
  return newestFirst(filtered(db, filter).selectAll('book'), page).execute();
}

/**
 * How many books match. Without words the answer is summed from `categoryStat` (five rows at
 * most); with words it is counted through the search index.
 */
export async function countBooks(db: Kysely<DB>, filter: BookFilter): Promise<number> {
  if (filter.words?.length) {
    const indexed = await indexedCount(db, filter);
    if (indexed !== undefined) return indexed;
    const { count } = await filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }
  let stats = db
    .selectFrom('categoryStat')
    .select((eb) =>
      eb.fn.sum<number | string | null>(filter.availableOnly ? 'available' : 'count').as('total'),
    );
  if (filter.category !== undefined) stats = stats.where('name', '=', filter.category);
  const { total } = await stats.executeTakeFirstOrThrow();
  return Number(total ?? 0);
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

/**
 * Writes the fields the update names and no others; answers how many books matched and whether
 * any value changed. Run with the book locked (Circulation.editStock), so a copy borrowed or
 * returned meanwhile is never overwritten: an edit that does not name `quantity` leaves it alone.
 */
export async function updateBook(
  db: Kysely<DB>,
  id: string,
  changes: BookUpdate,
): Promise<{ matched: number; modified: number }> {
  const current = await findBookById(db, id);
  if (!current) return { matched: 0, modified: 0 };
  const changed = Object.fromEntries(
    Object.entries(changes).filter(
      ([field, value]) => value !== undefined && value !== current[field as keyof BookUpdate],
    ),
  ) as Partial<BookUpdate>;
  if (Object.keys(changed).length === 0) return { matched: 1, modified: 0 };
  const searchText =
    changed.name !== undefined || changed.author !== undefined
      ? { searchText: searchTextOf({ ...current, ...changed }) }
      : {};
  await db
    .updateTable('book')
    .set({ ...changed, ...searchText, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  return { matched: 1, modified: 1 };
}

export async function incrementQuantity(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('book')
    .set((eb) => ({ quantity: eb('quantity', '+', 1), updatedAt: new Date().toISOString() }))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * One entry per category present, with its size and the cover of its newest book: the sizes come
 * from `categoryStat`, each cover from one step into the category's newest-first index.
 */
export async function listCategories(db: Kysely<DB>): Promise<CategorySummary[]> {
  const rows = await db
    .selectFrom('categoryStat')
    .select((eb) => [
      'name',
      'count',
      eb
        .selectFrom('book')
        .select('book.image')
        .whereRef('book.category', '=', 'categoryStat.name')
        .orderBy('book.createdAt', 'desc')
        .orderBy('book.id', 'desc')
        .limit(1)
        .as('image'),
    ])
    .where('count', '>', 0)
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    name: row.name as Category,
    image: row.image ?? '',
    count: Number(row.count),
  }));
}
