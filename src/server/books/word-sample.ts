/**
 * PostgreSQL: a search of frequent words, asked of a sample before anything is counted
 * (docs/performance.md). GIN finds a word's matches all at once, as a bitmap, about a microsecond
 * a match, so counting a frequent word's first 101 matches, or ordering them newest first, builds
 * the bitmap of every one of them (at a million books, "the" is in half the titles). In a
 * catalogue larger than WHOLE_CATALOGUE_UP_TO, the sample says first how frequent the words are:
 * a search surely past COUNTED_MATCHES is estimated without a count, and its first page is looked
 * for among the newest books, where the sample expects three pages' worth of matches.
 * The sample is one book in SAMPLE_EVERY, chosen by its id's hash, with a word index of its own
 * (migration 0201): always the same books, so an estimate does not wander from one request to the
 * next, and it costs what its own matches cost. A word in one book in sixteen or more ("the", in
 * half the titles) still matched thousands of them there, each a heap page of its own: 20 ms
 * alone, up to 1.4 s under load. So a small sample, one book in SMALL_SAMPLE_EVERY of the same
 * books (migration 0202), is asked first, and answers alone when it holds enough matches.
 * SQLite's FTS5 walks its matches lazily in key order and needs none of this.
 */
import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { COUNTED_MATCHES } from '../../common/constants.ts';
import { dialectOf } from '../db/database.ts';
import type { BookRow, DB } from '../db/schema.ts';
import type { BookFilter } from './book-query.ts';
import type { QueryWord } from './search-words.ts';
import { catalogueSize } from './match-count.ts';
import {
  narrowing,
  needsBook,
  postgresTierMatch,
  postgresTierQuery,
  throughWordIndex,
  type Tier,
} from './word-query.ts';

/** Up to this many books, the bitmaps are small: every search is counted through the index. */
const WHOLE_CATALOGUE_UP_TO = 200_000;
/**
 * One book in this many is in the sample: 15,600 of a million books, 3,100 of 200,000. The
 * condition is the one of the sample's index (migration 0201), as PostgreSQL must see it to use it.
 */
export const SAMPLE_EVERY = 64;
/**
 * The small sample, asked first: one book in this many (977 of a million), among those of the
 * sample (the hash's ten low bits are zero where its six are), with an index of its own (0202).
 */
export const SMALL_SAMPLE_EVERY = 1024;
/**
 * The small sample answers alone from this many matches (a word in about one book in sixteen):
 * an estimate within an eighth (one standard deviation) from at most a thousand heap pages; under
 * it, the sample's matches are fewer than a thousand and so are its pages.
 */
export const SMALL_SAMPLE_ENOUGH = 64;
const inSampleOf = (oneIn: number) => sql`(hashtext(e."bookId") & ${sql.lit(oneIn - 1)}) = 0`;
/**
 * A sample with at least this many matches, estimating at least this many times COUNTED_MATCHES,
 * says the search is past them. PostgreSQL's sample is chosen by hash, so at random: a search of
 * 100 matches has about 1.6 in it, and 16 or more with a chance of five in a million million; one
 * of 1,000 matches has 16 or more half the time, and is then not counted at all (counting proved
 * only that it was past COUNTED_MATCHES, its estimate is the sample's). SQLite's is the newest books (word-search.ts),
 * which an import of one subject may fill: only more matches than are counted, all among the
 * newest books, say that the catalogue holds more.
 */
const SURELY_PAST = {
  random: { sampleMatches: 16, times: 2.5 },
  newest: { sampleMatches: COUNTED_MATCHES + 1, times: 1 },
} as const;
/**
 * The newest books a first page is looked for among: three pages' worth of matches, at most
 * 50,000; at most 10,000 for the description's tier, whose `words` are read for each book.
 */
const WINDOW = { pages: 3, mostBooks: 50_000, mostBooksWithDescriptions: 10_000 } as const;

/**
 * A sample's matches: in the best tier, in the best two, in any; how many books each sampled book
 * stands for; and the catalogue's size.
 */
export interface WordSample {
  best: number;
  near: number;
  every: number;
  oneIn: number;
  catalogue: number;
}

/** Samples are kept a moment per database: a search's count and its first page ask alike. */
const kept = new WeakMap<object, LRUCache<string, WordSample>>();

function keptFor(db: Kysely<DB>) {
  let cache = kept.get(db);
  if (!cache) {
    cache = new LRUCache<string, WordSample>({ max: 1_000, ttl: 5_000 });
    kept.set(db, cache);
  }
  return cache;
}

const sampleKey = (filter: BookFilter) =>
  JSON.stringify([filter.queryWords, filter.category, filter.availableOnly]);

/** The sample of a search, or undefined on SQLite and in a catalogue small enough to count. */
export async function postgresSample(
  db: Kysely<DB>,
  filter: BookFilter,
): Promise<WordSample | undefined> {
  if (dialectOf(db) !== 'postgres' || !filter.queryWords?.length) return undefined;
  const key = sampleKey(filter);
  const cache = keptFor(db);
  const known = cache.get(key);
  if (known) return known;
  const catalogue = await catalogueSize(db);
  if (catalogue <= WHOLE_CATALOGUE_UP_TO) return undefined;
  const words = filter.queryWords;
  const small = await matchesInSample(db, filter, words, SMALL_SAMPLE_EVERY);
  const sample =
    small.every >= SMALL_SAMPLE_ENOUGH
      ? small
      : await matchesInSample(db, filter, words, SAMPLE_EVERY);
  const answer = { ...sample, catalogue };
  cache.set(key, answer);
  return answer;
}

/** The matches of `words` (the filter's) among one book in `oneIn`, through that sample's index. */
async function matchesInSample(
  db: Kysely<DB>,
  filter: BookFilter,
  words: QueryWord[],
  oneIn: number,
): Promise<Omit<WordSample, 'catalogue'>> {
  const book = needsBook(filter) ? sql`join "book" b on b."id" = e."bookId"` : sql``;
  const conditions = [inSampleOf(oneIn), postgresTierMatch(words, 'all'), ...narrowing(filter)];
  const { rows } = await throughWordIndex(db, (reader) =>
    sql<{ best: string; near: string; every: string }>`select
      count(*) filter (where ${postgresTierMatch(words, 0)}) as "best",
      count(*) filter (where ${postgresTierQuery(words, 1)}) as "near",
      count(*) as "every"
    from "bookSearchText" e ${book} where ${sql.join(conditions, sql` and `)}`.execute(reader),
  );
  return {
    best: Number(rows[0]?.best ?? 0),
    near: Number(rows[0]?.near ?? 0),
    every: Number(rows[0]?.every ?? 0),
    oneIn,
  };
}

/**
 * What a sample says of a search's total: its matches, the total they stand for, and whether its
 * books were drawn at random or are the newest.
 */
export interface SampledCount {
  matches: number;
  estimate: number;
  drawn: keyof typeof SURELY_PAST;
}

export const sampledCountOf = (sample: WordSample): SampledCount => ({
  matches: sample.every,
  estimate: sample.every * sample.oneIn,
  drawn: 'random',
});

/** The matches a sample stands for, never under those counted. */
export const estimateOf = (sampled: SampledCount, counted: number) =>
  Math.max(sampled.estimate, counted);

export function surelyPastCounted(sampled: SampledCount): boolean {
  const bar = SURELY_PAST[sampled.drawn];
  return sampled.matches >= bar.sampleMatches && sampled.estimate >= bar.times * COUNTED_MATCHES;
}

/** The share of the catalogue's books matching in exactly `tier`. */
function shareInTier(sample: WordSample, tier: Tier): number {
  const inTier = { 0: sample.best, 1: sample.near - sample.best, 2: sample.every - sample.near };
  return (inTier[tier] * sample.oneIn) / sample.catalogue;
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
  const share = sample ? shareInTier(sample, tier) : 0;
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
