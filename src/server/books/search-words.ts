/**
 * The words a book is found by, and the words of a query, reduced the same way
 * (docs/decisions/019-search-in-both-scripts.md):
 *
 * - **folded words**: lower case, the accents of Latin, Greek and Cyrillic letters dropped, split
 *   at anything that is not a letter, a mark or a digit ("García-Márquez" is `garcia marquez`;
 *   Bengali vowel signs are marks and stay inside their word). What the word index's first column
 *   and the trigram index hold.
 * - **romanised keys**: each word written in Latin letters by any-ascii (a maintained
 *   transliteration library that drops the inherent vowel as Bengali is spoken), then reduced to a
 *   skeleton that the usual ways of writing Bangla in Latin letters share: the vowels after the
 *   first letter dropped (so `a`, `o` or nothing at a word's end, and `kobita`/`kabita`, are one),
 *   aspirates dropped (`bh` is `b`, `chh` is `c`), `v` is `b`, `z` is `j`, `sh` is `s`, `f` is
 *   `p`, doubled letters single. পথের পাঁচালী and "pather panchali" both become `ptr pncl`.
 *   Each pair of neighbouring words is also kept joined (`ptrpncl`), so compounds written with a
 *   space, a hyphen or neither meet.
 */
import anyAscii from 'any-ascii';

/**
 * What `searchText` held before the word index, and the sort keys still hold: lower case, then
 * canonically decomposed, then without the combining accents of Latin, Greek and Cyrillic letters.
 * Bengali vowel signs are marks of another block and stay.
 */
export function searchFold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Joiners inside Bengali conjuncts (ZWJ, ZWNJ) are part of a word's spelling, not a break in it. */
const JOINERS = /[\u200c\u200d]/g;
const NOT_IN_A_WORD = /[^\p{L}\p{M}\p{N}]+/u;

/** A text's folded words, in order, repeats kept. */
export function foldedWords(text: string): string[] {
  return searchFold(text).replace(JOINERS, '').split(NOT_IN_A_WORD).filter(Boolean);
}

const VOWELS = /[aeiou]/;

/**
 * The romanised key of one folded word: see the module's comment. Empty for a word with nothing
 * any-ascii can write (a lone sign).
 */
export function romanisedKey(word: string): string {
  // Candrabindu and anusvara are written n (or ng) in Latin letters: as ন্ they come out so.
  const latin = anyAscii(word.replace(/[\u0981\u0982]/g, '\u09a8\u09cd'))
    .toLowerCase()
    // any-ascii writes the nukta of ড়, ঢ় and য় as an apostrophe; people write ড় and ঢ় as r.
    .replace(/dh'|d'/g, 'r')
    .replace(/[^a-z0-9]/g, '')
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    .replace(/z/g, 'j')
    .replace(/v/g, 'b')
    .replace(/f/g, 'p')
    .replace(/ck/g, 'k')
    .replace(/ng/g, 'n');
  let skeleton = '';
  for (const [index, letter] of [...latin].entries()) {
    const next = latin[index + 1];
    if (index === 0) {
      // A word's first sound is kept: a vowel as one mark for any vowel, y as j (যমুনা, Jamuna).
      skeleton += VOWELS.test(letter) ? 'a' : letter === 'y' ? 'j' : letter;
      continue;
    }
    // Aspirates, the visarga and h after a dropped inherent vowel: any h past the first letter.
    if (letter === 'h' || letter === 'y') continue;
    if (VOWELS.test(letter)) continue;
    // w before a vowel is ব-phala or ওয় (Ishwar, swapna); elsewhere part of a vowel (Chowdhury).
    if (letter === 'w') {
      if (next !== undefined && VOWELS.test(next)) skeleton += 'b';
      continue;
    }
    skeleton += letter;
  }
  return skeleton.replace(/(.)\1+/g, '$1');
}

/** The keys of a text's words, each pair of neighbours also joined; each key once, in order. */
export function romanisedKeys(words: string[]): string[] {
  const keys = words.map(romanisedKey);
  for (let index = 0; index + 1 < words.length; index += 1) {
    keys.push(romanisedKey(`${words[index]}${words[index + 1]}`));
  }
  return [...new Set(keys.filter(Boolean))];
}

/**
 * Words too common in descriptions to find anything by: a description's words are indexed without
 * them, so "the" or "and" is looked for in titles and authors only. Nearly every description has
 * them, and each would make a search of it read the whole catalogue.
 */
const COMMON_WORDS = new Set(
  [
    ...'a an and are as at be but by for from has have he her his in into is it its of on or she that the their they this to was were which who with'.split(
      ' ',
    ),
    ...'ও এবং আর এক একটি তার তাঁর এই সে যে না কে করে হয় থেকে জন্য দিয়ে নিয়ে সঙ্গে'.split(' '),
  ].map((word) => foldedWords(word)[0] ?? word),
);

/** What the database keeps of a book for its word index, each a text of words joined by spaces. */
export interface BookSearchTexts {
  /** The folded words of the title and author: the index's first column, and the trigram index's text. */
  searchText: string;
  /** The romanised keys of the title's and author's words. */
  searchKey: string;
  /** The short description's folded words and their keys: matched, ranked after the rest. */
  searchDescription: string;
}

export function bookSearchTexts(book: {
  name: string;
  author: string;
  shortDescription: string;
}): BookSearchTexts {
  const titleWords = foldedWords(book.name);
  const authorWords = foldedWords(book.author);
  const descriptionWords = foldedWords(book.shortDescription).filter(
    (word) => !COMMON_WORDS.has(word),
  );
  const description = [
    ...new Set([...descriptionWords, ...descriptionWords.map(romanisedKey).filter(Boolean)]),
  ];
  return {
    searchText: [...titleWords, ...authorWords].join(' '),
    // The title's and the author's words are keyed apart: no key joins the title's last word to
    // the author's first.
    searchKey: [...new Set([...romanisedKeys(titleWords), ...romanisedKeys(authorWords)])].join(
      ' ',
    ),
    searchDescription: description.join(' '),
  };
}

/** One word of a query: as typed, folded; its romanised key. */
export interface QueryWord {
  word: string;
  key: string;
}

/**
 * Romanised keys of query words this short are not looked for: a key of one or two letters is the
 * beginning of too many words ("ño" would find every word whose key starts with n).
 */
export const KEYED_WORD_MIN_LENGTH = 3;

/**
 * The words a search `q` asks for, folded, each once, in the order typed: "The the" and "THE" are
 * one search. The order stays because neighbouring words may be one compound written apart
 * ("padma nadir" finds পদ্মানদীর).
 */
export const searchWords = (q: string) => [...new Set(foldedWords(q))];

/** A query's words with their keys; a word too short for a key gets none (''). */
export const queryWordsOf = (words: string[]): QueryWord[] =>
  words.map((word) => ({
    word,
    key: [...word].length >= KEYED_WORD_MIN_LENGTH ? romanisedKey(word) : '',
  }));
