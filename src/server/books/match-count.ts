/** How many books a search matches, as its answers say it (docs/product.md#search). */
import { sql, type Kysely } from 'kysely';
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
