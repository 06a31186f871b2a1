/**
 * MARC 21 records brought in and out (docs/product/marc.md, docs/decisions/020-marc.md):
 * - `book.controlNumber`: the record's control number as the catalogue it came from wrote it,
 *   `(003)001` (or the 001 alone when the record names no source), by which a later import of the
 *   same record finds the book when it has no ISBN. Unique through an index, so two imports of one
 *   record at the same moment cannot both add it, whatever the number of server processes.
 * - `book.romanisedName`, `book.romanisedAuthor`: the romanised title and author of a record whose
 *   book keeps the original script (a 245 or 100 linked to an 880), kept so that searching in
 *   Latin letters still finds it and an export writes both back.
 * - SQLite's trigger of catalogue changes compares these columns too, so a change to one of them
 *   is not taken for copies moving (migration 0080; PostgreSQL's compares every column already).
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Every column of `book` but `quantity`, `holds`, `updatedAt` and the e-book's counts (0080, 0120, 0140). */
const COMPARED = [
  'id',
  'name',
  'author',
  'category',
  'rating',
  'shortDescription',
  'image',
  'content',
  'searchText',
  'createdAt',
  'sortName',
  'sortAuthor',
  'isbn',
  'publisher',
  'publishedYear',
  'language',
  'searchKey',
  'searchDescription',
];

async function sqliteTrigger(db: AnyDb, columns: string[]): Promise<void> {
  const unchanged = columns.map((column) => `old."${column}" is new."${column}"`).join(' and ');
  await sql`drop trigger "book_updated_change"`.execute(db);
  // Inside a trigger, last_insert_rowid() is the row the trigger has just added.
  await sql
    .raw(
      `create trigger "book_updated_change" after update on "book" begin
        insert into "catalogueChange" ("bookId", "copiesOnly")
          values (new."id", ${unchanged});
        delete from "catalogueChange" where "id" <= last_insert_rowid() - 1000;
      end`,
    )
    .execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('book').addColumn('controlNumber', 'varchar(80)').execute();
  await db.schema.alterTable('book').addColumn('romanisedName', 'text').execute();
  await db.schema.alterTable('book').addColumn('romanisedAuthor', 'text').execute();
  // Books without a control number (null) do not collide: both databases let nulls repeat.
  await db.schema
    .createIndex('book_control_number')
    .unique()
    .on('book')
    .column('controlNumber')
    .execute();
  if (migrationDialect(db) === 'sqlite')
    await sqliteTrigger(db, [...COMPARED, 'controlNumber', 'romanisedName', 'romanisedAuthor']);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'sqlite') await sqliteTrigger(db, COMPARED);
  await db.schema.dropIndex('book_control_number').execute();
  for (const column of ['romanisedAuthor', 'romanisedName', 'controlNumber'])
    await db.schema.alterTable('book').dropColumn(column).execute();
}
