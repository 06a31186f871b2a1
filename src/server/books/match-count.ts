/** How many books a search matches, as its answers say it (docs/product.md#search). */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LRUCache } from 'lru-cache';
import { dialectOf } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/** How many books match: counted, or estimated from a sample and rounded to two figures. */
export interface MatchCount {
  total: number;
  estimated: boolean;
}

/**
 * A search of at most this many matches is few: its matches are read all at once and sorted
 * (piece-search.ts), its lesser tiers read oldest first and turned, and its description's tier
 * read through the index rather than among the newest books (word-search.ts). Past
 * COUNTED_MATCHES the total it is judged by is an estimate.
 */
export const FEW_MATCHES = 1000;

/** An estimate as people say it, to two figures: 23,573 is about 24,000, 617 about 620. */
export function roundedEstimate(estimate: number): number {
  if (estimate < 1) return Math.round(estimate);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(estimate)) - 1);
  return Math.round(estimate / unit) * unit;
}

/**
 * The books an estimate reads: the newest of the catalogue, a range of an index's keys, so no row
 * is read that a search would not read anyway. At one match in a hundred books, 20,000 of them
 * hold about 200: the estimate is within about 7%.
 */
export const SAMPLED_BOOKS = 20_000;

/** Where each database's newest SAMPLED_BOOKS begin, kept a few seconds (newestSampleStart). */
const sampleStarts = new WeakMap<object, LRUCache<'start', { start: string | null }>>();

/**
 * Where the newest SAMPLED_BOOKS books begin: on SQLite the word index's key (as text: keys pass
 * 2^53), on PostgreSQL the `createdAt`; null when the catalogue holds no more than them. Finding
 * it walks SAMPLED_BOOKS index entries (0.4 ms at a million books on SQLite, in every search's
 * sample), so it is kept five seconds per database: a book added meanwhile, newer than the start,
 * only makes the sample a book larger.
 */
async function newestSampleStart(db: Kysely<DB>): Promise<string | null> {
  let kept = sampleStarts.get(db);
  if (!kept) {
    kept = new LRUCache({ max: 1, ttl: 5_000 });
    sampleStarts.set(db, kept);
  }
  const known = kept.get('start');
  if (known) return known.start;
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{ start: string }>`select "createdAt" as "start" from "bookSearchText"
          order by "createdAt" desc limit 1 offset ${SAMPLED_BOOKS - 1}`.execute(db)
      : await sql<{ start: string }>`select cast("key" as text) as "start" from "bookSearchEntry"
          order by "key" desc limit 1 offset ${SAMPLED_BOOKS - 1}`.execute(db);
  const start = rows[0]?.start ?? null;
  kept.set('start', { start });
  return start;
}

/**
 * The condition that keeps a match among the newest SAMPLED_BOOKS books, none when they are all:
 * SQLite's word or trigram index aliased `index`, PostgreSQL's `bookSearchText` aliased `e`.
 */
export async function inNewestSample(
  db: Kysely<DB>,
  index: 'w' | 's',
): Promise<RawBuilder<unknown>[]> {
  const start = await newestSampleStart(db);
  if (start === null) return [];
  return [
    dialectOf(db) === 'postgres'
      ? sql`e."createdAt" >= ${start}`
      : sql`${sql.ref(`${index}.rowid`)} >= cast(${start} as integer)`,
  ];
}

/**
 * The matches of a sample scaled to a catalogue: never fewer than were counted, since the sample
 * may miss matches a count found.
 */
export function scaledFromSample(inSample: number, catalogue: number, counted: number): number {
  const sampled = Math.min(SAMPLED_BOOKS, catalogue);
  return Math.max(sampled > 0 ? (inSample / sampled) * catalogue : 0, counted);
}

/** The catalogue's size, from `categoryStat` (a row per category). */
export async function catalogueSize(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ books: number | string | null }>`
    select sum("count") as "books" from "categoryStat"`.execute(db);
  return Number(rows[0]?.books ?? 0);
}
