/**
 * PostgreSQL only: a notice on the channel `pathagar_catalogue` (change-version.ts listens) after
 * every statement that adds, changes or removes books, so every server process sharing the database forgets the books it
 * keeps in memory (db/change-version.ts). SQLite needs nothing: each connection reads that
 * another has committed from `data_version`.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await sql`create function "noticeCatalogueChange"() returns trigger language plpgsql as $$
    begin
      perform pg_notify('pathagar_catalogue', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger "book_change_notice"
    after insert or update or delete or truncate on "book"
    for each statement execute function "noticeCatalogueChange"()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await sql`drop trigger "book_change_notice" on "book"`.execute(db);
  await sql`drop function "noticeCatalogueChange"()`.execute(db);
}
