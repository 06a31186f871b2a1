/**
 * The queries of the word index (word-search.ts), in each database's language: SQLite FTS5's
 * query syntax and PostgreSQL's tsquery of the `simple` configuration, tier by tier; and the
 * reader PostgreSQL's are asked on.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf, wordIndexReaderOf } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { BookFilter } from './book-query.ts';
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
 * PostgreSQL's tsquery syntax, its lexemes as the tsvectors hold them (migrations 0199, 0200): a
 * word quoted, `:*` for a beginning; a key marked `#`. A beginning of 2-8 letters (of a key, 3-8)
 * is a lexeme of its own (`'the~'`, `'garden~'`, `'#kmr~'`): one list GIN can skip through, where
 * `'the':*` merges the lists of every word that begins so.
 */
const tsString = (text: string) => `'${text.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;
const BEGINNING_LEXEMES_UP_TO = 8;

/** Letters of a word or key up to BEGINNING_LEXEMES_UP_TO, as their own lexeme; more, by `:*`. */
const tsBeginning = (lexeme: string, letters: number) =>
  letters <= BEGINNING_LEXEMES_UP_TO ? tsString(`${lexeme}~`) : `${tsString(lexeme)}:*`;

/** A word typed, as the beginning of a word of the book (a lone letter by `:*`: it has no lexeme). */
function tsWord(word: string): string {
  const letters = [...word].length;
  return letters === 1 ? `${tsString(word)}:*` : tsBeginning(word, letters);
}

/** A key, as a whole key when short, else as the beginning of one. */
const tsKey = (key: string) =>
  key.length < KEY_PREFIX_MIN ? tsString(`#${key}`) : tsBeginning(`#${key}`, key.length);

const tsquery: QueryLanguage = {
  title: tsWord,
  key: tsKey,
  any: tsWord,
  anyKey: tsKey,
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
export function sqliteTierMatch(words: QueryWord[], tier: Tier | 'all'): string {
  if (tier === 'all') return tierQuery(words, 2, fts);
  const query = tierQuery(words, tier, fts);
  return tier === 0 ? query : `(${query}) NOT (${tierQuery(words, (tier - 1) as Tier, fts)})`;
}

/**
 * PostgreSQL's tsvector of each tier (migrations 0198-0200): the title's and author's words;
 * those and their keys; every word and key of the book, the description's included.
 */
const TIER_WORDS = { 0: 'bestWords', 1: 'nearWords', 2: 'words' } as const;

/** PostgreSQL: the books of `tier` or a better one. */
export function postgresTierQuery(words: QueryWord[], tier: Tier): RawBuilder<unknown> {
  const column = sql.raw(`e."${TIER_WORDS[tier]}"`);
  return sql`${column} @@ cast(${tierQuery(words, tier, tsquery)} as tsquery)`;
}

export function postgresTierMatch(words: QueryWord[], tier: Tier | 'all'): RawBuilder<unknown> {
  if (tier === 'all') return postgresTierQuery(words, 2);
  const query = postgresTierQuery(words, tier);
  return tier === 0 ? query : sql`${query} and not ${postgresTierQuery(words, (tier - 1) as Tier)}`;
}

/** What narrows the matches beyond their words: a category, copies on the shelf. */
export function narrowing(filter: BookFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.category !== undefined) conditions.push(sql`b."category" = ${filter.category}`);
  if (filter.availableOnly) conditions.push(sql`b."quantity" > 0`);
  return conditions;
}

export const needsBook = (filter: BookFilter) =>
  filter.category !== undefined || filter.availableOnly === true;

/**
 * Runs `read` on the word index's reader (db/database.ts wordIndexReaderOf). SQLite: a worker
 * thread, so a search leaves the server's thread to other requests. PostgreSQL: connections that
 * set sequential and plain index scans aside, so the word index's bitmap finds the matches (the
 * planner cannot know how frequent a word's beginning is: it took "and wild" for 31,000 matches
 * and read all 300,000 rows of `bookSearchText` to find none, or walked the newest-first index
 * for a rare pair; frequent searches come here only for their sample, whose index holds one book
 * in 64, word-sample.ts). Inside a transaction, its own connection reads as it is.
 */
export function throughWordIndex<T>(
  db: Kysely<DB>,
  read: (db: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const reader = db.isTransaction ? undefined : wordIndexReaderOf(db);
  return read(reader ?? db);
}

/**
 * SQLite: runs `read` on a reader thread too (throughWordIndex); PostgreSQL: on `db`, where the
 * planner chooses freely (a sort key's index, the trigram index).
 */
export const offTheServerThread = <T>(
  db: Kysely<DB>,
  read: (db: Kysely<DB>) => Promise<T>,
): Promise<T> => (dialectOf(db) === 'sqlite' ? throughWordIndex(db, read) : read(db));
