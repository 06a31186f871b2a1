/**
 * SQLite: FTS5 keeps beginnings of up to eight letters as prefix indexes of their own, where
 * migration 0140 stopped at four, as migration 0200 did for PostgreSQL. A word typed of five
 * letters or more (`"monsoon"*`) was answered by merging the list of every word that begins so
 * into one, in memory, before anything else narrowed it, and again by each statement of the
 * search: at a million books, 5-12 ms a statement, most of a search's time, whatever the range of
 * keys asked. From a prefix index it is one list FTS5 seeks through: about a millisecond.
 * Words longer than eight letters are still merged: few words share so long a beginning.
 * FTS5 cannot change an index's prefixes, so the index is made again from the books' words.
 *
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Migration 0140's word index, with prefix indexes of these lengths, filled from the books. */
async function remakeWordIndex(db: AnyDb, prefixes: string): Promise<void> {
  // The triggers of `book` name the table, not its definition: they write into the new one.
  await sql`drop table "bookWords"`.execute(db);
  await sql`create virtual table "bookWords" using fts5(
    "title", "key", "description", content = '', contentless_delete = 1, detail = column,
    prefix = ${sql.lit(prefixes)}, tokenize = 'ascii')`.execute(db);
  await sql`insert into "bookWords" (rowid, "title", "key", "description")
    select e."key", b."searchText", b."searchKey", b."searchDescription"
    from "bookSearchEntry" e join "book" b on b."id" = e."bookId"`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'sqlite') return;
  await remakeWordIndex(db, '2 3 4 5 6 7 8');
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'sqlite') return;
  await remakeWordIndex(db, '2 3 4');
}
