/** SQL for the catalogue. Functions take the database or a transaction, so callers can share one. */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { CategorySummary } from '../../common/types.ts';
import type { BookUpdate } from '../../common/schemas.ts';
import type { Category } from '../../common/constants.ts';
import type { BookRow, DB } from '../db/schema.ts';
import { bookOrders } from './book-order.ts';
import { bookKeysOf } from './book-rows.ts';
import type { BookFilter, CategoryMatches, Page } from './book-query.ts';
import {
  indexedCategoryCounts,
  indexedCount,
  type MatchCount,
  indexedPage,
  postgresFirstPage,
  sqliteWordConditions,
} from './book-search.ts';

/** Books matching the filter, read from `book` itself; words come here on SQLite alone, when every one is too short for its index. */
function filtered(db: Kysely<DB>, filter: BookFilter) {
  let query = db.selectFrom('book');
  if (filter.category !== undefined) query = query.where('category', '=', filter.category);
  if (filter.availableOnly) query = query.where('quantity', '>', 0);
  for (const condition of sqliteWordConditions(filter.words)) query = query.where(condition);
  return query;
}

function inOrder<O>(query: SelectQueryBuilder<DB, 'book', O>, page: Page) {
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where(
      sql<boolean>`(${sql.ref('book.createdAt')}, ${sql.ref('book.id')}) < (${createdAt}, ${id})`,
    );
  }
  const { columns, direction } = bookOrders[page.sort ?? 'newest'];
  for (const column of columns) query = query.orderBy(sql.ref(`book.${column}`), direction);
  query = query.limit(page.limit);
  // Only page numbers skip rows; a cursor starts in the index where the last page ended, so a
  // deep page costs what the first one does.
  return page.offset ? query.offset(page.offset) : query;
}

/** One page of the matching books in the page's order, found and ordered through an index. */
export async function findBookPage(
  db: Kysely<DB>,
  filter: BookFilter,
  page: Page,
): Promise<BookRow[]> {
  const searched = indexedPage(db, filter, page);
  if (searched) return (await searched.execute(db)).rows;
  return inOrder(filtered(db, filter).selectAll('book'), page).execute();
}

/**
 * A search's first page and how many books match, with as few passes over the index as it takes:
 * on PostgreSQL, newest first, as book-search.ts's postgresFirstPage decides; elsewhere the page,
 * then the count only when the page is full, since a page that is not holds every match.
 */
export async function findFirstSearchPage(
  db: Kysely<DB>,
  filter: BookFilter,
  page: Pick<Page, 'limit' | 'sort'>,
): Promise<{ found: BookRow[]; counted: MatchCount }> {
  const newestFirst = page.sort === undefined || page.sort === 'newest';
  const both = newestFirst ? await postgresFirstPage(db, filter, page.limit) : undefined;
  if (both?.rows) return { found: both.rows, counted: both.counted };
  const found = await findBookPage(db, filter, page);
  if (both) return { found, counted: both.counted };
  const counted =
    found.length < page.limit
      ? { total: found.length, estimated: false }
      : await countBooks(db, filter);
  return { found, counted };
}

/**
 * How many books match. Without words the answer is summed from `categoryStat` (five rows at
 * most); with words it is counted through the search index, or estimated past
 * COUNTED_MATCHES (book-search.ts).
 */
export async function countBooks(db: Kysely<DB>, filter: BookFilter): Promise<MatchCount> {
  if (filter.words?.length) {
    const indexed = await indexedCount(db, filter);
    if (indexed !== undefined) return indexed;
    const { count } = await filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return { total: Number(count), estimated: false };
  }
  let stats = db
    .selectFrom('categoryStat')
    .select((eb) =>
      eb.fn.sum<number | string | null>(filter.availableOnly ? 'available' : 'count').as('total'),
    );
  if (filter.category !== undefined) stats = stats.where('name', '=', filter.category);
  const { total } = await stats.executeTakeFirstOrThrow();
  return { total: Number(total ?? 0), estimated: false };
}

/** Whether another book than `exceptId` has this ISBN (an ISBN-13, as stored). */
export async function isbnTaken(db: Kysely<DB>, isbn: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('book').select('id').where('isbn', '=', isbn);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function findBookById(db: Kysely<DB>, id: string): Promise<BookRow | undefined> {
  return db.selectFrom('book').selectAll().where('id', '=', id).executeTakeFirst();
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
  now: Date,
): Promise<{ matched: number; modified: number }> {
  const current = await findBookById(db, id);
  if (!current) return { matched: 0, modified: 0 };
  const changed = Object.fromEntries(
    Object.entries(changes).filter(
      ([field, value]) => value !== undefined && value !== current[field as keyof BookUpdate],
    ),
  ) as Partial<BookUpdate>;
  if (Object.keys(changed).length === 0) return { matched: 1, modified: 0 };
  // Search and sort keys follow the name and author, and only when one of them changes.
  const keys =
    changed.name !== undefined || changed.author !== undefined
      ? bookKeysOf({ ...current, ...changed })
      : {};
  await db
    .updateTable('book')
    .set({ ...changed, ...keys, updatedAt: now.toISOString() })
    .where('id', '=', id)
    .execute();
  return { matched: 1, modified: 1 };
}

/** Adds a copy to the shelf: run with the book locked, which then matches its copies to it. */
export async function incrementQuantity(db: Kysely<DB>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('book')
    .set((eb) => ({ quantity: eb('quantity', '+', 1), updatedAt: now.toISOString() }))
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
        // A book imported without a cover (a MARC record) has none to show.
        .where('book.image', '<>', '')
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

/**
 * How the matches of a search fall into categories. Without words the figures are
 * `categoryStat`'s; with words they are counted through the search index, or estimated past
 * COUNTED_MATCHES matches (book-search.ts).
 */
export async function countByCategory(
  db: Kysely<DB>,
  words: string[] | undefined,
): Promise<{ categories: CategoryMatches[]; estimated: boolean }> {
  type Counted = { name: string; count: number | string; available: number | string | null };
  let rows: Counted[];
  let estimated = false;
  if (!words?.length) {
    rows = await db.selectFrom('categoryStat').select(['name', 'count', 'available']).execute();
  } else {
    const indexed = await indexedCategoryCounts(db, words);
    estimated = indexed?.estimated ?? false;
    rows =
      indexed?.categories ??
      (await filtered(db, { words })
        .select((eb) => [
          'book.category as name',
          eb.fn.countAll<number | string>().as('count'),
          eb.fn
            .sum<number | string | null>(
              sql`case when ${sql.ref('book.quantity')} > 0 then 1 else 0 end`,
            )
            .as('available'),
        ])
        .groupBy('book.category')
        .execute());
  }
  const categories = rows
    .map((row) => ({
      name: row.name,
      count: Number(row.count),
      available: Number(row.available ?? 0),
    }))
    .filter((row) => row.count > 0)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { categories, estimated };
}

/** Per book, the earliest due date (`YYYY-MM-DD`) of its open loans; books with none are absent. */
export async function earliestDueDates(
  db: Kysely<DB>,
  bookIds: readonly string[],
): Promise<Map<string, string>> {
  if (bookIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('loan')
    .select((eb) => ['bookId', eb.fn.min('returnDate').as('due')])
    .where('bookId', 'in', bookIds)
    .where('returnedAt', 'is', null)
    .groupBy('bookId')
    .execute();
  return new Map(rows.map((row) => [row.bookId, String(row.due)]));
}
