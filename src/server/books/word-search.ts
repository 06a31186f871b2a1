/**
 * Search through the word index (migration 0140; docs/decisions/019-search-in-both-scripts.md):
 * SQLite's FTS5 tables `bookWords` and `bookTitleWords` (its titles and authors alone, for tiers 0
 * and 1) and PostgreSQL's tsvectors of `bookSearchText`. Every word
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
  FEW_MATCHES,
  SAMPLED_BOOKS,
  catalogueSize,
  inNewestSample,
  roundedEstimate,
  scaledFromSample,
  type MatchCount,
} from './match-count.ts';
import {
  TIERS,
  needsBook,
  narrowing,
  offTheServerThread,
  postgresTierMatch,
  postgresTierQuery,
  sqliteTierMatch,
  throughWordIndex,
  type Tier,
} from './word-query.ts';
import {
  estimateOf,
  newestOfTierInWindow,
  postgresSample,
  sampledCountOf,
  surelyPastCounted,
  type SampledCount,
} from './word-sample.ts';

const limitAndOffset = (limit: number, offset = 0) =>
  offset ? sql`limit ${limit} offset ${offset}` : sql`limit ${limit}`;

/**
 * SQLite's index a tier is asked of: the two best tiers look at titles and authors only, in an
 * index of their words alone (migration 0204), so that proving a tier empty reads no description.
 */
const sqliteIndexOf = (tier: Tier | 'all') =>
  tier === 0 || tier === 1 ? 'bookTitleWords' : 'bookWords';

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
  const index = sql.id(sqliteIndexOf(tier));
  const conditions = [
    sql`w.${index} match ${sqliteTierMatch(words, tier)}`,
    ...narrowing(filter),
    ...extra,
  ];
  const join = book
    ? sql`join "bookSearchEntry" e on e."key" = w.rowid join "book" b on b."id" = e."bookId"`
    : sql``;
  return sql`from ${index} w ${join} where ${sql.join(conditions, sql` and `)}`;
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

/**
 * SQLite: the books of a tier's matches (their ids), newest first, when there are at most
 * FEW_MATCHES of them; else undefined. FTS5 walks a query with NOT downwards far more slowly than upwards (at a
 * million books, "the poets" took 261 ms newest first and 11 ms oldest first), and the lesser
 * tiers are seldom many: read upwards, then turned.
 */
async function fewSqliteKeys(
  db: Kysely<DB>,
  filter: BookFilter,
  tier: Tier,
  extra: RawBuilder<unknown>[],
): Promise<string[] | undefined> {
  // Keys pass 2^53, past JavaScript's exact integers: they are read and compared as text.
  const { rows } = await throughWordIndex(db, (reader) =>
    sql<{ key: string; bookId: string }>`select
      cast(m."key" as text) as "key", e."bookId" as "bookId"
    from (select w.rowid as "key" ${matchesOf(db, filter, tier, false, extra)}
      limit ${FEW_MATCHES + 1}) m
    join "bookSearchEntry" e on e."key" = m."key"`.execute(reader),
  );
  if (rows.length > FEW_MATCHES) return undefined;
  const newerFirst = (a: { key: string }, b: { key: string }) =>
    b.key.length - a.key.length || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0);
  return rows.sort(newerFirst).map((row) => row.bookId);
}

/** The books of these ids, in their order. */
async function booksOf(db: Kysely<DB>, ids: string[]): Promise<BookRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('book').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((book) => [book.id, book]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
  if (dialectOf(db) === 'sqlite' && tier > 0) {
    const few = await fewSqliteKeys(db, filter, tier, extra);
    if (few) return booksOf(db, few.slice(offset, offset + limit));
  }
  const ids = dialectOf(db) === 'postgres' ? sql`e."bookId", e."createdAt"` : sql`w.rowid as "key"`;
  const from = matchesOf(db, filter, tier, false, extra);
  const order = newestFirst(db);
  // The page is chosen in the narrow index first, then only its books are read whole.
  const page = sql`select ${ids} ${from} ${order} ${limitAndOffset(limit, offset)}`;
  const { rows } = await throughWordIndex(db, (reader) =>
    dialectOf(db) === 'postgres'
      ? sql<BookRow>`select b.* from (${page}) p join "book" b on b."id" = p."bookId"
          order by p."createdAt" desc, p."bookId" desc`.execute(reader)
      : sql<BookRow>`select b.* from (${page}) p
          join "bookSearchEntry" e on e."key" = p."key" join "book" b on b."id" = e."bookId"
          order by p."key" desc`.execute(reader),
  );
  return rows;
}

/** How many books of `tier` (or of any tier) match, counted up to `most`. */
async function countUpTo(
  db: Kysely<DB>,
  filter: BookFilter,
  tier: Tier | 'all',
  most: number,
): Promise<number> {
  const { rows } = await throughWordIndex(db, (reader) =>
    sql<{ count: number | string }>`select count(*) as "count" from (
      select 1 ${matchesOf(reader, filter, tier)} limit ${most}
    ) m`.execute(reader),
  );
  return Number(rows[0]?.count ?? 0);
}

/** A book's place in the relevance order: its tier, and its place newest first within it. */
export interface RelevanceCursor {
  tier: Tier;
  createdAt: string;
  id: string;
}

/** A match of a search: its book, its place newest first, and its tier. */
export interface RankedMatch {
  bookId: string;
  createdAt: string;
  tier: Tier;
}

/**
 * How many books match. A count that read all its matches in the relevance order (PostgreSQL, at
 * most COUNTED_MATCHES of them) hands them to the first page of its request as `ranked`; they
 * are never kept.
 */
export interface WordCount extends MatchCount {
  ranked?: RankedMatch[];
}

/** A page of the relevance order: from a cursor, or a page number's offset. */
interface RelevancePage {
  limit: number;
  offset?: number;
  after?: RelevanceCursor;
  matches?: MatchCount;
  ranked?: RankedMatch[];
}

/** Tier by tier, newest first within each: the relevance order. */
function inRelevanceOrder(a: RankedMatch, b: RankedMatch): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.bookId < b.bookId ? 1 : a.bookId > b.bookId ? -1 : 0;
}

/**
 * PostgreSQL: up to `most` of a search's matches in the relevance order, found at once through
 * the bitmap of its words, each told its tier by its own tsvectors. A count reads them anyway:
 * asked tier by tier, each tier's page built that bitmap again ("the doctors", 30 matches: a
 * count of 7.7 ms, then pages of 3.8, 7.1 and 6.7 ms; its matches with their tiers, 5.4 ms).
 */
async function rankedMatches(
  db: Kysely<DB>,
  filter: BookFilter,
  most: number,
): Promise<RankedMatch[]> {
  const words = filter.queryWords ?? [];
  const tier = sql`case when ${postgresTierQuery(words, 0)} then 0
    when ${postgresTierQuery(words, 1)} then 1 else 2 end`;
  const { rows } = await throughWordIndex(db, (reader) =>
    sql<RankedMatch>`select e."bookId" as "bookId", e."createdAt" as "createdAt", ${tier} as "tier"
      ${matchesOf(reader, filter, 'all')} limit ${most}`.execute(reader),
  );
  return rows.sort(inRelevanceOrder);
}

/** A page of ranked matches, their books read by id. */
async function pageOfRanked(
  db: Kysely<DB>,
  ranked: RankedMatch[],
  page: RelevancePage,
): Promise<(BookRow & { tier: Tier })[]> {
  const { after } = page;
  const start = after
    ? ranked.findIndex((match) => inRelevanceOrder(match, { ...after, bookId: after.id }) > 0)
    : (page.offset ?? 0);
  const shown = start < 0 ? [] : ranked.slice(start, start + page.limit);
  const tiers = new Map(shown.map((match) => [match.bookId, match.tier]));
  const books = await booksOf(db, [...tiers.keys()]);
  return books.map((book) => ({ ...book, tier: tiers.get(book.id) ?? 2 }));
}

/** Whether a search's matches were counted, not estimated, and are at most COUNTED_MATCHES. */
const fewCounted = (matches: MatchCount | undefined) =>
  matches !== undefined && !matches.estimated && matches.total <= COUNTED_MATCHES;

/**
 * One page of the matches in the relevance order: tier by tier, newest first within each. By a
 * cursor, the page starts in the cursor's tier; by a page number, whole tiers before it are
 * counted and skipped.
 */
export async function relevancePage(
  db: Kysely<DB>,
  filter: BookFilter,
  page: RelevancePage,
): Promise<(BookRow & { tier: Tier })[]> {
  if (dialectOf(db) === 'postgres') {
    const ranked =
      page.ranked ??
      (fewCounted(page.matches) ? await rankedMatches(db, filter, COUNTED_MATCHES + 1) : undefined);
    if (ranked) return pageOfRanked(db, ranked, page);
  }
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
    // The description's tier has a window only in a frequent search: the window reads each of
    // its books' `words`, about 2 KB stored apart, where a rarer tier's bitmap is cheaper.
    const windowed = !after && skip === 0 && (tier < 2 || (page.matches?.total ?? 0) > FEW_MATCHES);
    const newest = windowed ? await newestOfTierInWindow(db, filter, tier, wanted) : undefined;
    const rows = newest ?? (await tierPage(db, filter, tier, wanted, { offset: skip, after }));
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
  const { rows } = await offTheServerThread(db, (from) =>
    sql<BookRow>`select b.* from (
      select ${orderColumns(sort, 'b')} ${matchesOf(db, filter, 'all', true, extra)}
      ${orderByClause(sort, 'b')} ${limitAndOffset(page.limit, page.offset)}
    ) p join "book" b on b."id" = p."id" ${orderByClause(sort, 'p')}`.execute(from),
  );
  return rows;
}

/**
 * How many books match, through the word index: counted up to COUNTED_MATCHES, past them
 * estimated from the newest books and rounded.
 */
export async function wordCount(db: Kysely<DB>, filter: BookFilter): Promise<WordCount> {
  const sample = await postgresSample(db, filter);
  const sampled = sample ? sampledCountOf(sample) : await sqliteSample(db, filter);
  if (sampled && surelyPastCounted(sampled)) {
    return { total: roundedEstimate(estimateOf(sampled, COUNTED_MATCHES + 1)), estimated: true };
  }
  // PostgreSQL reads the matches it counts, each with its tier, at the same cost: when they are
  // all, the first page is chosen among them.
  const ranked =
    dialectOf(db) === 'postgres' ? await rankedMatches(db, filter, COUNTED_MATCHES + 1) : undefined;
  const counted = ranked?.length ?? (await countUpTo(db, filter, 'all', COUNTED_MATCHES + 1));
  if (counted <= COUNTED_MATCHES) return { total: counted, estimated: false, ranked };
  const estimated = sampled
    ? estimateOf(sampled, counted)
    : scaledFromSample(await newestMatches(db, filter), await catalogueSize(db), counted);
  return { total: roundedEstimate(estimated), estimated: true };
}

/** SQLite: the matches among the newest SAMPLED_BOOKS books (a range of the index's keys). */
async function newestMatches(db: Kysely<DB>, filter: BookFilter): Promise<number> {
  const newest = await inNewestSample(db, 'w');
  const { rows } = await throughWordIndex(db, (reader) =>
    sql<{ count: number | string }>`select count(*) as "count"
    ${matchesOf(db, filter, 'all', false, newest)}`.execute(reader),
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * SQLite, in a catalogue larger than its sample: the newest books asked first, as PostgreSQL asks
 * its sample (word-sample.ts). Counting a frequent pair's first matches walks every book that
 * has the rarer word; the newest 20,000 are a range of keys FTS5 seeks into. A search surely past
 * COUNTED_MATCHES is then estimated without a count.
 */
async function sqliteSample(db: Kysely<DB>, filter: BookFilter): Promise<SampledCount | undefined> {
  if (dialectOf(db) !== 'sqlite') return undefined;
  const catalogue = await catalogueSize(db);
  if (catalogue <= SAMPLED_BOOKS) return undefined;
  const matches = await newestMatches(db, filter);
  return { matches, estimate: (matches / SAMPLED_BOOKS) * catalogue, drawn: 'newest' };
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
  const extra = estimated ? await inNewestSample(db, 'w') : [];
  // Few matches through the word index's bitmap; past COUNTED_MATCHES, among the newest books.
  const read = (from: Kysely<DB>) =>
    sql<{
      name: string;
      count: number | string;
      available: number | string | null;
    }>`select b."category" as "name", count(*) as "count",
      sum(case when b."quantity" > 0 then 1 else 0 end) as "available"
    ${matchesOf(from, filter, 'all', true, extra)} group by b."category"`.execute(from);
  const { rows } = estimated
    ? await offTheServerThread(db, read)
    : await throughWordIndex(db, read);
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
