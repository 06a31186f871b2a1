/**
 * Text search over a book's name and author: every word typed must occur in them, whole or as any
 * part ("tag" finds Tagore, "anjali" finds Gitanjali). Case and the accents of Latin letters do not
 * count ("MARQUEZ" finds Márquez); Bengali and other scripts match as typed, in any Unicode form.
 * Wildcards mean themselves: "50%" finds only books with "50%" in them.
 *
 * Both databases answer through an index of three-character pieces (trigrams), made by migration
 * 0002: SQLite's FTS5 trigram table `bookSearch`, PostgreSQL's pg_trgm GIN index on `searchText`.
 * This is the only module that knows how each one is asked.
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
 * Conditions on `book` that hold where every word occurs in `searchText`: PostgreSQL's LIKE is
 * served by the pg_trgm index itself; in SQLite they scan, and serve only words too short for
 * FTS5 (the indexed ones go through sqliteIndexedMatches).
 */
export function wordConditions<T>(db: Kysely<T>, words: string[] | undefined) {
  const searchText = sql.ref('book.searchText');
  if (dialectOf(db) === 'postgres') {
    return foldedWords(words).map(
      (word) => sql<boolean>`${searchText} like ${likeContains(word)} escape '\\'`,
    );
  }
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

/** What SQLite's FTS5 index can do for these words; nothing on PostgreSQL or without a long word. */
function sqliteIndexedSearch<T>(db: Kysely<T>, filter: BookFilter): IndexedSearch | undefined {
  const words = foldedWords(filter.words);
  const indexed = words.filter(isIndexable);
  if (dialectOf(db) !== 'sqlite' || indexed.length === 0) return undefined;
  return { match: ftsQuery(indexed), shortWords: words.filter((word) => !isIndexable(word)) };
}

/**
 * SQLite: a subquery of the matching books' ids (one column, for `in`), newest first, one page of
 * them when `page` is given. Matches are ordered in the narrow `bookSearchEntry`; a book's own row
 * is read only when the filter needs its category, its shelf or its text.
 */
export function sqliteIndexedMatches<T>(
  db: Kysely<T>,
  filter: BookFilter,
  page?: { limit: number; after?: BookCursor; offset?: number },
): RawBuilder<string> | undefined {
  const search = sqliteIndexedSearch(db, filter);
  if (!search) return undefined;
  const conditions = [
    sql`e."key" in (select rowid from "bookSearch" where "bookSearch" match ${search.match})`,
  ];
  if (filter.category !== undefined) conditions.push(sql`b."category" = ${filter.category}`);
  if (filter.availableOnly) conditions.push(sql`b."quantity" > 0`);
  for (const word of search.shortWords) conditions.push(sql`instr(b."searchText", ${word}) > 0`);
  if (page?.after) {
    conditions.push(sql`(e."createdAt", e."bookId") < (${page.after.createdAt}, ${page.after.id})`);
  }
  const needsBook =
    filter.category !== undefined || filter.availableOnly === true || search.shortWords.length > 0;
  const join = needsBook ? sql`join "book" b on b."id" = e."bookId"` : sql``;
  const limit = page ? sql`limit ${page.limit}` : sql``;
  const offset = page?.offset ? sql`offset ${page.offset}` : sql``;
  return sql<string>`(select e."bookId" as "id" from "bookSearchEntry" e ${join}
    where ${sql.join(conditions, sql` and `)}
    order by e."createdAt" desc, e."bookId" desc ${limit} ${offset})`;
}

/** SQLite: how many books match, straight from the index when nothing else narrows the search. */
export async function sqliteIndexedCount(
  db: Kysely<DB>,
  filter: BookFilter,
): Promise<number | undefined> {
  const search = sqliteIndexedSearch(db, filter);
  const matches = sqliteIndexedMatches(db, filter);
  if (!search || !matches) return undefined;
  const onlyWords =
    search.shortWords.length === 0 && filter.category === undefined && !filter.availableOnly;
  const counted = onlyWords
    ? sql<{ count: number }>`select count(*) as "count" from "bookSearch"
        where "bookSearch" match ${search.match}`
    : sql<{ count: number }>`select count(*) as "count" from ${matches} as "matches"`;
  const { rows } = await counted.execute(db);
  return Number(rows[0]?.count ?? 0);
}
