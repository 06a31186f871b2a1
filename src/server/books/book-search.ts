/**
 * Text search over a book's name and author: every word typed must occur in them, whole or as any
 * part ("tag" finds Tagore, "anjali" finds Gitanjali). Case and the accents of Latin letters do not
 * count ("MARQUEZ" finds Márquez); Bengali and other scripts match as typed, in any Unicode form.
 * Wildcards mean themselves: "50%" finds only books with "50%" in them.
 *
 * Both databases answer through an index of three-character pieces (trigrams): SQLite's FTS5
 * trigram table `bookSearch` (migration 0002), PostgreSQL's pg_trgm GIN index on the narrow table
 * `bookSearchText` (migration 0004). This is the only module that knows how each one is asked.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { BookCursor, BookFilter } from './books.repository.ts';

/** Neither index can look up a piece shorter than a trigram; such words are checked row by row. */
const TRIGRAM_LENGTH = 3;

/**
 * What `searchText` holds and what every typed word becomes before matching: lower case, then
 * canonically decomposed, then without the combining accents of Latin, Greek and Cyrillic letters.
 * Bengali vowel signs are marks of another block and stay.
 */
export function searchFold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const foldedWords = (words: string[] | undefined) => (words ?? []).map(searchFold).filter(Boolean);

const isIndexable = (word: string) => [...word].length >= TRIGRAM_LENGTH;

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
const likeContains = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * SQLite: conditions on `book` that hold where every word occurs in `searchText`. They scan, and
 * serve only searches whose every word is too short for FTS5 (the others go through
 * indexedMatches).
 */
export function sqliteWordConditions(words: string[] | undefined) {
  const searchText = sql.ref('book.searchText');
  return foldedWords(words).map((word) => sql<boolean>`instr(${searchText}, ${word}) > 0`);
}

/** An FTS5 query that every word must match: each one quoted as a phrase, its quotes doubled. */
const ftsQuery = (words: string[]) =>
  words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');

interface IndexedSearch {
  match: string;
  /** Words too short for the index, checked on the book's own `searchText`. */
  shortWords: string[];
}

/** What SQLite's FTS5 index can do for these words; nothing without a word of three letters. */
function sqliteIndexedSearch(filter: BookFilter): IndexedSearch | undefined {
  const words = foldedWords(filter.words);
  const indexed = words.filter(isIndexable);
  if (indexed.length === 0) return undefined;
  return { match: ftsQuery(indexed), shortWords: words.filter((word) => !isIndexable(word)) };
}

interface MatchPage {
  limit: number;
  after?: BookCursor;
  offset?: number;
}

/**
 * A subquery of the matching books' ids (one column, for `in`), newest first and one page of them
 * when `page` is given; undefined when the index cannot serve the words (SQLite, all too short).
 * Matches are found and ordered in a narrow table; a book's own row is read only when the filter
 * needs its category, its shelf or (SQLite) its text.
 */
export function indexedMatches<T>(
  db: Kysely<T>,
  filter: BookFilter,
  page?: MatchPage,
): RawBuilder<string> | undefined {
  return dialectOf(db) === 'postgres'
    ? postgresMatches(filter, page)
    : sqliteMatches(sqliteIndexedSearch(filter), filter, page);
}

/** What narrows the matches beyond their words: a category, copies on the shelf, a cursor. */
function narrowing(filter: BookFilter, page: MatchPage | undefined) {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.category !== undefined) conditions.push(sql`b."category" = ${filter.category}`);
  if (filter.availableOnly) conditions.push(sql`b."quantity" > 0`);
  if (page?.after) {
    conditions.push(sql`(e."createdAt", e."bookId") < (${page.after.createdAt}, ${page.after.id})`);
  }
  return conditions;
}

/** The matching ids from `entries` (aliased `e`: a book's id and `createdAt`, at least). */
function matchQuery(
  entries: RawBuilder<unknown>,
  conditions: RawBuilder<unknown>[],
  needsBook: boolean,
  page: MatchPage | undefined,
): RawBuilder<string> {
  const join = needsBook ? sql`join "book" b on b."id" = e."bookId"` : sql``;
  const order = page
    ? sql`order by e."createdAt" desc, e."bookId" desc limit ${page.limit}`
    : sql``;
  const offset = page?.offset ? sql`offset ${page.offset}` : sql``;
  return sql<string>`(select e."bookId" as "id" from ${entries} e ${join}
    where ${sql.join(conditions, sql` and `)} ${order} ${offset})`;
}

function postgresMatches(filter: BookFilter, page?: MatchPage): RawBuilder<string> | undefined {
  const words = foldedWords(filter.words);
  if (words.length === 0) return undefined;
  const conditions = [
    ...words.map((word) => sql`e."searchText" like ${likeContains(word)} escape '\\'`),
    ...narrowing(filter, page),
  ];
  const needsBook = filter.category !== undefined || filter.availableOnly === true;
  return matchQuery(sql`"bookSearchText"`, conditions, needsBook, page);
}

function sqliteMatches(
  search: IndexedSearch | undefined,
  filter: BookFilter,
  page?: MatchPage,
): RawBuilder<string> | undefined {
  if (!search) return undefined;
  const conditions = [
    sql`e."key" in (select rowid from "bookSearch" where "bookSearch" match ${search.match})`,
    ...search.shortWords.map((word) => sql`instr(b."searchText", ${word}) > 0`),
    ...narrowing(filter, page),
  ];
  const needsBook =
    filter.category !== undefined || filter.availableOnly === true || search.shortWords.length > 0;
  return matchQuery(sql`"bookSearchEntry"`, conditions, needsBook, page);
}

/**
 * How many books match, through the index; SQLite counts in FTS5 alone when nothing else narrows
 * the search. Undefined when the index cannot serve the words.
 */
export async function indexedCount(
  db: Kysely<DB>,
  filter: BookFilter,
): Promise<number | undefined> {
  const matches = indexedMatches(db, filter);
  if (!matches) return undefined;
  const search = dialectOf(db) === 'sqlite' ? sqliteIndexedSearch(filter) : undefined;
  const onlyWords =
    search !== undefined &&
    search.shortWords.length === 0 &&
    filter.category === undefined &&
    !filter.availableOnly;
  const counted = onlyWords
    ? sql<{ count: number | string }>`select count(*) as "count" from "bookSearch"
        where "bookSearch" match ${search.match}`
    : sql<{ count: number | string }>`select count(*) as "count" from ${matches} as "matches"`;
  const { rows } = await counted.execute(db);
  return Number(rows[0]?.count ?? 0);
}
