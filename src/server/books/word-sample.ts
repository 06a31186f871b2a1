/**
 * PostgreSQL: a search of frequent words, asked of a sample before anything is counted
 * (docs/performance.md). GIN finds a word's matches all at once, as a bitmap, so counting a
 * frequent word's first 1,001 matches, or ordering them newest first, builds the bitmap of every
 * one of them (at a million books, "the" is in half the titles). In a catalogue larger than
 * WHOLE_CATALOGUE_UP_TO, a sample of about 5,000 books (the same pages each time, so an estimate
 * does not wander from one request to the next) says first how frequent the words are: a search
 * surely past COUNTED_MATCHES is estimated without a count, and its first page is looked for
 * among the newest books, where the sample expects three pages' worth of exact matches.
 * SQLite's FTS5 walks its matches lazily in key order and needs none of this.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LRUCache } from 'lru-cache';
import { COUNTED_MATCHES } from '../../common/constants.ts';
import { dialectOf } from '../db/database.ts';
import type { BookRow, DB } from '../db/schema.ts';
import type { BookFilter } from './book-query.ts';
import { catalogueSize } from './match-count.ts';
import {
  narrowing,
  needsBook,
  postgresTierMatch,
  postgresTierQuery,
  type Tier,
} from './word-query.ts';

/** Up to this many books, the bitmaps are small: every search is counted through the index. */
const WHOLE_CATALOGUE_UP_TO = 200_000;
/** About this many books are sampled: at one match in a hundred, about 50 of them match. */
const SAMPLED_BOOKS = 5_000;
/**
 * A sample with at least this many matches, estimating at least four times COUNTED_MATCHES, says
 * the search is past them: a search of 1,000 matches has about 5 in a sample of a million books,
 * and 20 or more with a chance of one in 700,000.
 */
const SURELY_PAST = { sampleMatches: 20, times: 4 } as const;
/**
 * The newest books a first page is looked for among: three pages' worth of matches, at most
 * 50,000; at most 10,000 for the description's tier, whose `words` are read for each book.
 */
const WINDOW = { pages: 3, mostBooks: 50_000, mostBooksWithDescriptions: 10_000 } as const;

export interface WordSample {
  /**
   * Books in the sample, and of them those matching in any tier and in the best. PostgreSQL's
   * sample leaves the description out: its `matches` are those of the best two tiers, so an
   * estimate from it counts the description's matches only as far as they were counted, and a
   * search is surely past COUNTED_MATCHES only by its titles, authors and keys.
   */
  books: number;
  matches: number;
  best: number;
  catalogue: number;
}

/** Books of the smaller sample that reads every word, and of them those matching in any tier. */
interface DescriptionSample {
  books: number;
  matches: number;
}

/** Samples are kept a moment per database: a search's count and its first page ask alike. */
const kept = new WeakMap<object, LRUCache<string, WordSample | DescriptionSample>>();

function keptFor(db: Kysely<DB>) {
  let cache = kept.get(db);
  if (!cache) {
    cache = new LRUCache<string, WordSample | DescriptionSample>({ max: 1_000, ttl: 5_000 });
    kept.set(db, cache);
  }
  return cache;
}

const sampleKey = (filter: BookFilter, of: 'titles' | 'descriptions') =>
  JSON.stringify([of, filter.queryWords, filter.category, filter.availableOnly]);

/**
 * `from … where …` of about `books` books of the catalogue, the same pages each time (so an
 * estimate does not wander from one request to the next), narrowed as the search is.
 */
async function sampledBooks(
  db: Kysely<DB>,
  filter: BookFilter,
  books: number,
): Promise<RawBuilder<unknown>> {
  const { rows } = await sql<{ estimate: number }>`select "reltuples" as "estimate"
    from "pg_class" where "oid" = '"bookSearchText"'::regclass`.execute(db);
  const rowsKnown = Number(rows[0]?.estimate ?? -1);
  const percent = rowsKnown > 0 ? Math.min(100, (100 * books) / rowsKnown) : 100;
  const book = needsBook(filter) ? sql`join "book" b on b."id" = e."bookId"` : sql``;
  const narrowed = narrowing(filter);
  const where = narrowed.length ? sql`where ${sql.join(narrowed, sql` and `)}` : sql``;
  return sql`from "bookSearchText" e
    tablesample system (${sql.lit(Number(percent.toFixed(4)))}) repeatable (0) ${book} ${where}`;
}

/** The sample of a search, or undefined on SQLite and in a catalogue small enough to count. */
export async function postgresSample(
  db: Kysely<DB>,
  filter: BookFilter,
): Promise<WordSample | undefined> {
  if (dialectOf(db) !== 'postgres' || !filter.queryWords?.length) return undefined;
  const catalogue = await catalogueSize(db);
  if (catalogue <= WHOLE_CATALOGUE_UP_TO) return undefined;
  const key = sampleKey(filter, 'titles');
  const cache = keptFor(db);
  const known = cache.get(key) as WordSample | undefined;
  if (known) return known;
  const words = filter.queryWords;
  // Tiers 0 and 1 only: their tsvectors are small, where the description's make `words` about
  // 2 KB a book, stored apart and compressed; reading 5,000 of them cost 26 ms a search.
  const { rows } = await sql<{ books: string; best: string; matches: string }>`select
      count(*) as "books",
      count(*) filter (where ${postgresTierMatch(words, 0)}) as "best",
      count(*) filter (where ${postgresTierQuery(words, 1)}) as "matches"
    ${await sampledBooks(db, filter, SAMPLED_BOOKS)}`.execute(db);
  const sample: WordSample = {
    books: Number(rows[0]?.books ?? 0),
    matches: Number(rows[0]?.matches ?? 0),
    best: Number(rows[0]?.best ?? 0),
    catalogue,
  };
  cache.set(key, sample);
  return sample;
}

/** The matches a sample stands for, never under those counted. */
export const estimateOf = (sample: WordSample, counted: number) =>
  Math.max(sample.books > 0 ? (sample.matches / sample.books) * sample.catalogue : 0, counted);

/** Books read for an estimate that counts the description's matches: their `words` are large. */
const SAMPLED_WITH_DESCRIPTIONS = 1_000;

/**
 * The matches of a search counted past COUNTED_MATCHES: on PostgreSQL, the larger of the sample's
 * estimate (titles, authors, keys) and one from a smaller sample of every word, descriptions
 * included ("wild and": about 33,000, where the first alone says 1,000).
 */
export async function estimateWithDescriptions(
  db: Kysely<DB>,
  filter: BookFilter,
  sample: WordSample,
  counted: number,
): Promise<number> {
  const estimated = estimateOf(sample, counted);
  if (dialectOf(db) !== 'postgres') return estimated;
  const { books, matches } = await descriptionSample(db, filter);
  return Math.max(estimated, books > 0 ? (matches / books) * sample.catalogue : 0);
}

/** The smaller sample that reads every word, descriptions included (kept like the other). */
async function descriptionSample(db: Kysely<DB>, filter: BookFilter): Promise<DescriptionSample> {
  const key = sampleKey(filter, 'descriptions');
  const cache = keptFor(db);
  const known = cache.get(key) as DescriptionSample | undefined;
  if (known) return known;
  const { rows } = await sql<{ books: string; matches: string }>`select count(*) as "books",
      count(*) filter (where ${postgresTierMatch(filter.queryWords ?? [], 'all')}) as "matches"
    ${await sampledBooks(db, filter, SAMPLED_WITH_DESCRIPTIONS)}`.execute(db);
  const sample = { books: Number(rows[0]?.books ?? 0), matches: Number(rows[0]?.matches ?? 0) };
  cache.set(key, sample);
  return sample;
}

export const surelyPastCounted = (sample: WordSample) =>
  sample.matches >= SURELY_PAST.sampleMatches &&
  estimateOf(sample, 0) >= SURELY_PAST.times * COUNTED_MATCHES;

/**
 * The share of the catalogue's books matching in exactly `tier`: the description's tier is what
 * the smaller sample of every word finds beyond the best two tiers' share.
 */
async function shareInTier(db: Kysely<DB>, filter: BookFilter, sample: WordSample, tier: Tier) {
  if (sample.books === 0) return 0;
  if (tier === 0) return sample.best / sample.books;
  const bestTwo = sample.matches / sample.books;
  if (tier === 1) return bestTwo - sample.best / sample.books;
  const every = await descriptionSample(db, filter);
  return every.books > 0 ? every.matches / every.books - bestTwo : 0;
}

/**
 * Up to `limit` of a tier's matches, newest first, read down the `createdAt` index among the
 * newest books where the sample expects three pages of them; undefined when the sample has none,
 * the window would be too wide, or it holds less than `limit`: the caller then asks the index.
 * A frequent tier's page otherwise reads every match's row to sort them: "and the" across
 * scripts, 28,000 rows and 460 ms at a million books, against about 2,000 rows here.
 */
export async function newestOfTierInWindow(
  db: Kysely<DB>,
  filter: BookFilter,
  tier: Tier,
  limit: number,
): Promise<BookRow[] | undefined> {
  const sample = await postgresSample(db, filter);
  const share = sample ? await shareInTier(db, filter, sample, tier) : 0;
  if (share <= 0) return undefined;
  const window = Math.ceil((WINDOW.pages * limit) / share);
  if (window > (tier === 2 ? WINDOW.mostBooksWithDescriptions : WINDOW.mostBooks)) return undefined;
  const conditions = [postgresTierMatch(filter.queryWords ?? [], tier), ...narrowing(filter)];
  const book = needsBook(filter) ? sql`join "book" b on b."id" = e."bookId"` : sql``;
  const { rows } = await sql<BookRow>`select b.* from (
      select e."bookId", e."createdAt" from (
        select "bookId", "createdAt", "bestWords", "nearWords", "words" from "bookSearchText"
        order by "createdAt" desc, "bookId" desc limit ${window}
      ) e ${book} where ${sql.join(conditions, sql` and `)}
      order by e."createdAt" desc, e."bookId" desc limit ${limit}
    ) p join "book" b on b."id" = p."bookId"
    order by p."createdAt" desc, p."bookId" desc`.execute(db);
  return rows.length === limit ? rows : undefined;
}
