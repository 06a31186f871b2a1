/**
 * The digital library (docs/product/digital-library.md, docs/decisions/015-digital-library.md):
 * - `book` gains its e-book's summary: `ebookAccess` (null: no e-book; `open` or `lend`),
 *   `ebookCopies`, `ebookAvailable` (copies neither lent nor kept for a waiting member) and
 *   `ebookWaiting`. They live on the book's row so every book answer carries them without a
 *   second query, and so that they change under the book's lock like `quantity` and `holds`.
 *   Like those, they move no book into or out of a list: PostgreSQL's notice of changes now
 *   leaves them out of its comparison (SQLite's trigger names the columns it compares, so it
 *   already does);
 * - `ebookFile`: the EPUB's bytes in the database, as images are, so every instance serves them;
 * - `ebookLoan`: a member's e-loan, current while `endedAt` is null and `expiresAt` is ahead;
 * - `ebookWait`: the waiting list, `waiting` or `ready` (a copy kept until `readyUntil`);
 * - `ebookPosition`: where a member is in a book, so reading goes on from another device;
 * - `notice.kind` admits `ebookReady` (a kept digital copy's mail) with no change: migration 0100
 *   took the CHECK of kinds away.
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** PostgreSQL's notice of updated books, with the columns that move like copies left out (migration 0080). */
async function noticeOfUpdates(db: AnyDb, copyColumns: string[]): Promise<void> {
  const without = copyColumns.map((column) => ` - '${column}'`).join('');
  await sql`create or replace function "noticeBookUpdates"() returns trigger language plpgsql as $$
    declare
      changed text;
    begin
      select case when count(*) > 100 then '*' else string_agg("id"::text, ',') end
        into changed from "changedBooks";
      if changed is null then
        return null;
      end if;
      if changed <> '*' and not exists (
        select 1 from "changedBooks" as "after"
          left join "bookBefore" as "before" on "before"."id" = "after"."id"
          where "before"."id" is null
            or to_jsonb("before")${sql.raw(without)} <> to_jsonb("after")${sql.raw(without)}
      ) then
        changed := 'copies,' || changed;
      end if;
      perform pg_notify('pathagar_catalogue', changed);
      return null;
    end $$`.execute(db);
}

const COPY_COLUMNS = ['quantity', 'holds', 'updatedAt'];
const EBOOK_COLUMNS = ['ebookAccess', 'ebookCopies', 'ebookAvailable', 'ebookWaiting'];

async function createTables(db: AnyDb): Promise<void> {
  const bytesType = migrationDialect(db) === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('ebookFile')
    .addColumn('bookId', 'varchar(64)', (col) =>
      col.primaryKey().references('book.id').onDelete('cascade'),
    )
    .addColumn('bytes', bytesType, (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull().check(sql`"size" > 0`))
    // SHA-256 of the bytes, in hex: the answer's ETag.
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('uploadedBy', 'varchar(255)')
    .addColumn('uploadedAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('ebookLoan')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('bookId', 'varchar(64)', (col) =>
      col.notNull().references('book.id').onDelete('cascade'),
    )
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('startedAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('expiresAt', 'varchar(32)', (col) => col.notNull())
    // When it ended: returned early, or settled after `expiresAt` (then equal to it).
    .addColumn('endedAt', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('ebookLoan_open')
    .on('ebookLoan')
    .columns(['bookId', 'expiresAt'])
    .where(sql<boolean>`"endedAt" is null`)
    .execute();
  await db.schema
    .createIndex('ebookLoan_member')
    .on('ebookLoan')
    .columns(['userId', 'expiresAt'])
    .where(sql<boolean>`"endedAt" is null`)
    .execute();
  await db.schema
    .createTable('ebookWait')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('bookId', 'varchar(64)', (col) =>
      col.notNull().references('book.id').onDelete('cascade'),
    )
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) =>
      col.notNull().check(sql`"status" = 'waiting' or "status" = 'ready'`),
    )
    .addColumn('placedAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('readyUntil', 'varchar(32)')
    .addUniqueConstraint('ebookWait_one_per_book', ['userId', 'bookId'])
    .execute();
  await db.schema
    .createIndex('ebookWait_queue')
    .on('ebookWait')
    .columns(['bookId', 'status', 'placedAt', 'id'])
    .execute();
  await db.schema
    .createTable('ebookPosition')
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('bookId', 'varchar(64)', (col) =>
      col.notNull().references('book.id').onDelete('cascade'),
    )
    .addColumn('locator', 'text', (col) => col.notNull())
    .addColumn('progress', 'real', (col) => col.notNull())
    .addColumn('updatedAt', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('ebookPosition_pk', ['userId', 'bookId'])
    .execute();
}

async function addBookColumns(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('book')
    .addColumn('ebookAccess', 'varchar(8)', (col) =>
      col.check(sql`"ebookAccess" = 'open' or "ebookAccess" = 'lend'`),
    )
    .execute();
  for (const column of ['ebookCopies', 'ebookAvailable', 'ebookWaiting']) {
    await db.schema
      .alterTable('book')
      .addColumn(column, 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  await addBookColumns(db);
  await createTables(db);
  if (migrationDialect(db) === 'postgres')
    await noticeOfUpdates(db, [...COPY_COLUMNS, ...EBOOK_COLUMNS]);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'postgres') await noticeOfUpdates(db, COPY_COLUMNS);
  await db.deleteFrom('notice').where('kind', '=', 'ebookReady').execute();
  for (const table of ['ebookPosition', 'ebookWait', 'ebookLoan', 'ebookFile']) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of EBOOK_COLUMNS) {
    await db.schema.alterTable('book').dropColumn(column).execute();
  }
}
