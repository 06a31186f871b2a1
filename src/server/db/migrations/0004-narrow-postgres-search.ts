/**
 * PostgreSQL only: the trigram index moves from `book` to a narrow table of its own,
 * `bookSearchText` (id, `createdAt`, `searchText`), kept by a trigger in the same transaction as
 * every change to a book. Counting a frequent word's matches read every matching book's whole row,
 * one page each (12 ms for 2,400 matches at 100,000 books); the narrow rows fill a page a hundred
 * at a time, and the newest-first order of the matches comes from the same table.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await sql`create table "bookSearchText" (
    "bookId" varchar(64) primary key references "book" ("id") on delete cascade,
    "createdAt" varchar(32) not null,
    "searchText" text not null)`.execute(db);
  await sql`insert into "bookSearchText" ("bookId", "createdAt", "searchText")
    select "id", "createdAt", "searchText" from "book"`.execute(db);
  await sql`create index "bookSearchText_trigram" on "bookSearchText"
    using gin ("searchText" gin_trgm_ops)`.execute(db);
  await sql`create index "bookSearchText_newest" on "bookSearchText" ("createdAt" desc, "bookId" desc)`.execute(
    db,
  );
  await sql`create function "book_search_text"() returns trigger language plpgsql as $$
    begin
      insert into "bookSearchText" ("bookId", "createdAt", "searchText")
        values (new."id", new."createdAt", new."searchText")
      on conflict ("bookId") do update set
        "createdAt" = excluded."createdAt", "searchText" = excluded."searchText";
      return null;
    end $$`.execute(db);
  await sql`create trigger "book_search_text" after insert or update of "searchText", "createdAt"
    on "book" for each row execute function "book_search_text"()`.execute(db);
  await sql`drop index "book_search"`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await sql`create index "book_search" on "book" using gin ("searchText" gin_trgm_ops)`.execute(db);
  await sql`drop trigger "book_search_text" on "book"`.execute(db);
  await sql`drop function "book_search_text"()`.execute(db);
  await sql`drop table "bookSearchText"`.execute(db);
}
