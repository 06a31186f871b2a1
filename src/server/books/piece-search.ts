/**
 * Pieces inside words ("anjali" finds Gitanjali), asked only when no book has the words whole or
 * by their beginnings (word-search.ts; docs/decisions/019-search-in-both-scripts.md): every word
 * typed must occur somewhere in the book's folded title and author. Both databases answer through
 * an index of three-character pieces (trigrams): SQLite's FTS5 trigram table `bookSearch`
 * (migrations 0002, 0005), PostgreSQL's pg_trgm GIN index on the narrow table `bookSearchText`
 * (migration 0004). Words shorter than a trigram are checked row by row. This is the only module
 * that knows how each one is asked.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { COUNTED_MATCHES } from '../../common/constants.ts';
import { dialectOf } from '../db/database.ts';
import type { BookRow, DB } from '../db/schema.ts';
import { orderByClause, orderColumns } from './book-order.ts';
import type { BookFilter, Page } from './book-query.ts';
import {
  FEW_MATCHES,
  catalogueSize,
  inNewestSample,
  roundedEstimate,
  scaledFromSample,
  type MatchCount,
} from './match-count.ts';
import { narrowing, needsBook, offTheServerThread } from './word-query.ts';

/** Neither index can look up a piece shorter than a trigram; such words are checked row by row. */
const TRIGRAM_LENGTH = 3;

const piecesOf = (filter: BookFilter) => (filter.words ?? []).filter(Boolean);
const isIndexable = (word: string) => [...word].length >= TRIGRAM_LENGTH;

/** Escapes LIKE wildcards so a piece "50%" means the characters, not a pattern. */
const likeContains = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * SQLite: conditions on `book` that hold where every piece occurs in `searchText`. They scan, and
 * serve only searches whose every piece is too short for FTS5.
 */
export function sqliteWordConditions(words: string[] | undefined) {
  const searchText = sql.ref('book.searchText');
  return (words ?? [])
    .filter(Boolean)
    .map((word) => sql<boolean>`instr(${searchText}, ${word}) > 0`);
}

/** An FTS5 query that every piece must match: each one quoted as a phrase, its quotes doubled. */
const ftsQuery = (words: string[]) =>
  words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');

const limitAndOffset = (page: { limit: number; offset?: number }) =>
  page.offset ? sql`limit ${page.limit} offset ${page.offset}` : sql`limit ${page.limit}`;

/**
 * `from … where …` of the books with every piece, through the index, joined to their books
 * (aliased `b`) unless `withBook` is false and nothing narrows the search (PostgreSQL: a count of
 * "hollow and" spent 78 of its 105 ms joining its 675 matches to their books); undefined on SQLite
 * when every piece is too short for its index. `extra` conditions may name the index's key
 * (`s.rowid` on SQLite, `e."createdAt"` on PostgreSQL).
 */
function matchesFrom(
  db: Kysely<DB>,
  filter: BookFilter,
  extra: RawBuilder<unknown>[] = [],
  withBook = true,
): RawBuilder<unknown> | undefined {
  const pieces = piecesOf(filter);
  if (pieces.length === 0) return undefined;
  if (dialectOf(db) === 'postgres') {
    const conditions = [
      ...pieces.map((word) => sql`e."searchText" like ${likeContains(word)} escape '\\'`),
      ...narrowing(filter),
      ...extra,
    ];
    const book = withBook || needsBook(filter) ? sql`join "book" b on b."id" = e."bookId"` : sql``;
    return sql`from "bookSearchText" e ${book} where ${sql.join(conditions, sql` and `)}`;
  }
  const indexed = pieces.filter(isIndexable);
  if (indexed.length === 0) return undefined;
  const conditions = [
    sql`s."bookSearch" match ${ftsQuery(indexed)}`,
    ...pieces
      .filter((word) => !isIndexable(word))
      .map((word) => sql`instr(b."searchText", ${word}) > 0`),
    ...narrowing(filter),
    ...extra,
  ];
  return sql`from "bookSearch" s join "bookSearchEntry" e on e."key" = s.rowid
    join "book" b on b."id" = e."bookId" where ${sql.join(conditions, sql` and `)}`;
}

/**
 * One page of the matching books in the page's order (newest first unless sorted otherwise), only
 * the page's books read whole. Undefined when the index cannot serve the pieces (SQLite, all too
 * short).
 */
export function piecePage(
  db: Kysely<DB>,
  filter: BookFilter,
  page: Page,
): RawBuilder<BookRow> | undefined {
  const sort = page.sort === undefined || page.sort === 'relevance' ? 'newest' : page.sort;
  const postgres = dialectOf(db) === 'postgres';
  const extra: RawBuilder<unknown>[] = [];
  if (page.after && sort === 'newest') {
    extra.push(
      postgres
        ? sql`(e."createdAt", e."bookId") < (${page.after.createdAt}, ${page.after.id})`
        : sql`s.rowid < (select "key" from "bookSearchEntry" where "bookId" = ${page.after.id})`,
    );
  }
  const matches = matchesFrom(db, filter, extra);
  if (!matches) return undefined;
  if (sort === 'newest' && postgres && (page.matches?.total ?? Infinity) <= FEW_MATCHES) {
    // Few matches are found all at once through the trigram index, then sorted: walking the
    // newest-first index instead read 31,888 books for the first 21 of "hollow and"'s 675.
    return sql<BookRow>`with m as materialized (select e."bookId", e."createdAt" ${matches})
      select b.* from m join "book" b on b."id" = m."bookId"
      order by m."createdAt" desc, m."bookId" desc ${limitAndOffset(page)}`;
  }
  if (sort === 'newest') {
    // SQLite walks its index's keys down (they grow with `createdAt`), PostgreSQL the narrow table's.
    const order = postgres
      ? sql`order by e."createdAt" desc, e."bookId" desc`
      : sql`order by s.rowid desc`;
    return sql<BookRow>`select b.* ${matches} ${order} ${limitAndOffset(page)}`;
  }
  return sql<BookRow>`select b.* from (
      select ${orderColumns(sort, 'b')} ${matches} ${orderByClause(sort, 'b')} ${limitAndOffset(page)}
    ) p join "book" b on b."id" = p."id" ${orderByClause(sort, 'p')}`;
}

/**
 * How many books have every piece: counted up to COUNTED_MATCHES, estimated past them from the
 * newest books and rounded. Undefined when the index cannot serve the pieces.
 */
export async function pieceCount(
  db: Kysely<DB>,
  filter: BookFilter,
): Promise<MatchCount | undefined> {
  const matches = matchesFrom(db, filter, [], false);
  if (!matches) return undefined;
  const { rows } = await offTheServerThread(db, (from) =>
    sql<{ count: number | string }>`select count(*) as "count" from (
      select 1 ${matches} limit ${COUNTED_MATCHES + 1}) m`.execute(from),
  );
  const counted = Number(rows[0]?.count ?? 0);
  if (counted <= COUNTED_MATCHES) return { total: counted, estimated: false };
  const newest = await inNewestSample(db, 's');
  const { rows: sampled } = await offTheServerThread(db, (from) =>
    sql<{ count: number | string }>`select count(*) as "count"
    ${matchesFrom(db, filter, newest) ?? sql``}`.execute(from),
  );
  const inSample = Number(sampled[0]?.count ?? 0);
  return {
    total: roundedEstimate(scaledFromSample(inSample, await catalogueSize(db), counted)),
    estimated: true,
  };
}

/**
 * Per category, the books with every piece and those of them on the shelf, counted through the
 * index (a search that finds no word whole finds few books). Undefined when the index cannot
 * serve the pieces.
 */
export async function pieceCategoryCounts(
  db: Kysely<DB>,
  filter: BookFilter,
): Promise<{ name: string; count: number; available: number }[] | undefined> {
  const matches = matchesFrom(db, filter);
  if (!matches) return undefined;
  const { rows } = await offTheServerThread(db, (from) =>
    sql<{
      name: string;
      count: number | string;
      available: number | string | null;
    }>`select b."category" as "name", count(*) as "count",
      sum(case when b."quantity" > 0 then 1 else 0 end) as "available"
    ${matches} group by b."category"`.execute(from),
  );
  return rows.map((row) => ({
    name: row.name,
    count: Number(row.count),
    available: Number(row.available ?? 0),
  }));
}

/**
 * SQLite: one step of merging the FTS5 indexes' b-trees into one, writing about `pages` of their
 * pages each (search-upkeep.ts). The first step of a merge (`first`) gathers every b-tree into it;
 * the later ones only go on with it, so a b-tree filed meanwhile does not start it over (FTS5's
 * "merge" command). Answers whether the step had anything left to do in any index. In a
 * transaction of its own, so that the changes it counts are its own and not those of a request
 * served meanwhile.
 */
export async function mergeSqliteSearchStep(
  db: Kysely<DB>,
  pages: number,
  first: boolean,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const changes = async () =>
      Number((await sql<{ n: number }>`select total_changes() as "n"`.execute(tx)).rows[0]?.n);
    let merged = false;
    for (const index of ['bookSearch', 'bookWords', 'bookTitleWords']) {
      const before = await changes();
      await sql`insert into ${sql.id(index)} (${sql.id(index)}, "rank")
        values ('merge', ${first ? -pages : pages})`.execute(tx);
      // FTS5 counts a step that merged nothing as fewer than two changes.
      if ((await changes()) - before >= 2) merged = true;
    }
    return merged;
  });
}
