/**
 * How a search's words are looked for, decided once per search and kept with its total
 * (books.service.ts; docs/decisions/019-search-in-both-scripts.md), first that finds anything:
 *
 * 1. an ISBN-10 or ISBN-13, with hyphens, spaces or neither: its one book;
 * 2. the word index: every word whole or by its beginning, in either script (word-search.ts);
 * 3. the trigram index: every word as a piece inside a word (piece-search.ts);
 * 4. the word index again, with one typo forgiven per word (search-typos.ts): the answer says
 *    which words it looked for instead.
 */
import type { Kysely } from 'kysely';
import { normalizeIsbn } from '../../common/isbn.ts';
import type { DB } from '../db/schema.ts';
import type { BookFilter } from './book-query.ts';
import { countBooks } from './books.repository.ts';
import { correctedWords } from './search-typos.ts';
import { queryWordsOf } from './search-words.ts';
import type { WordCount } from './word-search.ts';

/** Typos are forgiven in searches of at most this many words: each word costs look-ups. */
const CORRECTED_UP_TO = 6;

export type SearchPlan =
  | { by: 'isbn'; isbn: string }
  | { by: 'words'; words: string[]; corrected?: string }
  | { by: 'pieces'; words: string[] };

/** The filter a plan searches with: the base (category, shelf) and the plan's own condition. */
export function searchFilter(base: BookFilter, plan: SearchPlan): BookFilter {
  const narrowed = { category: base.category, availableOnly: base.availableOnly };
  if (plan.by === 'isbn') return { ...narrowed, isbn: plan.isbn };
  if (plan.by === 'pieces') return { ...narrowed, words: plan.words };
  return { ...narrowed, queryWords: queryWordsOf(plan.words) };
}

/** The first way of looking for `words` (typed as `q`) that finds a book, and what it counts. */
export async function planSearch(
  db: Kysely<DB>,
  base: BookFilter,
  q: string,
  words: string[],
): Promise<{ plan: SearchPlan; counted: WordCount }> {
  const tried: SearchPlan[] = [];
  const isbn = normalizeIsbn(q);
  if (isbn) tried.push({ by: 'isbn', isbn });
  tried.push({ by: 'words', words }, { by: 'pieces', words });
  for (const plan of tried) {
    const counted = await countBooks(db, searchFilter(base, plan));
    if (counted.total > 0) return { plan, counted };
  }
  const corrected = words.length <= CORRECTED_UP_TO ? await correctedWords(db, words) : undefined;
  if (corrected) {
    const plan: SearchPlan = { by: 'words', words: corrected, corrected: corrected.join(' ') };
    const counted = await countBooks(db, searchFilter(base, plan));
    if (counted.total > 0) return { plan, counted };
  }
  return { plan: { by: 'words', words }, counted: { total: 0, estimated: false } };
}
