/**
 * SQLite: a second FTS5 table, `bookTitleWords`, of the title's and author's words and their keys
 * alone (the `title` and `key` columns of `bookWords`, without the description), asked for a
 * search's two best tiers (books/word-search.ts). In `bookWords` a tier's column filter is checked
 * on every book that has the words in any column: "letters the", at a million books, walked the
 * 90,000 books that have both words, nearly all in their descriptions, to find that no title has
 * them (26 ms for the exact tier, 77 ms for the tier across scripts). Here those walks read title
 * words only. Filed by the same triggers as the other indexes, which are made again with it.
 *
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Migration 0140's words of `new`, remembered for typos. */
const wordsAsJson = sql`'["' || replace(replace(replace(new."searchText", '\\', '\\\\'), '"', '\\"'), ' ', '","') || '"]'`;
const rememberWords = sql`
  insert or ignore into "searchWord" ("word")
    select "value" from json_each(case when json_valid(${wordsAsJson}) then ${wordsAsJson} else '[]' end)
    where "value" <> '';`;

/** Migration 0140's filing of `new`, with the title index when `withTitles`. */
const fileNewBook = (withTitles: boolean) => sql`
  insert into "bookSearchEntry" ("key", "bookId", "createdAt")
    select coalesce(max(e."key") + 1, first."key"), new."id", new."createdAt"
    from (select (cast(round(unixepoch(new."createdAt", 'subsec') * 1000) as integer) * 1048576) as "key") first
    left join "bookSearchEntry" e on e."key" >= first."key" and e."key" < first."key" + 1048576;
  insert into "bookSearch" (rowid, "searchText")
    select "key", new."searchText" from "bookSearchEntry" where "bookId" = new."id";
  insert into "bookWords" (rowid, "title", "key", "description")
    select "key", new."searchText", new."searchKey", new."searchDescription"
    from "bookSearchEntry" where "bookId" = new."id";
  ${
    withTitles
      ? sql`insert into "bookTitleWords" (rowid, "title", "key")
    select "key", new."searchText", new."searchKey" from "bookSearchEntry" where "bookId" = new."id";`
      : sql``
  }
  ${rememberWords}`;

/** Migration 0140's removal of `old`, with the title index when `withTitles`. */
const forgetOldBook = (withTitles: boolean) => sql`
  delete from "bookSearch" where rowid = (select "key" from "bookSearchEntry" where "bookId" = old."id");
  delete from "bookWords" where rowid = (select "key" from "bookSearchEntry" where "bookId" = old."id");
  ${
    withTitles
      ? sql`delete from "bookTitleWords" where rowid = (select "key" from "bookSearchEntry" where "bookId" = old."id");`
      : sql``
  }
  delete from "bookSearchEntry" where "bookId" = old."id";`;

async function makeTriggers(db: AnyDb, withTitles: boolean): Promise<void> {
  for (const trigger of ['book_search_insert', 'book_search_update', 'book_search_delete'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`create trigger "book_search_insert" after insert on "book" begin
    ${fileNewBook(withTitles)}
  end`.execute(db);
  // A new `createdAt` means a new key, so the book is filed again.
  await sql`create trigger "book_search_update"
    after update of "searchText", "searchKey", "searchDescription", "createdAt" on "book" begin
    ${forgetOldBook(withTitles)}
    ${fileNewBook(withTitles)}
  end`.execute(db);
  await sql`create trigger "book_search_delete" after delete on "book" begin
    ${forgetOldBook(withTitles)}
  end`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'sqlite') return;
  await sql`create virtual table "bookTitleWords" using fts5(
    "title", "key", content = '', contentless_delete = 1, detail = column,
    prefix = '2 3 4 5 6 7 8', tokenize = 'ascii')`.execute(db);
  await sql`insert into "bookTitleWords" (rowid, "title", "key")
    select e."key", b."searchText", b."searchKey"
    from "bookSearchEntry" e join "book" b on b."id" = e."bookId"`.execute(db);
  await makeTriggers(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'sqlite') return;
  await makeTriggers(db, false);
  await sql`drop table "bookTitleWords"`.execute(db);
}
