/**
 * SQLite only: a book's key in the search index (`bookSearchEntry.key`, FTS5's rowid) now says
 * when the book was added — its `createdAt` in milliseconds times 2^20, plus its place among the
 * books of that millisecond. FTS5 walks its matches in key order, lazily, so "newest first" is a
 * walk down from the top that stops after one page, where it used to look up and sort every match
 * (a frequent word's page: 2.2 ms → 0.3 ms at 100,000 books). Migration 0002 numbered books in
 * the order they were added, which the demo seed (newest first) does not follow.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { migrationDialect } from './dialect.ts';
import { createSqliteSearch } from './0002-search-index-and-category-stats.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const SEARCH_TRIGGERS = ['book_search_insert', 'book_search_update', 'book_search_delete'];

async function dropSqliteSearch(db: AnyDb): Promise<void> {
  for (const trigger of SEARCH_TRIGGERS) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table "bookSearch"`.execute(db);
  await sql`drop table "bookSearchEntry"`.execute(db);
}

/** The first key of a `createdAt`'s millisecond; 2^20 books fit in one, and year 9999 in 63 bits. */
const millisecondKey = (createdAt: RawBuilder<unknown>) =>
  sql`(cast(round(unixepoch(${createdAt}, 'subsec') * 1000) as integer) * 1048576)`;

/** Files `new`'s book under the next key of its millisecond, in both tables. */
const fileNewBook = sql`
  insert into "bookSearchEntry" ("key", "bookId", "createdAt")
    select coalesce(max(e."key") + 1, first."key"), new."id", new."createdAt"
    from (select ${millisecondKey(sql`new."createdAt"`)} as "key") first
    left join "bookSearchEntry" e on e."key" >= first."key" and e."key" < first."key" + 1048576;
  insert into "bookSearch" (rowid, "searchText")
    select "key", new."searchText" from "bookSearchEntry" where "bookId" = new."id";`;

const forgetOldBook = sql`
  delete from "bookSearch" where rowid = (select "key" from "bookSearchEntry" where "bookId" = old."id");
  delete from "bookSearchEntry" where "bookId" = old."id";`;

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'sqlite') return;
  await dropSqliteSearch(db);
  await sql`create table "bookSearchEntry" (
    "key" integer primary key,
    "bookId" varchar(64) not null unique,
    "createdAt" varchar(32) not null)`.execute(db);
  await sql`create virtual table "bookSearch" using fts5(
    "searchText", content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1')`.execute(
    db,
  );
  // Books of one millisecond take its keys in the order of their ids, as the catalogue lists them.
  await sql`insert into "bookSearchEntry" ("key", "bookId", "createdAt")
    select "first" + row_number() over (partition by "first" order by "id") - 1, "id", "createdAt"
    from (select "id", "createdAt", ${millisecondKey(sql`"createdAt"`)} as "first" from "book")`.execute(
    db,
  );
  await sql`insert into "bookSearch" (rowid, "searchText")
    select e."key", b."searchText" from "bookSearchEntry" e join "book" b on b."id" = e."bookId"`.execute(
    db,
  );
  await sql`create trigger "book_search_insert" after insert on "book" begin
    ${fileNewBook}
  end`.execute(db);
  // A new `createdAt` means a new key, so the book is filed again.
  await sql`create trigger "book_search_update" after update of "searchText", "createdAt" on "book" begin
    ${forgetOldBook}
    ${fileNewBook}
  end`.execute(db);
  await sql`create trigger "book_search_delete" after delete on "book" begin
    ${forgetOldBook}
  end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'sqlite') return;
  await dropSqliteSearch(db);
  await createSqliteSearch(db);
}
