/**
 * Which of a book's changes moved only its copies: a borrow, a return, a hold placed or served, a
 * copy added (`quantity`, `holds` and the `updatedAt` an edit writes beside them). Such a change
 * cannot move the book into or out of any list but those of books on the shelf, nor reorder one,
 * so a server forgets only what shows the book or counts copies on the shelf (issue 16, item 9).
 *
 * - SQLite: `catalogueChange` marks those rows `copiesOnly`; every other column of the book is
 *   compared by name, so a column added to `book` later must be compared by a new migration's
 *   trigger (tests/api/catalogue-changes.test.ts changes each column alone, and fails otherwise).
 * - PostgreSQL: an update statement whose every row kept all its columns but those three says so
 *   with a first element `copies` in its notice (`copies,id,id`). The rows are compared as JSON
 *   without those columns, so columns added later count as other changes by themselves. A
 *   server older than this migration reads `copies` as one more book id, and forgets as before.
 *
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Every column of `book` at this migration but `quantity`, `holds` and `updatedAt`. */
const SQLITE_UNCHANGED = [
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
]
  .map((column) => `old."${column}" is new."${column}"`)
  .join(' and ');

async function upSqlite(db: AnyDb): Promise<void> {
  await sql`alter table "catalogueChange" add column "copiesOnly" integer not null default 0`.execute(
    db,
  );
  await sql`drop trigger "book_updated_change"`.execute(db);
  // Inside a trigger, last_insert_rowid() is the row the trigger has just added.
  await sql
    .raw(
      `create trigger "book_updated_change" after update on "book" begin
        insert into "catalogueChange" ("bookId", "copiesOnly")
          values (new."id", ${SQLITE_UNCHANGED});
        delete from "catalogueChange" where "id" <= last_insert_rowid() - 1000;
      end`,
    )
    .execute(db);
}

async function downSqlite(db: AnyDb): Promise<void> {
  await sql`drop trigger "book_updated_change"`.execute(db);
  await sql`create trigger "book_updated_change" after update on "book" begin
    insert into "catalogueChange" ("bookId") values (new."id");
    delete from "catalogueChange" where "id" <= last_insert_rowid() - 1000;
  end`.execute(db);
  await sql`alter table "catalogueChange" drop column "copiesOnly"`.execute(db);
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`create function "noticeBookUpdates"() returns trigger language plpgsql as $$
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
            or to_jsonb("before") - 'quantity' - 'holds' - 'updatedAt'
              <> to_jsonb("after") - 'quantity' - 'holds' - 'updatedAt'
      ) then
        changed := 'copies,' || changed;
      end if;
      perform pg_notify('pathagar_catalogue', changed);
      return null;
    end $$`.execute(db);
  await sql`drop trigger "book_updated_notice" on "book"`.execute(db);
  await sql`create trigger "book_updated_notice" after update on "book"
    referencing old table as "bookBefore" new table as "changedBooks"
    for each statement execute function "noticeBookUpdates"()`.execute(db);
}

async function downPostgres(db: AnyDb): Promise<void> {
  await sql`drop trigger "book_updated_notice" on "book"`.execute(db);
  await sql`drop function "noticeBookUpdates"()`.execute(db);
  await sql`create trigger "book_updated_notice" after update on "book"
    referencing new table as "changedBooks"
    for each statement execute function "noticeBookChanges"()`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'postgres') await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'postgres') await downPostgres(db);
  else await downSqlite(db);
}
