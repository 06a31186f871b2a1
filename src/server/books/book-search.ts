/**
 * Text search over a book's name and author: every word typed must occur in them, whole or as any
 * part ("tag" finds Tagore, "anjali" finds Gitanjali). Case and the accents of Latin letters do not
 * count ("MARQUEZ" finds Márquez); Bengali and other scripts match as typed, in any Unicode form.
 * Wildcards mean themselves: "50%" finds only books with "50%" in them.
 *
 * Both databases answer through an index of three-character pieces (trigrams): SQLite's FTS5
 * trigram table `bookSearch` (migration 0002), PostgreSQL's pg_trgm GIN index on the narrow table
 * `bookSearchText` (migration 0004). This is the only module that knows how each one is asked.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { COUNTED_MATCHES } from '../../common/constants.ts';
import { dialectOf } from '../db/database.ts';
import type { BookRow, DB } from '../db/schema.ts';
import { orderByClause, orderColumns } from './book-order.ts';
import type { BookFilter, CategoryMatches, Page } from './book-query.ts';

/** Neither index can look up a piece shorter than a trigram; such words are checked row by row. */
const TRIGRAM_LENGTH = 3;

/**
 * What `searchText` holds and what every typed word becomes before matching: lower case, then
 * canonically decomposed, then without the combining accents of Latin, Greek and Cyrillic letters.
 * Bengali vowel signs are marks of another block and stay.
 */
export function searchFold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const foldedWords = (words: string[] | undefined) => (words ?? []).map(searchFold).filter(Boolean);

/**
 * The words a search `q` asks for, folded, each once, in one order: "The the" and "THE" are one
 * search, and so are "river Padma" and "padma RIVER", so they share what is kept of them.
 */
export const searchWords = (q: string) => [...new Set(foldedWords(q.split(/\s+/)))].sort();

const isIndexable = (word: string) => [...word].length >= TRIGRAM_LENGTH;

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
const likeContains = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * SQLite: conditions on `book` that hold where every word occurs in `searchText`. They scan, and
 * serve only searches whose every word is too short for FTS5 (the others go through
 * indexedMatches).
 */
export function sqliteWordConditions(words: string[] | undefined) {
  const searchText = sql.ref('book.searchText');
  return foldedWords(words).map((word) => sql<boolean>`instr(${searchText}, ${word}) > 0`);
}

/** An FTS5 query that every word must match: each one quoted as a phrase, its quotes doubled. */
const ftsQuery = (words: string[]) =>
  words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');

interface IndexedSearch {
  match: string;
  /** Words too short for the index, checked on the book's own `searchText`. */
  shortWords: string[];
}

/** What SQLite's FTS5 index can do for these words; nothing without a word of three letters. */
function sqliteIndexedSearch(filter: BookFilter): IndexedSearch | undefined {
  const words = foldedWords(filter.words);
  const indexed = words.filter(isIndexable);
  if (indexed.length === 0) return undefined;
  return { match: ftsQuery(indexed), shortWords: words.filter((word) => !isIndexable(word)) };
}

type MatchPage = Page;

/**
 * One page of the matching books in the page's order. Undefined when the index cannot serve the
 * words (SQLite, all too short). Newest first, matches are found and ordered in the narrow tables;
 * in the other orders they are sorted by the keys of their books. Either way only the page's
 * books are read whole.
 */
export function indexedPage<T>(
  db: Kysely<T>,
  filter: BookFilter,
  page: MatchPage,
): RawBuilder<BookRow> | undefined {
  const sorted = page.sort !== undefined && page.sort !== 'newest';
  if (dialectOf(db) === 'postgres') {
    const conditions = postgresConditions(filter);
    if (!conditions) return undefined;
    return sorted ? sortedPage(postgresMatches, conditions, page) : postgresPage(filter, page);
  }
  const search = sqliteIndexedSearch(filter);
  if (!search) return undefined;
  return sorted
    ? sortedPage(sqliteMatches, sqliteConditions(search, filter), page)
    : sqlitePage(search, filter, page);
}

/** The matches of each index, joined to their books (aliased `b`). */
const postgresMatches = sql`from "bookSearchText" e join "book" b on b."id" = e."bookId"`;
const sqliteMatches = sql`from "bookSearch" s join "bookSearchEntry" e on e."key" = s.rowid
  join "book" b on b."id" = e."bookId"`;

/**
 * A page of the matches in another order than newest first: chosen on the order's keys alone,
 * then read whole, so the sort never carries a book's content.
 */
function sortedPage(
  matches: RawBuilder<unknown>,
  conditions: RawBuilder<unknown>[],
  page: MatchPage,
): RawBuilder<BookRow> {
  const sort = page.sort ?? 'newest';
  return sql<BookRow>`select b.* from (
      select ${orderColumns(sort, 'b')} ${matches} where ${sql.join(conditions, sql` and `)}
      ${orderByClause(sort, 'b')} ${limitAndOffset(page)}
    ) p join "book" b on b."id" = p."id" ${orderByClause(sort, 'p')}`;
}

/** What narrows the matches beyond their words: a category, copies on the shelf. */
function narrowing(filter: BookFilter) {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.category !== undefined) conditions.push(sql`b."category" = ${filter.category}`);
  if (filter.availableOnly) conditions.push(sql`b."quantity" > 0`);
  return conditions;
}

const bookJoin = (needsBook: boolean) =>
  needsBook ? sql`join "book" b on b."id" = e."bookId"` : sql``;

const joinBook = bookJoin(true);

const limitAndOffset = (page: MatchPage) =>
  page.offset ? sql`limit ${page.limit} offset ${page.offset}` : sql`limit ${page.limit}`;

function postgresConditions(filter: BookFilter): RawBuilder<unknown>[] | undefined {
  const words = foldedWords(filter.words);
  if (words.length === 0) return undefined;
  return [
    ...words.map((word) => sql`e."searchText" like ${likeContains(word)} escape '\\'`),
    ...narrowing(filter),
  ];
}

const postgresNeedsBook = (filter: BookFilter) =>
  filter.category !== undefined || filter.availableOnly === true;

/**
 * PostgreSQL: the trigram index finds every match; they are ordered by `createdAt` in the narrow
 * table `bookSearchText` (aliased `e`).
 */
function postgresPage(filter: BookFilter, page: MatchPage): RawBuilder<BookRow> {
  const conditions = postgresConditions(filter) ?? [];
  if (page.after) {
    conditions.push(sql`(e."createdAt", e."bookId") < (${page.after.createdAt}, ${page.after.id})`);
  }
  // The page is chosen in the narrow table first: joined to `book` before the limit, the planner
  // sorted whole rows of every match (a search's p99 went from 48 to 93 ms).
  return sql<BookRow>`select b.* from (
      select e."bookId", e."createdAt" from "bookSearchText" e
      ${bookJoin(postgresNeedsBook(filter))} where ${sql.join(conditions, sql` and `)}
      order by e."createdAt" desc, e."bookId" desc ${limitAndOffset(page)}
    ) p join "book" b on b."id" = p."bookId"
    order by p."createdAt" desc, p."bookId" desc`;
}

function sqliteConditions(search: IndexedSearch, filter: BookFilter): RawBuilder<unknown>[] {
  return [
    sql`s."bookSearch" match ${search.match}`,
    ...search.shortWords.map((word) => sql`instr(b."searchText", ${word}) > 0`),
    ...narrowing(filter),
  ];
}

const sqliteNeedsBook = (search: IndexedSearch, filter: BookFilter) =>
  postgresNeedsBook(filter) || search.shortWords.length > 0;

/**
 * SQLite: a book's key in the index grows with every book added (`bookSearchEntry`), so "newest
 * first" is FTS5's own descending key order, which it walks lazily: a page stops after its last
 * match instead of sorting all of them. Two books added in the same millisecond come in the order
 * they were added; the cursor is resumed from its book's key.
 */
function sqlitePage(
  search: IndexedSearch,
  filter: BookFilter,
  page: MatchPage,
): RawBuilder<BookRow> {
  const conditions = sqliteConditions(search, filter);
  if (page.after) {
    conditions.push(
      sql`s.rowid < (select "key" from "bookSearchEntry" where "bookId" = ${page.after.id})`,
    );
  }
  return sql<BookRow>`select b.* from "bookSearch" s
    join "bookSearchEntry" e on e."key" = s.rowid ${joinBook}
    where ${sql.join(conditions, sql` and `)} order by s.rowid desc ${limitAndOffset(page)}`;
}

/**
 * The books an estimate reads. SQLite's are the newest 20,000, a range of its index's keys: at one
 * match in a hundred books, about 200 of them match, so the estimate is within about 7% of the
 * count. PostgreSQL reads its sample row by row, before every first page of a large catalogue
 * (postgresFirstPage), so it takes 5,000: about 50 matches, within about 14%.
 */
const SAMPLED_BOOKS = { sqlite: 20_000, postgres: 5_000 } as const;

/**
 * PostgreSQL: up to this many books, the whole catalogue is the sample, and the estimate is the
 * count, rounded. It reads a sample row by row (TABLESAMPLE cannot use the trigram index), so at
 * 100,000 books a sample of 20,000 took 4.5 ms and the estimate 9–14 ms, where counting every
 * match through the index took 2–3 ms. SQLite's sample is a range of the index's keys, cheaper
 * than counting every match (at 100,000 books, counting every match made a new search's p99 55 ms
 * instead of 40).
 */
const WHOLE_CATALOGUE_UP_TO = 200_000;

/**
 * PostgreSQL: a sample with at least this many matches, estimating at least four times
 * COUNTED_MATCHES, says the search is past them without counting: a search of 1,000 matches has
 * about 5.5 of them in a sample of a million books, and 20 or more with a chance of one in 700,000.
 */
const SURELY_PAST = { sampleMatches: 20, times: 4 } as const;

/** How many books match: counted, or estimated from a sample and rounded to two figures. */
export interface MatchCount {
  total: number;
  estimated: boolean;
}

/** An estimate as people say it, to two figures: 23,573 is about 24,000, 617 about 620. */
export function roundedEstimate(estimate: number): number {
  if (estimate < 1) return Math.round(estimate);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(estimate)) - 1);
  return Math.round(estimate / unit) * unit;
}

/**
 * How many books the index finds, counted up to one past COUNTED_MATCHES (a frequent word stops
 * there); undefined when the index cannot serve the words.
 */
async function countUpToLimit(db: Kysely<DB>, filter: BookFilter): Promise<number | undefined> {
  const matches = matchesFrom(db, filter);
  if (!matches) return undefined;
  const { rows } = await sql<{ count: number | string }>`select count(*) as "count" from (
      select 1 ${matches} limit ${COUNTED_MATCHES + 1}
    ) m`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/**
 * How many books match, through the index: counted up to COUNTED_MATCHES, estimated past it.
 * Undefined when the index cannot serve the words.
 */
export async function indexedCount(
  db: Kysely<DB>,
  filter: BookFilter,
): Promise<MatchCount | undefined> {
  const counted = await countUpToLimit(db, filter);
  if (counted === undefined) return undefined;
  if (counted <= COUNTED_MATCHES) return { total: counted, estimated: false };
  return estimatedCount(db, filter);
}

/**
 * PostgreSQL: a search's first page newest first and how many books match, with as few passes over
 * the trigram index as it takes. Counting a frequent word's matches builds the index's bitmap of
 * every one of them, so in a catalogue large enough to be sampled the sample is asked first: when
 * it is sure the search is past COUNTED_MATCHES, the total is its estimate and nothing is counted,
 * and the page is looked for among the newest books (newestInWindow). Otherwise one query reads the
 * matches, at most 1,001, then counts and sorts them: as two queries, the page and the count each
 * built the same bitmap (a rare pair of words at a million books, 8.3 + 6.3 ms; in one pass 5.6).
 * Counted past COUNTED_MATCHES, or sampled without a page in the window, there is no page (`rows`):
 * the caller reads it apart. Undefined on SQLite, whose page walks its index lazily, newest first,
 * so its own count costs less than reading 1,001 keys; and where the index cannot serve the words.
 */
export async function postgresFirstPage(
  db: Kysely<DB>,
  filter: BookFilter,
  limit: number,
): Promise<{ rows?: BookRow[]; counted: MatchCount } | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const conditions = postgresConditions(filter);
  if (!conditions) return undefined;
  const sample = await sampleOf(db);
  const sampled = sample.clause ? await sampledMatches(db, filter, sample) : undefined;
  if (sampled && surelyPastCounted(sampled)) {
    return {
      rows: await newestInWindow(db, filter, limit, sampled),
      counted: estimateFrom(sampled),
    };
  }
  // The count is a window over all the matches read, taken before the page's order and limit.
  // A subquery, not a CTE: a statement that does not begin with `select` counts as a write for the
  // the cache's change following (db/change-version.ts), and would make the next reader wait.
  const { rows } = await sql<BookRow & { matches: number | string }>`select b.*, p."matches" from (
      select "bookId", "createdAt", count(*) over () as "matches" from (
        select e."bookId", e."createdAt" from "bookSearchText" e
        ${bookJoin(postgresNeedsBook(filter))} where ${sql.join(conditions, sql` and `)}
        limit ${COUNTED_MATCHES + 1}
      ) m order by "createdAt" desc, "bookId" desc limit ${limit}
    ) p join "book" b on b."id" = p."bookId"
    order by p."createdAt" desc, p."bookId" desc`.execute(db);
  const counted = Number(rows[0]?.matches ?? 0);
  if (counted > COUNTED_MATCHES) {
    return { counted: estimateFrom(sampled ?? (await sampledMatches(db, filter, sample))) };
  }
  const found = rows.map(({ matches: _matches, ...book }) => book);
  return { rows: found, counted: { total: counted, estimated: false } };
}

/**
 * PostgreSQL: the books a search's first page is looked for among, newest first, per match the
 * sample expects there: three pages' worth of matches. Up to a limit, past which the page is read
 * through the index.
 */
const WINDOW = { pages: 3, mostBooks: 50_000 } as const;

/**
 * PostgreSQL: the first page of a search the sample found frequent, read down the `createdAt`
 * index among the newest books, where it expects three pages' worth of matches. The planner,
 * which cannot know the words are frequent, builds the trigram index's bitmap of every match and
 * sorts them (at a million books, 800 new searches' pages: 3.9 ms against 0.9, the same pages).
 * Undefined when the window would be too wide, or holds less than a page: the words are frequent
 * among older books only, and the caller reads the page through the index.
 */
async function newestInWindow(
  db: Kysely<DB>,
  filter: BookFilter,
  limit: number,
  { matches, sample }: SampledMatches,
): Promise<BookRow[] | undefined> {
  const window = Math.ceil((WINDOW.pages * limit * sample.books) / matches);
  if (window > WINDOW.mostBooks) return undefined;
  const conditions = postgresConditions(filter) ?? [];
  const { rows } = await sql<BookRow>`select b.* from (
      select e."bookId", e."createdAt" from (
        select "bookId", "createdAt", "searchText" from "bookSearchText"
        order by "createdAt" desc, "bookId" desc limit ${window}
      ) e ${bookJoin(postgresNeedsBook(filter))} where ${sql.join(conditions, sql` and `)}
      order by e."createdAt" desc, e."bookId" desc limit ${limit}
    ) p join "book" b on b."id" = p."bookId"
    order by p."createdAt" desc, p."bookId" desc`.execute(db);
  return rows.length === limit ? rows : undefined;
}

/** How many of a sample's books match the search. */
interface SampledMatches {
  matches: number;
  sample: Sample;
}

async function sampledMatches(
  db: Kysely<DB>,
  filter: BookFilter,
  sample: Sample,
): Promise<SampledMatches> {
  const { rows } = await sql<{ count: number | string }>`select count(*) as "count"
    ${matchesFrom(db, filter, sample) ?? sql``}`.execute(db);
  return { matches: Number(rows[0]?.count ?? 0), sample };
}

const estimateOf = ({ matches, sample }: SampledMatches) =>
  sample.books > 0 ? (matches / sample.books) * sample.catalogue : 0;

const surelyPastCounted = (sampled: SampledMatches) =>
  sampled.matches >= SURELY_PAST.sampleMatches &&
  estimateOf(sampled) >= SURELY_PAST.times * COUNTED_MATCHES;

/**
 * A total past COUNTED_MATCHES, rounded: never at or under them, since the sample may have missed
 * matches a count found.
 */
const estimateFrom = (sampled: SampledMatches): MatchCount => ({
  total: roundedEstimate(Math.max(estimateOf(sampled), COUNTED_MATCHES + 1)),
  estimated: true,
});

/** How many books match, past COUNTED_MATCHES: estimated from a sample, rounded. */
async function estimatedCount(db: Kysely<DB>, filter: BookFilter): Promise<MatchCount> {
  return estimateFrom(await sampledMatches(db, filter, await sampleOf(db)));
}

/**
 * Per category, the books matching the words and those of them on the shelf: counted, or, past
 * COUNTED_MATCHES matches in all, estimated from a sample as the total is (not yet rounded, so
 * that their sum rounds as the total does).
 */
export async function indexedCategoryCounts(
  db: Kysely<DB>,
  words: string[],
): Promise<{ categories: CategoryMatches[]; estimated: boolean } | undefined> {
  const counted = await countUpToLimit(db, { words });
  if (counted === undefined) return undefined;
  const sample = counted > COUNTED_MATCHES ? await sampleOf(db) : undefined;
  const matches = matchesFrom(db, { words }, sample, true);
  if (!matches) return undefined;
  const { rows } = await sql<{
    name: string;
    count: number | string;
    available: number | string | null;
  }>`select b."category" as "name", count(*) as "count",
      sum(case when b."quantity" > 0 then 1 else 0 end) as "available"
    ${matches} group by b."category"`.execute(db);
  const scale = sample && sample.books > 0 ? sample.catalogue / sample.books : 1;
  return {
    categories: rows.map((row) => ({
      name: row.name,
      count: Number(row.count) * scale,
      available: Number(row.available ?? 0) * scale,
    })),
    estimated: sample !== undefined,
  };
}

/**
 * A part of the catalogue to estimate from, and its size against the whole: SQLite's newest
 * SAMPLED_BOOKS.sqlite books of the index (a range of keys FTS5 restricts its search to),
 * PostgreSQL's pages of `bookSearchText` drawn by TABLESAMPLE (always the same ones, so an estimate
 * does not wander from one request to the next), or the whole of a catalogue of up to
 * WHOLE_CATALOGUE_UP_TO.
 */
interface Sample {
  /** SQLite: a condition on the index's key; PostgreSQL: the TABLESAMPLE clause; none: every book. */
  clause?: RawBuilder<unknown>;
  books: number;
  catalogue: number;
}

async function sampleOf(db: Kysely<DB>): Promise<Sample> {
  const { rows: whole } = await sql<{ books: number | string | null }>`
    select sum("count") as "books" from "categoryStat"`.execute(db);
  const catalogue = Number(whole[0]?.books ?? 0);
  if (dialectOf(db) === 'postgres') {
    if (catalogue <= WHOLE_CATALOGUE_UP_TO) return { books: catalogue, catalogue };
    const { rows } = await sql<{ estimate: number }>`select "reltuples" as "estimate"
      from "pg_class" where "oid" = '"bookSearchText"'::regclass`.execute(db);
    const rowsKnown = Number(rows[0]?.estimate ?? -1);
    const percent = rowsKnown > 0 ? Math.min(100, (100 * SAMPLED_BOOKS.postgres) / rowsKnown) : 100;
    const clause = sql`tablesample system (${sql.lit(Number(percent.toFixed(4)))}) repeatable (0)`;
    const { rows: taken } = await sql<{ books: number | string }>`select count(*) as "books"
      from "bookSearchText" ${clause}`.execute(db);
    return { clause, books: Number(taken[0]?.books ?? 0), catalogue };
  }
  // Keys are large and sparse (they grow with time), so the range starts at the key found there.
  const clause = sql`s.rowid >= coalesce((select "key" from "bookSearchEntry"
    order by "key" desc limit 1 offset ${SAMPLED_BOOKS.sqlite - 1}), -9223372036854775808)`;
  return { clause, books: Math.min(SAMPLED_BOOKS.sqlite, catalogue), catalogue };
}

/**
 * `from … where …` of the books matching `filter` through the index, in the sample when one is
 * given, joined to their books (aliased `b`) when a condition or `withBook` needs them.
 */
function matchesFrom(
  db: Kysely<DB>,
  filter: BookFilter,
  sample?: Sample,
  withBook = false,
): RawBuilder<unknown> | undefined {
  if (dialectOf(db) === 'postgres') {
    const conditions = postgresConditions(filter);
    if (!conditions) return undefined;
    return sql`from "bookSearchText" e ${sample?.clause ?? sql``}
      ${bookJoin(withBook || postgresNeedsBook(filter))} where ${sql.join(conditions, sql` and `)}`;
  }
  const search = sqliteIndexedSearch(filter);
  if (!search) return undefined;
  const conditions = sqliteConditions(search, filter);
  if (sample?.clause) conditions.push(sample.clause);
  const book =
    withBook || sqliteNeedsBook(search, filter)
      ? sql`join "bookSearchEntry" e on e."key" = s.rowid ${joinBook}`
      : sql``;
  return sql`from "bookSearch" s ${book} where ${sql.join(conditions, sql` and `)}`;
}

/**
 * SQLite: one step of merging the FTS5 index's b-trees into one, writing about `pages` of its
 * pages. The first step of a merge (`first`) gathers every b-tree into it; the later ones only go
 * on with it, so a b-tree filed meanwhile does not start it over (FTS5's "merge" command). Answers
 * whether the step had anything left to do. In a transaction of its own, so that the changes it
 * counts are its own and not those of a request served meanwhile.
 */
export async function mergeSqliteSearchStep(
  db: Kysely<DB>,
  pages: number,
  first: boolean,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changes = async () =>
      Number((await sql<{ n: number }>`select total_changes() as "n"`.execute(trx)).rows[0]?.n);
    const before = await changes();
    await sql`insert into "bookSearch" ("bookSearch", "rank")
      values ('merge', ${first ? -pages : pages})`.execute(trx);
    // FTS5 counts a step that merged nothing as fewer than two changes.
    return (await changes()) - before >= 2;
  });
}
