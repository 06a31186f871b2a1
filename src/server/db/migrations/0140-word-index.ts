/**
 * A word index beside the trigram one (docs/decisions/019-search-in-both-scripts.md): whole words
 * and word beginnings of a book's title and author, of their romanised keys and of its short
 * description, so a search of whole words or their beginnings reads the books that have them
 * instead of every book that has their trigrams. The trigram index stays for pieces inside words.
 *
 * - `book` gains `searchKey` (the romanised keys of the title's and author's words) and
 *   `searchDescription` (the description's folded words and their keys), both written by the
 *   application, which makes them in JavaScript with a transliteration library. This migration
 *   leaves them empty: the server fills them, and rewrites `searchText` as words, for the books
 *   already there, a batch at a time after it starts (books/search-keys.ts), so this history never
 *   depends on how keys are made.
 * - SQLite: an FTS5 table `bookWords` (columns `title`, `key`, `description`; only which column a
 *   word is in, not where; the `ascii` tokenizer, which splits at spaces and ASCII punctuation
 *   and keeps every other character inside a word, so Bengali signs stay in their word), keyed
 *   like `bookSearch` by `bookSearchEntry`, and kept by the same triggers.
 * - PostgreSQL: `bookSearchText` gains `words`, a tsvector of the `simple` configuration (title
 *   and author weighted A, keys B, description C) with a GIN index, kept by its trigger.
 * - SQLite's trigger that tells which changes moved only copies compares the two new columns too.
 *
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Every column of `book` at this migration but `quantity`, `holds`, `updatedAt` and the e-book's. */
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
  'searchKey',
  'searchDescription',
]
  .map((column) => `old."${column}" is new."${column}"`)
  .join(' and ');

const SQLITE_UNCHANGED_BEFORE = SQLITE_UNCHANGED.replace(
  ' and old."searchKey" is new."searchKey" and old."searchDescription" is new."searchDescription"',
  '',
);

const changeTrigger = (unchanged: string) =>
  sql.raw(`create trigger "book_updated_change" after update on "book" begin
    insert into "catalogueChange" ("bookId", "copiesOnly") values (new."id", ${unchanged});
    delete from "catalogueChange" where "id" <= last_insert_rowid() - 1000;
  end`);

/**
 * The title's and author's words, each once, in `searchWord`: what a search forgives a typo
 * against. `searchText` is the application's words, letters, marks and digits joined by spaces,
 * so it reads as a JSON array once its spaces are commas (quotes and backslashes escaped all the
 * same; a text written before this migration that does not read so adds none, and the server
 * writes every book's words anew). Words of books removed stay: a word nobody has is corrected to and then finds nothing.
 */
const wordsAsJson = sql`'["' || replace(replace(replace(new."searchText", '\\', '\\\\'), '"', '\\"'), ' ', '","') || '"]'`;
const rememberWords = sql`
  insert or ignore into "searchWord" ("word")
    select "value" from json_each(case when json_valid(${wordsAsJson}) then ${wordsAsJson} else '[]' end)
    where "value" <> '';`;

/** Files `new`'s book under the next key of its millisecond, in the entries and both indexes. */
const fileNewBook = sql`
  insert into "bookSearchEntry" ("key", "bookId", "createdAt")
    select coalesce(max(e."key") + 1, first."key"), new."id", new."createdAt"
    from (select (cast(round(unixepoch(new."createdAt", 'subsec') * 1000) as integer) * 1048576) as "key") first
    left join "bookSearchEntry" e on e."key" >= first."key" and e."key" < first."key" + 1048576;
  insert into "bookSearch" (rowid, "searchText")
    select "key", new."searchText" from "bookSearchEntry" where "bookId" = new."id";
  insert into "bookWords" (rowid, "title", "key", "description")
    select "key", new."searchText", new."searchKey", new."searchDescription"
    from "bookSearchEntry" where "bookId" = new."id";
  ${rememberWords}`;

const forgetOldBook = sql`
  delete from "bookSearch" where rowid = (select "key" from "bookSearchEntry" where "bookId" = old."id");
  delete from "bookWords" where rowid = (select "key" from "bookSearchEntry" where "bookId" = old."id");
  delete from "bookSearchEntry" where "bookId" = old."id";`;

async function upSqlite(db: AnyDb): Promise<void> {
  await sql`alter table "book" add column "searchKey" text not null default ''`.execute(db);
  await sql`alter table "book" add column "searchDescription" text not null default ''`.execute(db);
  await sql`create table "searchWord" ("word" text primary key) without rowid`.execute(db);
  await sql`drop trigger "book_updated_change"`.execute(db);
  await changeTrigger(SQLITE_UNCHANGED).execute(db);
  await sql`create virtual table "bookWords" using fts5(
    "title", "key", "description", content = '', contentless_delete = 1, detail = column,
    prefix = '2 3 4', tokenize = 'ascii')`.execute(db);
  await sql`insert into "bookWords" (rowid, "title", "key", "description")
    select e."key", b."searchText", b."searchKey", b."searchDescription"
    from "bookSearchEntry" e join "book" b on b."id" = e."bookId"`.execute(db);
  for (const trigger of ['book_search_insert', 'book_search_update', 'book_search_delete'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`create trigger "book_search_insert" after insert on "book" begin
    ${fileNewBook}
  end`.execute(db);
  // A new `createdAt` means a new key, so the book is filed again.
  await sql`create trigger "book_search_update"
    after update of "searchText", "searchKey", "searchDescription", "createdAt" on "book" begin
    ${forgetOldBook}
    ${fileNewBook}
  end`.execute(db);
  await sql`create trigger "book_search_delete" after delete on "book" begin
    ${forgetOldBook}
  end`.execute(db);
}

/** The words of a `book` row (`row` is `new` in the trigger, `b` in the migration's own update). */
const postgresWords = (row: string) =>
  sql.raw(`setweight(to_tsvector('simple', ${row}."searchText"), 'A')
    || setweight(to_tsvector('simple', ${row}."searchKey"), 'B')
    || setweight(to_tsvector('simple', ${row}."searchDescription"), 'C')`);

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`create table "searchWord" ("word" text collate "C" primary key)`.execute(db);
  await sql`alter table "book" add column "searchKey" text not null default ''`.execute(db);
  await sql`alter table "book" add column "searchDescription" text not null default ''`.execute(db);
  await sql`alter table "bookSearchText" add column "words" tsvector`.execute(db);
  await sql`update "bookSearchText" e set "words" = ${postgresWords('b')}
    from "book" b where b."id" = e."bookId"`.execute(db);
  await sql`alter table "bookSearchText" alter column "words" set not null`.execute(db);
  await sql`create index "bookSearchText_words" on "bookSearchText" using gin ("words")`.execute(
    db,
  );
  await sql`create or replace function "book_search_text"() returns trigger language plpgsql as $$
    begin
      insert into "bookSearchText" ("bookId", "createdAt", "searchText", "words")
        values (new."id", new."createdAt", new."searchText", ${postgresWords('new')})
      on conflict ("bookId") do update set
        "createdAt" = excluded."createdAt", "searchText" = excluded."searchText",
        "words" = excluded."words";
      -- In the words' order, so two books of the same new words never wait on each other in turn.
      insert into "searchWord" ("word")
        select distinct "word" from regexp_split_to_table(new."searchText", ' ') "word"
        where "word" <> '' order by "word"
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`drop trigger "book_search_text" on "book"`.execute(db);
  await sql`create trigger "book_search_text"
    after insert or update of "searchText", "searchKey", "searchDescription", "createdAt"
    on "book" for each row execute function "book_search_text"()`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'postgres') await upPostgres(db);
  else await upSqlite(db);
  // Every book's texts are to be written anew by the server (books/search-texts.ts keeps where
  // it got to under this key): none is written yet.
  await sql`delete from "appMeta" where "key" = 'search-texts'`.execute(db);
}

const SQLITE_TRIGRAM_ONLY = {
  file: sql`
  insert into "bookSearchEntry" ("key", "bookId", "createdAt")
    select coalesce(max(e."key") + 1, first."key"), new."id", new."createdAt"
    from (select (cast(round(unixepoch(new."createdAt", 'subsec') * 1000) as integer) * 1048576) as "key") first
    left join "bookSearchEntry" e on e."key" >= first."key" and e."key" < first."key" + 1048576;
  insert into "bookSearch" (rowid, "searchText")
    select "key", new."searchText" from "bookSearchEntry" where "bookId" = new."id";`,
  forget: sql`
  delete from "bookSearch" where rowid = (select "key" from "bookSearchEntry" where "bookId" = old."id");
  delete from "bookSearchEntry" where "bookId" = old."id";`,
};

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'postgres') {
    await sql`drop trigger "book_search_text" on "book"`.execute(db);
    await sql`create or replace function "book_search_text"() returns trigger language plpgsql as $$
      begin
        insert into "bookSearchText" ("bookId", "createdAt", "searchText")
          values (new."id", new."createdAt", new."searchText")
        on conflict ("bookId") do update set
          "createdAt" = excluded."createdAt", "searchText" = excluded."searchText";
        return null;
      end $$`.execute(db);
    await sql`create trigger "book_search_text" after insert or update of "searchText", "createdAt"
      on "book" for each row execute function "book_search_text"()`.execute(db);
    await sql`alter table "bookSearchText" drop column "words"`.execute(db);
  } else {
    for (const trigger of ['book_search_insert', 'book_search_update', 'book_search_delete'])
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    await sql`create trigger "book_search_insert" after insert on "book" begin
      ${SQLITE_TRIGRAM_ONLY.file}
    end`.execute(db);
    await sql`create trigger "book_search_update" after update of "searchText", "createdAt" on "book" begin
      ${SQLITE_TRIGRAM_ONLY.forget}
      ${SQLITE_TRIGRAM_ONLY.file}
    end`.execute(db);
    await sql`create trigger "book_search_delete" after delete on "book" begin
      ${SQLITE_TRIGRAM_ONLY.forget}
    end`.execute(db);
    await sql`drop table "bookWords"`.execute(db);
    await sql`drop trigger "book_updated_change"`.execute(db);
    await changeTrigger(SQLITE_UNCHANGED_BEFORE).execute(db);
  }
  await sql`drop table "searchWord"`.execute(db);
  await sql`alter table "book" drop column "searchDescription"`.execute(db);
  await sql`alter table "book" drop column "searchKey"`.execute(db);
}
