/**
 * `book.replacementCost`: what losing one of the book's copies charges, in whole taka; null
 * charges LOST_COPY_CHARGE (docs/product/fines-and-membership.md). SQLite's trigger of catalogue
 * changes compares it too, so a change to it is not taken for copies moving (migration 0160;
 * PostgreSQL's compares every column already). Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Every column of `book` compared by 0160's trigger. */
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
  'controlNumber',
  'romanisedName',
  'romanisedAuthor',
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
  await db.schema.alterTable('book').addColumn('replacementCost', 'integer').execute();
  if (migrationDialect(db) === 'sqlite') await sqliteTrigger(db, [...COMPARED, 'replacementCost']);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'sqlite') await sqliteTrigger(db, COMPARED);
  await db.schema.alterTable('book').dropColumn('replacementCost').execute();
}
