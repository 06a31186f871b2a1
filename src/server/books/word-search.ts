/**
 * Search through the word index (migration 0140; docs/decisions/019-search-in-both-scripts.md):
 * SQLite's FTS5 table `bookWords` and PostgreSQL's tsvector `bookSearchText.words`. Every word
 * typed must begin a word of the book, in one of three tiers, and matches come tier by tier,
 * newest first within each (the `relevance` order):
 *
 * 0. every word begins a word of the title or author, as typed (folded): exact matches;
 * 1. every word does so, or its romanised key begins a key of the title's or author's words: the
 *    book is found across scripts (পথের পাঁচালী from "pather panchali");
 * 2. every word does so in the short description too.
 *
 * Two neighbouring words may also be one compound of the book, and a compound typed as one word
 * may be two of the book: their joined key is looked for among the keys. This is the only module
 * that knows how each database's word index is asked.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { COUNTED_MATCHES } from '../../common/constants.ts';
import { dialectOf } from '../db/database.ts';
import type { BookRow, DB } from '../db/schema.ts';
import { orderByClause, orderColumns } from './book-order.ts';
import type { BookFilter, Page } from './book-query.ts';
import {
  SAMPLED_BOOKS,
  catalogueSize,
  roundedEstimate,
  scaledFromSample,
  type MatchCount,
} from './match-count.ts';
import { romanisedKey, type QueryWord } from './search-words.ts';

/** The tiers, best first. */
export const TIERS = [0, 1, 2] as const;
export type Tier = (typeof TIERS)[number];

/** A key this short is looked for as a whole key, not as the beginning of one. */
const KEY_PREFIX_MIN = 3;

/** Compounds are looked for in queries of at most this many words (each pair is one more branch). */
const JOINED_UP_TO = 6;

/** How one index writes each part of a query. */
interface QueryLanguage {
  /** The word as the beginning of a title or author word. */
  title(word: string): string;
  /** The key (or, short, the whole key) among the title's and author's keys. */
  key(key: string): string;
  /** The word or key as the beginning of any word of the book, description included. */
  any(word: string): string;
  anyKey(key: string): string;
  and(parts: string[]): string;
  or(parts: string[]): string;
}

const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;
const ftsKey = (key: string) =>
  key.length >= KEY_PREFIX_MIN ? `${ftsString(key)}*` : ftsString(key);

/** FTS5's query syntax; every word quoted, so nothing typed is read as an operator. */
const fts: QueryLanguage = {
  title: (word) => `{title} : ${ftsString(word)}*`,
  key: (key) => `{key} : ${ftsKey(key)}`,
  any: (word) => `${ftsString(word)}*`,
  anyKey: (key) => `{key description} : ${ftsKey(key)}`,
  and: (parts) => parts.map((part) => `(${part})`).join(' AND '),
  or: (parts) => parts.map((part) => `(${part})`).join(' OR '),
};

/**
 * PostgreSQL's tsquery syntax of the `simple` configuration: a lexeme quoted, `:*` for a
 * beginning, a weight letter for the part of the book (A title and author, B keys, C description).
 */
const tsString = (text: string) => `'${text.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;
const tsKey = (key: string, weights: string) =>
  key.length >= KEY_PREFIX_MIN ? `${tsString(key)}:*${weights}` : `${tsString(key)}:${weights}`;

const tsquery: QueryLanguage = {
  title: (word) => `${tsString(word)}:*A`,
  key: (key) => tsKey(key, 'B'),
  any: (word) => `${tsString(word)}:*`,
  anyKey: (key) => tsKey(key, 'BC'),
  and: (parts) => parts.map((part) => `(${part})`).join(' & '),
  or: (parts) => parts.map((part) => `(${part})`).join(' | '),
};

/**
 * Every word by `single`; or, for each pair of neighbours whose joined key is long enough, the
 * pair by that key and the others by `single`.
 */
function withCompounds(
  words: QueryWord[],
  language: QueryLanguage,
  single: (word: QueryWord) => string,
  joined: (key: string) => string,
): string {
  const branches = [language.and(words.map(single))];
  if (words.length >= 2 && words.length <= JOINED_UP_TO) {
    for (let index = 0; index + 1 < words.length; index += 1) {
      const key = romanisedKey(`${words[index]?.word}${words[index + 1]?.word}`);
      if (key.length < KEY_PREFIX_MIN) continue;
      const others = words.filter((_, at) => at !== index && at !== index + 1).map(single);
      branches.push(language.and([...others, joined(key)]));
    }
  }
  return language.or(branches);
}

/** The query of the books of `tier` and better. */
function tierQuery(words: QueryWord[], tier: Tier, language: QueryLanguage): string {
  if (tier === 0) return language.and(words.map((word) => language.title(word.word)));
  if (tier === 1) {
    return withCompounds(
      words,
      language,
      (word) =>
        word.key
          ? language.or([language.title(word.word), language.key(word.key)])
          : language.title(word.word),
      language.key,
    );
  }
  return withCompounds(
    words,
    language,
    (word) =>
      word.key
        ? language.or([language.any(word.word), language.anyKey(word.key)])
        : language.any(word.word),
    language.anyKey,
  );
}

/** Books of exactly `tier`: matching it, not a better one. */
function sqliteTierMatch(words: QueryWord[], tier: Tier | 'all'): string {
  if (tier === 'all') return tierQuery(words, 2, fts);
  const query = tierQuery(words, tier, fts);
  return tier === 0 ? query : `(${query}) NOT (${tierQuery(words, (tier - 1) as Tier, fts)})`;
}

function postgresTierMatch(words: QueryWord[], tier: Tier | 'all'): RawBuilder<unknown> {
  const matches = (query: string) => sql`e."words" @@ to_tsquery('simple', ${query})`;
  if (tier === 'all') return matches(tierQuery(words, 2, tsquery));
  const query = matches(tierQuery(words, tier, tsquery));
  return tier === 0
    ? query
    : sql`${query} and not ${matches(tierQuery(words, (tier - 1) as Tier, tsquery))}`;
}

/** What narrows the matches beyond their words: a category, copies on the shelf. */
function narrowing(filter: BookFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.category !== undefined) conditions.push(sql`b."category" = ${filter.category}`);
  if (filter.availableOnly) conditions.push(sql`b."quantity" > 0`);
  return conditions;
}

const needsBook = (filter: BookFilter) =>
  filter.category !== undefined || filter.availableOnly === true;

const limitAndOffset = (limit: number, offset = 0) =>
  offset ? sql`limit ${limit} offset ${offset}` : sql`limit ${limit}`;

/**
 * `from … where …` of the books of `tier` (or of any tier), joined to their books (aliased `b`)
 * when a condition or `withBook` needs them; SQLite's index aliased `w`, its entries `e`;
 * PostgreSQL's narrow table `e`.
 */
function matchesOf(
  db: Kysely<DB>,
  filter: BookFilter,
  tier: Tier | 'all',
  withBook = false,
  extra: RawBuilder<unknown>[] = [],
): RawBuilder<unknown> {
  const words = filter.queryWords ?? [];
  const book = withBook || needsBook(filter);
  if (dialectOf(db) === 'postgres') {
    const conditions = [postgresTierMatch(words, tier), ...narrowing(filter), ...extra];
    return sql`from "bookSearchText" e ${book ? sql`join "book" b on b."id" = e."bookId"` : sql``}
      where ${sql.join(conditions, sql` and `)}`;
  }
  const conditions = [
    sql`w."bookWords" match ${sqliteTierMatch(words, tier)}`,
    ...narrowing(filter),
    ...extra,
  ];
  const join = book
    ? sql`join "bookSearchEntry" e on e."key" = w.rowid join "book" b on b."id" = e."bookId"`
    : sql``;
  return sql`from "bookWords" w ${join} where ${sql.join(conditions, sql` and `)}`;
}

/** Newest first within a tier: SQLite walks its index's keys down, PostgreSQL its `createdAt`. */
const newestFirst = (db: Kysely<DB>) =>
  dialectOf(db) === 'postgres'
    ? sql`order by e."createdAt" desc, e."bookId" desc`
    : sql`order by w.rowid desc`;

/** Where a tier's page starts after a cursor's book (of the same tier). */
function afterCursor(
  db: Kysely<DB>,
  after: { createdAt: string; id: string },
): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres'
    ? sql`(e."createdAt", e."bookId") < (${after.createdAt}, ${after.id})`
    : sql`w.rowid < (select "key" from "bookSearchEntry" where "bookId" = ${after.id})`;
}

/** Up to `limit` books of one tier, newest first, after `offset` of them or after a cursor. */
async function tierPage(
  db: Kysely<DB>,
  filter: BookFilter,
  tier: Tier,
  limit: number,
  { offset = 0, after }: { offset?: number; after?: { createdAt: string; id: string } },
): Promise<BookRow[]> {
  const extra = after ? [afterCursor(db, after)] : [];
  const ids = dialectOf(db) === 'postgres' ? sql`e."bookId", e."createdAt"` : sql`w.rowid as "key"`;
  const from = matchesOf(db, filter, tier, false, extra);
  const order = newestFirst(db);
  // The page is chosen in the narrow index first, then only its books are read whole.
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<BookRow>`select b.* from (select ${ids} ${from} ${order} ${limitAndOffset(limit, offset)}) p
          join "book" b on b."id" = p."bookId" order by p."createdAt" desc, p."bookId" desc`.execute(
          db,
        )
      : await sql<BookRow>`select b.* from (select ${ids} ${from} ${order} ${limitAndOffset(limit, offset)}) p
          join "bookSearchEntry" e on e."key" = p."key" join "book" b on b."id" = e."bookId"
          order by p."key" desc`.execute(db);
  return rows;
}

/** How many books of `tier` (or of any tier) match, counted up to `most`. */
async function countUpTo(
  db: Kysely<DB>,
  filter: BookFilter,
  tier: Tier | 'all',
  most: number,
): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`select count(*) as "count" from (
      select 1 ${matchesOf(db, filter, tier)} limit ${most}
    ) m`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** A book's place in the relevance order: its tier, and its place newest first within it. */
export interface RelevanceCursor {
  tier: Tier;
  createdAt: string;
  id: string;
}

/**
 * One page of the matches in the relevance order: tier by tier, newest first within each. By a
 * cursor, the page starts in the cursor's tier; by a page number, whole tiers before it are
 * counted and skipped.
 */
export async function relevancePage(
  db: Kysely<DB>,
  filter: BookFilter,
  page: { limit: number; offset?: number; after?: RelevanceCursor },
): Promise<(BookRow & { tier: Tier })[]> {
  const found: (BookRow & { tier: Tier })[] = [];
  let skip = page.offset ?? 0;
  for (const tier of TIERS) {
    if (page.after && tier < page.after.tier) continue;
    const wanted = page.limit - found.length;
    if (wanted <= 0) break;
    if (skip > 0) {
      const inTier = await countUpTo(db, filter, tier, skip + 1);
      if (inTier <= skip) {
        skip -= inTier;
        continue;
      }
    }
    const after = page.after?.tier === tier ? page.after : undefined;
    const rows = await tierPage(db, filter, tier, wanted, { offset: skip, after });
    skip = 0;
    found.push(...rows.map((row) => ({ ...row, tier })));
  }
  return found;
}

/** A page of every match in another order (title, author, rating, newest), sorted on its keys. */
export async function sortedWordPage(
  db: Kysely<DB>,
  filter: BookFilter,
  page: Page,
): Promise<BookRow[]> {
  const sort = page.sort === undefined || page.sort === 'relevance' ? 'newest' : page.sort;
  const extra =
    page.after && sort === 'newest'
      ? [sql`(b."createdAt", b."id") < (${page.after.createdAt}, ${page.after.id})`]
      : [];
  const { rows } = await sql<BookRow>`select b.* from (
      select ${orderColumns(sort, 'b')} ${matchesOf(db, filter, 'all', true, extra)}
      ${orderByClause(sort, 'b')} ${limitAndOffset(page.limit, page.offset)}
    ) p join "book" b on b."id" = p."id" ${orderByClause(sort, 'p')}`.execute(db);
  return rows;
}

/** The condition that keeps a match among the newest SAMPLED_BOOKS books. */
function newestSample(db: Kysely<DB>): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres'
    ? sql`e."createdAt" >= coalesce((select "createdAt" from "bookSearchText"
        order by "createdAt" desc limit 1 offset ${SAMPLED_BOOKS - 1}), '')`
    : sql`w.rowid >= coalesce((select "key" from "bookSearchEntry"
        order by "key" desc limit 1 offset ${SAMPLED_BOOKS - 1}), -9223372036854775808)`;
}

/**
 * How many books match, through the word index: counted up to COUNTED_MATCHES, past them
 * estimated from the newest books and rounded.
 */
export async function wordCount(db: Kysely<DB>, filter: BookFilter): Promise<MatchCount> {
  const counted = await countUpTo(db, filter, 'all', COUNTED_MATCHES + 1);
  if (counted <= COUNTED_MATCHES) return { total: counted, estimated: false };
  return { total: roundedEstimate(await estimate(db, filter, counted)), estimated: true };
}

/** An estimate of a search's matches past COUNTED_MATCHES, never under those counted. */
async function estimate(db: Kysely<DB>, filter: BookFilter, counted: number): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`select count(*) as "count"
    ${matchesOf(db, filter, 'all', false, [newestSample(db)])}`.execute(db);
  return scaledFromSample(Number(rows[0]?.count ?? 0), await catalogueSize(db), counted);
}

/**
 * Per category, the books matching the words and those of them on the shelf: counted, or, past
 * COUNTED_MATCHES matches in all, estimated from the newest books (not yet rounded, so that their
 * sum rounds as the total does).
 */
export async function wordCategoryCounts(
  db: Kysely<DB>,
  filter: BookFilter,
): Promise<{
  categories: { name: string; count: number; available: number }[];
  estimated: boolean;
}> {
  const counted = await countUpTo(db, filter, 'all', COUNTED_MATCHES + 1);
  const estimated = counted > COUNTED_MATCHES;
  const extra = estimated ? [newestSample(db)] : [];
  const { rows } = await sql<{
    name: string;
    count: number | string;
    available: number | string | null;
  }>`select b."category" as "name", count(*) as "count",
      sum(case when b."quantity" > 0 then 1 else 0 end) as "available"
    ${matchesOf(db, filter, 'all', true, extra)} group by b."category"`.execute(db);
  let scale = 1;
  if (estimated) {
    const inSample = rows.reduce((sum, row) => sum + Number(row.count), 0);
    const total = scaledFromSample(inSample, await catalogueSize(db), counted);
    scale = inSample > 0 ? total / inSample : 1;
  }
  return {
    categories: rows.map((row) => ({
      name: row.name,
      count: Number(row.count) * scale,
      available: Number(row.available ?? 0) * scale,
    })),
    estimated,
  };
}

/** Whether any book matches in any tier: the first question a search asks. */
export async function anyWordMatch(db: Kysely<DB>, filter: BookFilter): Promise<boolean> {
  return (await countUpTo(db, filter, 'all', 1)) > 0;
}
