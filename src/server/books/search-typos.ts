/**
 * A search that finds nothing is tried again with one typo forgiven per word
 * (docs/decisions/019-search-in-both-scripts.md): an edit distance of 1 for words of 4–7
 * letters, 2 from 8, against the words of the catalogue's titles and authors (`searchWord`).
 * "Rabindranth Tagor" becomes "rabindranath tagore", "Pathr Panchali" "pather panchali".
 *
 * Distance 1 looks up every word one edit away (a letter left out, added, changed, or two swapped),
 * a few hundred exact look-ups in the vocabulary's index; distance 2 reads the vocabulary's words
 * that begin with the word's first two letters, at most a few thousand.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The edits forgiven in a word of this many letters. */
export function forgivenEdits(word: string): number {
  const letters = [...word].length;
  return letters >= 8 ? 2 : letters >= 4 ? 1 : 0;
}

/** The letters an edit may bring in: Latin, digits, the Bengali block, and the word's own. */
const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyz0123456789',
  ...Array.from({ length: 0x09ff - 0x0980 + 1 }, (_, index) =>
    String.fromCodePoint(0x0980 + index),
  ),
];

/** Every string one edit from `word`, by code point. */
function oneEditAway(word: string): Set<string> {
  const letters = [...word];
  const alphabet = new Set([...ALPHABET, ...letters]);
  const edits = new Set<string>();
  for (let at = 0; at <= letters.length; at += 1) {
    const before = letters.slice(0, at).join('');
    const rest = letters.slice(at);
    if (rest.length > 0) edits.add(before + rest.slice(1).join(''));
    if (rest.length > 1)
      edits.add(before + (rest[1] ?? '') + (rest[0] ?? '') + rest.slice(2).join(''));
    for (const letter of alphabet) {
      edits.add(before + letter + rest.join(''));
      if (rest.length > 0) edits.add(before + letter + rest.slice(1).join(''));
    }
  }
  edits.delete(word);
  return edits;
}

/** Levenshtein's distance, by code point, giving up past `most`. */
export function editDistance(a: string, b: string, most: number): number {
  const left = [...a];
  const right = [...b];
  if (Math.abs(left.length - right.length) > most) return most + 1;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (const [i, letter] of left.entries()) {
    const current = [i + 1];
    for (const [j, other] of right.entries()) {
      current.push(
        Math.min(
          (previous[j + 1] ?? 0) + 1,
          (current[j] ?? 0) + 1,
          (previous[j] ?? 0) + (letter === other ? 0 : 1),
        ),
      );
    }
    if (Math.min(...current) > most) return most + 1;
    previous = current;
  }
  return previous[right.length] ?? most + 1;
}

/** Look-ups of one statement: well under both databases' limits on bound parameters. */
const LOOKED_UP_AT_ONCE = 500;
/** The vocabulary's words read for a distance of 2. */
const READ_FOR_TWO = 5_000;

async function known(db: Kysely<DB>, candidates: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < candidates.length; start += LOOKED_UP_AT_ONCE) {
    const rows = await db
      .selectFrom('searchWord')
      .select('word')
      .where('word', 'in', candidates.slice(start, start + LOOKED_UP_AT_ONCE))
      .execute();
    found.push(...rows.map((row) => row.word));
  }
  return found;
}

/** Words of the vocabulary beginning with `start`, in order, at most READ_FOR_TWO. */
async function beginningWith(db: Kysely<DB>, start: string): Promise<string[]> {
  const last = String.fromCodePoint((start.codePointAt(start.length - 1) ?? 0) + 1);
  const rows = await db
    .selectFrom('searchWord')
    .select('word')
    .where('word', '>=', start)
    .where('word', '<', start.slice(0, -1) + last)
    .orderBy('word')
    .limit(READ_FOR_TWO)
    .execute();
  return rows.map((row) => row.word);
}

/** The vocabulary's word nearest to `word` within its forgiven edits; the word itself if known. */
async function nearestWord(db: Kysely<DB>, word: string): Promise<string | undefined> {
  const edits = forgivenEdits(word);
  if (edits === 0) return undefined;
  if ((await known(db, [word])).length > 0) return word;
  // Of equally near words, the first in order: the same answer every time.
  const near = (await known(db, [...oneEditAway(word)])).sort();
  if (near.length > 0 || edits < 2) return near[0];
  const start = [...word].slice(0, 2).join('');
  return (await beginningWith(db, start))
    .map((candidate) => ({ candidate, distance: editDistance(word, candidate, 2) }))
    .filter(({ distance }) => distance <= 2)
    .sort((a, b) => a.distance - b.distance)[0]?.candidate;
}

/**
 * The query's words with each unknown one replaced by the nearest known word within its forgiven
 * edits, or undefined when no word could be corrected.
 */
export async function correctedWords(
  db: Kysely<DB>,
  words: string[],
): Promise<string[] | undefined> {
  let changed = false;
  const corrected: string[] = [];
  for (const word of words) {
    const nearest = await nearestWord(db, word);
    if (nearest !== undefined && nearest !== word) changed = true;
    corrected.push(nearest ?? word);
  }
  return changed ? corrected : undefined;
}
