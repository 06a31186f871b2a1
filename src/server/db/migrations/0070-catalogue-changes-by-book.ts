/**
 * Which books changed, told by the database itself, so that what a server keeps in memory of the
 * catalogue is forgotten when the catalogue changes and for those books only — not when a member
 * signs in or a session is written (db/change-version.ts reads them; issue 16, item 9).
 *
 * - SQLite: every book added, changed or removed leaves a row in `catalogueChange` (its id counts
 *   up, in commit order: SQLite has one writer at a time). A process reads the rows past the last
 *   it saw. Only the newest thousand are kept; a process further behind forgets everything.
 * - PostgreSQL: the notice of migration 0003 now names the books a statement changed (ids joined
 *   by commas, or `*` past a hundred of them), so a process forgets those books only. Notices
 *   arrive in commit order; ids of a table could not be read in commit order.
 *
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const SQLITE_TRIGGERS = [
  ['book_inserted_change', 'insert', 'new'],
  ['book_updated_change', 'update', 'new'],
  ['book_deleted_change', 'delete', 'old'],
] as const;

const POSTGRES_TRIGGERS = [
  ['book_inserted_notice', 'insert', 'new'],
  ['book_updated_notice', 'update', 'new'],
  ['book_deleted_notice', 'delete', 'old'],
] as const;

async function upSqlite(db: AnyDb): Promise<void> {
  await sql`create table "catalogueChange" (
    "id" integer primary key autoincrement,
    "bookId" text not null
  )`.execute(db);
  for (const [name, event, row] of SQLITE_TRIGGERS) {
    // Inside a trigger, last_insert_rowid() is the row the trigger has just added.
    await sql
      .raw(
        `create trigger "${name}" after ${event} on "book" begin
          insert into "catalogueChange" ("bookId") values (${row}."id");
          delete from "catalogueChange" where "id" <= last_insert_rowid() - 1000;
        end`,
      )
      .execute(db);
  }
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`drop trigger "book_change_notice" on "book"`.execute(db);
  await sql`drop function "noticeCatalogueChange"()`.execute(db);
  await sql`create function "noticeBookChanges"() returns trigger language plpgsql as $$
    declare
      changed text;
    begin
      select case when count(*) > 100 then '*' else string_agg("id"::text, ',') end
        into changed from "changedBooks";
      if changed is not null then
        perform pg_notify('pathagar_catalogue', changed);
      end if;
      return null;
    end $$`.execute(db);
  for (const [name, event, row] of POSTGRES_TRIGGERS) {
    await sql
      .raw(
        `create trigger "${name}" after ${event} on "book"
          referencing ${row} table as "changedBooks"
          for each statement execute function "noticeBookChanges"()`,
      )
      .execute(db);
  }
  await sql`create function "noticeCatalogueTruncated"() returns trigger language plpgsql as $$
    begin
      perform pg_notify('pathagar_catalogue', '*');
      return null;
    end $$`.execute(db);
  await sql`create trigger "book_truncated_notice" after truncate on "book"
    for each statement execute function "noticeCatalogueTruncated"()`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'postgres') await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'sqlite') {
    for (const [name] of SQLITE_TRIGGERS) await sql.raw(`drop trigger "${name}"`).execute(db);
    await sql`drop table "catalogueChange"`.execute(db);
    return;
  }
  await sql`drop trigger "book_truncated_notice" on "book"`.execute(db);
  await sql`drop function "noticeCatalogueTruncated"()`.execute(db);
  for (const [name] of POSTGRES_TRIGGERS)
    await sql.raw(`drop trigger "${name}" on "book"`).execute(db);
  await sql`drop function "noticeBookChanges"()`.execute(db);
  await sql`create function "noticeCatalogueChange"() returns trigger language plpgsql as $$
    begin
      perform pg_notify('pathagar_catalogue', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger "book_change_notice"
    after insert or update or delete or truncate on "book"
    for each statement execute function "noticeCatalogueChange"()`.execute(db);
}
