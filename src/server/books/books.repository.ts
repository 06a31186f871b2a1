/** SQL for the catalogue. Functions take the database or a transaction, so callers can share one. */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { CategorySummary } from '../../common/types.ts';
import type { BookUpdate } from '../../common/schemas.ts';
import type { BookRow, DB } from '../db/schema.ts';
import { bookOrders } from './book-order.ts';
import type { BookFilter, CategoryMatches, Page } from './book-query.ts';
import {
  pieceCategoryCounts,
  pieceCount,
  piecePage,
  sqliteWordConditions,
} from './piece-search.ts';
import { bookKeysOf } from './book-rows.ts';
import {
  relevancePage,
  sortedWordPage,
  wordCategoryCounts,
  wordCount,
  type RankedMatch,
  type WordCount,
} from './word-search.ts';
import { offTheServerThread, type Tier } from './word-query.ts';

/**
 * Books matching the filter, read from `book` itself: an ISBN by its unique index; pieces of words
 * come here on SQLite alone, when every one is too short for its index.
 */
function filtered(db: Kysely<DB>, filter: BookFilter) {
  let query = db.selectFrom('book');
  if (filter.category !== undefined) query = query.where('category', '=', filter.category);
  if (filter.availableOnly) query = query.where('quantity', '>', 0);
  if (filter.isbn !== undefined) query = query.where('isbn', '=', filter.isbn);
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

/**
 * One page of the matching books in the page's order, found and ordered through an index. A page
 * of a search through the word index in the relevance order names each book's tier, and is taken
 * from the search's `ranked` matches when its count read them all (word-search.ts).
 */
export async function findBookPage(
  db: Kysely<DB>,
  filter: BookFilter,
  page: Page & { ranked?: RankedMatch[] },
): Promise<(BookRow & { tier?: Tier })[]> {
  if (filter.queryWords?.length) {
    if (page.sort === undefined || page.sort === 'relevance') {
      const after = page.after && { ...page.after, tier: page.after.tier ?? 0 };
      const { limit, offset, matches, ranked } = page;
      return relevancePage(db, filter, { limit, offset, after, matches, ranked });
    }
    return sortedWordPage(db, filter, page);
  }
  const searched = filter.words?.length ? piecePage(db, filter, page) : undefined;
  if (searched) return (await offTheServerThread(db, (from) => searched.execute(from))).rows;
  return inOrder(filtered(db, filter).selectAll('book'), page).execute();
}

/**
 * How many books match. Without words the answer is summed from `categoryStat` (a row per
 * category); a search is counted through its index, or estimated past COUNTED_MATCHES.
 */
export async function countBooks(db: Kysely<DB>, filter: BookFilter): Promise<WordCount> {
  if (filter.queryWords?.length) return wordCount(db, filter);
  if (filter.words?.length || filter.isbn !== undefined) {
    const indexed = filter.words?.length ? await pieceCount(db, filter) : undefined;
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
 * any value changed. Run with the book locked (circulation/copies.service.ts editStock), so a copy borrowed or
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
  // Search and sort keys follow the name, author and description, all written together (so
  // that none is left as an older server wrote it), and only when one of them changes.
  const keys =
    changed.name !== undefined ||
    changed.author !== undefined ||
    changed.shortDescription !== undefined
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
        .orderBy('book.createdAt', 'desc')
        .orderBy('book.id', 'desc')
        .limit(1)
        .as('image'),
    ])
    .where('count', '>', 0)
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    image: row.image ?? '',
    count: Number(row.count),
  }));
}

/**
 * How the matches of a search fall into categories (the filter's category and shelf aside).
 * Without a search the figures are `categoryStat`'s; a search's are counted through its index,
 * or estimated past COUNTED_MATCHES matches (word-search.ts).
 */
export async function countByCategory(
  db: Kysely<DB>,
  search: Pick<BookFilter, 'queryWords' | 'words' | 'isbn'>,
): Promise<{ categories: CategoryMatches[]; estimated: boolean }> {
  type Counted = { name: string; count: number | string; available: number | string | null };
  let rows: Counted[];
  let estimated = false;
  if (search.queryWords?.length) {
    ({ categories: rows, estimated } = await wordCategoryCounts(db, search));
  } else if (!search.words?.length && search.isbn === undefined) {
    rows = await db.selectFrom('categoryStat').select(['name', 'count', 'available']).execute();
  } else {
    rows =
      (search.words?.length ? await pieceCategoryCounts(db, search) : undefined) ??
      (await filtered(db, search)
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
