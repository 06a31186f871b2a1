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
import type { BookRow, DB } from '../db/schema.ts';
import { orderByClause, orderColumns } from './book-order.ts';
import type { BookFilter, Page } from './books.repository.ts';

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

/**
 * The words a search `q` asks for, folded, each once, in one order: "The the" and "THE" are one
 * search, and so are "river Padma" and "padma RIVER", so they share what is kept of them.
 */
export const searchWords = (q: string) => [...new Set(foldedWords(q.split(/\s+/)))].sort();

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

type MatchPage = Page;

/**
 * One page of the matching books in the page's order. Undefined when the index cannot serve the
 * words (SQLite, all too short). Newest first, matches are found and ordered in the narrow tables;
 * in the other orders they are sorted by the keys of their books. Either way only the page's
 * books are read whole.
 */
export function indexedPage<T>(
  db: Kysely<T>,
  filter: BookFilter,
  page: MatchPage,
): RawBuilder<BookRow> | undefined {
  const sorted = page.sort !== undefined && page.sort !== 'newest';
  if (dialectOf(db) === 'postgres') {
    const conditions = postgresConditions(filter);
    if (!conditions) return undefined;
    return sorted ? sortedPage(postgresMatches, conditions, page) : postgresPage(filter, page);
  }
  const search = sqliteIndexedSearch(filter);
  if (!search) return undefined;
  return sorted
    ? sortedPage(sqliteMatches, sqliteConditions(search, filter), page)
    : sqlitePage(search, filter, page);
}

/** The matches of each index, joined to their books (aliased `b`). */
const postgresMatches = sql`from "bookSearchText" e join "book" b on b."id" = e."bookId"`;
const sqliteMatches = sql`from "bookSearch" s join "bookSearchEntry" e on e."key" = s.rowid
  join "book" b on b."id" = e."bookId"`;

/**
 * A page of the matches in another order than newest first: chosen on the order's keys alone,
 * then read whole, so the sort never carries a book's content.
 */
function sortedPage(
  matches: RawBuilder<unknown>,
  conditions: RawBuilder<unknown>[],
  page: MatchPage,
): RawBuilder<BookRow> {
  const sort = page.sort ?? 'newest';
  return sql<BookRow>`select b.* from (
      select ${orderColumns(sort, 'b')} ${matches} where ${sql.join(conditions, sql` and `)}
      ${orderByClause(sort, 'b')} ${limitAndOffset(page)}
    ) p join "book" b on b."id" = p."id" ${orderByClause(sort, 'p')}`;
}

/** Per category, the books matching the words and those of them with a copy on the shelf. */
export function indexedCategoryCounts<T>(
  db: Kysely<T>,
  filter: Pick<BookFilter, 'words'>,
): RawBuilder<{ name: string; count: number | string; available: number | string }> | undefined {
  let matches: RawBuilder<unknown>;
  let conditions: RawBuilder<unknown>[] | undefined;
  if (dialectOf(db) === 'postgres') {
    matches = postgresMatches;
    conditions = postgresConditions(filter);
  } else {
    const search = sqliteIndexedSearch(filter);
    matches = sqliteMatches;
    conditions = search && sqliteConditions(search, filter);
  }
  if (!conditions) return undefined;
  return sql`select b."category" as "name", count(*) as "count",
      sum(case when b."quantity" > 0 then 1 else 0 end) as "available"
    ${matches} where ${sql.join(conditions, sql` and `)} group by b."category"`;
}

/** What narrows the matches beyond their words: a category, copies on the shelf. */
function narrowing(filter: BookFilter) {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.category !== undefined) conditions.push(sql`b."category" = ${filter.category}`);
  if (filter.availableOnly) conditions.push(sql`b."quantity" > 0`);
  return conditions;
}

const bookJoin = (needsBook: boolean) =>
  needsBook ? sql`join "book" b on b."id" = e."bookId"` : sql``;

const joinBook = bookJoin(true);

const limitAndOffset = (page: MatchPage) =>
  page.offset ? sql`limit ${page.limit} offset ${page.offset}` : sql`limit ${page.limit}`;

function postgresConditions(filter: BookFilter): RawBuilder<unknown>[] | undefined {
  const words = foldedWords(filter.words);
  if (words.length === 0) return undefined;
  return [
    ...words.map((word) => sql`e."searchText" like ${likeContains(word)} escape '\\'`),
    ...narrowing(filter),
  ];
}

const postgresNeedsBook = (filter: BookFilter) =>
  filter.category !== undefined || filter.availableOnly === true;

/**
 * PostgreSQL: the trigram index finds every match; they are ordered by `createdAt` in the narrow
 * table `bookSearchText` (aliased `e`).
 */
function postgresPage(filter: BookFilter, page: MatchPage): RawBuilder<BookRow> {
  const conditions = postgresConditions(filter) ?? [];
  if (page.after) {
    conditions.push(sql`(e."createdAt", e."bookId") < (${page.after.createdAt}, ${page.after.id})`);
  }
  // The page is chosen in the narrow table first: joined to `book` before the limit, the planner
  // sorted whole rows of every match (a search's p99 went from 48 to 93 ms).
  return sql<BookRow>`select b.* from (
      select e."bookId", e."createdAt" from "bookSearchText" e
      ${bookJoin(postgresNeedsBook(filter))} where ${sql.join(conditions, sql` and `)}
      order by e."createdAt" desc, e."bookId" desc ${limitAndOffset(page)}
    ) p join "book" b on b."id" = p."bookId"
    order by p."createdAt" desc, p."bookId" desc`;
}

function sqliteConditions(search: IndexedSearch, filter: BookFilter): RawBuilder<unknown>[] {
  return [
    sql`s."bookSearch" match ${search.match}`,
    ...search.shortWords.map((word) => sql`instr(b."searchText", ${word}) > 0`),
    ...narrowing(filter),
  ];
}

const sqliteNeedsBook = (search: IndexedSearch, filter: BookFilter) =>
  postgresNeedsBook(filter) || search.shortWords.length > 0;

/**
 * SQLite: a book's key in the index grows with every book added (`bookSearchEntry`), so "newest
 * first" is FTS5's own descending key order, which it walks lazily: a page stops after its last
 * match instead of sorting all of them. Two books added in the same millisecond come in the order
 * they were added; the cursor is resumed from its book's key.
 */
function sqlitePage(
  search: IndexedSearch,
  filter: BookFilter,
  page: MatchPage,
): RawBuilder<BookRow> {
  const conditions = sqliteConditions(search, filter);
  if (page.after) {
    conditions.push(
      sql`s.rowid < (select "key" from "bookSearchEntry" where "bookId" = ${page.after.id})`,
    );
  }
  return sql<BookRow>`select b.* from "bookSearch" s
    join "bookSearchEntry" e on e."key" = s.rowid ${joinBook}
    where ${sql.join(conditions, sql` and `)} order by s.rowid desc ${limitAndOffset(page)}`;
}

/**
 * How many books match, through the index; SQLite counts in FTS5 alone when nothing else narrows
 * the search. Undefined when the index cannot serve the words.
 */
export async function indexedCount(
  db: Kysely<DB>,
  filter: BookFilter,
): Promise<number | undefined> {
  const counted = dialectOf(db) === 'postgres' ? postgresCount(filter) : sqliteCount(filter);
  if (!counted) return undefined;
  const { rows } = await counted.execute(db);
  return Number(rows[0]?.count ?? 0);
}

type CountQuery = RawBuilder<{ count: number | string }>;

function postgresCount(filter: BookFilter): CountQuery | undefined {
  const conditions = postgresConditions(filter);
  if (!conditions) return undefined;
  return sql`select count(*) as "count" from "bookSearchText" e
    ${bookJoin(postgresNeedsBook(filter))} where ${sql.join(conditions, sql` and `)}`;
}

function sqliteCount(filter: BookFilter): CountQuery | undefined {
  const search = sqliteIndexedSearch(filter);
  if (!search) return undefined;
  const needsBook = sqliteNeedsBook(search, filter);
  if (!needsBook) {
    return sql`select count(*) as "count" from "bookSearch" where "bookSearch" match ${search.match}`;
  }
  return sql`select count(*) as "count" from "bookSearch" s
    join "bookSearchEntry" e on e."key" = s.rowid ${bookJoin(needsBook)}
    where ${sql.join(sqliteConditions(search, filter), sql` and `)}`;
}
