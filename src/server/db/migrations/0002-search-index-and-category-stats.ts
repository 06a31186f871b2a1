/**
 * Speed at 100,000 books without changing any answer:
 * - a trigram text index for `q` (SQLite FTS5, PostgreSQL pg_trgm), so a search reads the books
 *   that match instead of every book;
 * - `categoryStat`, each category's number of books and of books on the shelf, kept by triggers in
 *   the very transaction that adds, changes or removes a book, so GET /api/categories and
 *   X-Total-Count read a handful of rows instead of counting the catalogue.
 * `searchText` is refolded first, to the accent-free form that search now compares (book-search.ts).
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The fold search compared when this migration was written: lower case, accents dropped. */
const searchFold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

async function refoldSearchText(db: AnyDb): Promise<void> {
  const books: { id: string; name: string; author: string; searchText: string }[] = await db
    .selectFrom('book')
    .select(['id', 'name', 'author', 'searchText'])
    .execute();
  for (const book of books) {
    const searchText = searchFold(`${book.name} ${book.author}`);
    if (searchText !== book.searchText)
      await db.updateTable('book').set({ searchText }).where('id', '=', book.id).execute();
  }
}

async function createCategoryStat(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('categoryStat')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('available', 'integer', (col) => col.notNull())
    .execute();
  await sql`insert into "categoryStat" ("name", "count", "available")
    select "category", count(*), sum(case when "quantity" > 0 then 1 else 0 end)
    from "book" group by "category"`.execute(db);
}

/**
 * FTS5 rows are keyed by an integer. The book table's own rowid is no stable key (VACUUM may
 * renumber a table without an INTEGER PRIMARY KEY), so `bookSearchEntry` gives every book one,
 * beside the book's `createdAt`: a search orders its matches from this narrow table and reads
 * whole books for one page only. The index itself is contentless: it never gives text back.
 */
export async function createSqliteSearch(db: AnyDb): Promise<void> {
  await sql`create table "bookSearchEntry" (
    "key" integer primary key,
    "bookId" varchar(64) not null unique,
    "createdAt" varchar(32) not null)`.execute(db);
  await sql`create virtual table "bookSearch" using fts5(
    "searchText", content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1')`.execute(
    db,
  );
  await sql`insert into "bookSearchEntry" ("bookId", "createdAt")
    select "id", "createdAt" from "book" order by "createdAt", "id"`.execute(db);
  await sql`insert into "bookSearch" (rowid, "searchText")
    select e."key", b."searchText" from "bookSearchEntry" e join "book" b on b."id" = e."bookId"`.execute(
    db,
  );
  await sql`create trigger "book_search_insert" after insert on "book" begin
    insert into "bookSearchEntry" ("bookId", "createdAt") values (new."id", new."createdAt");
    insert into "bookSearch" (rowid, "searchText")
      select "key", new."searchText" from "bookSearchEntry" where "bookId" = new."id";
  end`.execute(db);
  await sql`create trigger "book_search_update" after update of "searchText", "createdAt" on "book" begin
    update "bookSearchEntry" set "createdAt" = new."createdAt" where "bookId" = old."id";
    delete from "bookSearch" where rowid = (select "key" from "bookSearchEntry" where "bookId" = old."id");
    insert into "bookSearch" (rowid, "searchText")
      select "key", new."searchText" from "bookSearchEntry" where "bookId" = old."id";
  end`.execute(db);
  await sql`create trigger "book_search_delete" after delete on "book" begin
    delete from "bookSearch" where rowid = (select "key" from "bookSearchEntry" where "bookId" = old."id");
    delete from "bookSearchEntry" where "bookId" = old."id";
  end`.execute(db);
}

/** Adds a book of the given shelf state to its category's figures (`sign` -1 takes it away). */
const sqliteStatChange = (row: 'new' | 'old', sign: 1 | -1) => {
  const book = sql.raw(row);
  const delta = sql.lit(sign);
  return sql`insert into "categoryStat" ("name", "count", "available")
    values (${book}."category", ${delta}, ${delta} * (${book}."quantity" > 0))
    on conflict ("name") do update set
      "count" = "count" + excluded."count",
      "available" = "available" + excluded."available";`;
};

async function createSqliteStatTriggers(db: AnyDb): Promise<void> {
  await sql`create trigger "book_category_stat_insert" after insert on "book" begin
    ${sqliteStatChange('new', 1)}
  end`.execute(db);
  await sql`create trigger "book_category_stat_delete" after delete on "book" begin
    ${sqliteStatChange('old', -1)}
  end`.execute(db);
  await sql`create trigger "book_category_stat_update" after update of "category", "quantity" on "book"
    when old."category" <> new."category" or (old."quantity" > 0) <> (new."quantity" > 0) begin
    ${sqliteStatChange('old', -1)}
    ${sqliteStatChange('new', 1)}
  end`.execute(db);
}

async function createPostgresSearch(db: AnyDb): Promise<void> {
  // pg_trgm ships with PostgreSQL and is a trusted extension: the database's owner may create it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index "book_search" on "book" using gin ("searchText" gin_trgm_ops)`.execute(db);
}

async function createPostgresStatTriggers(db: AnyDb): Promise<void> {
  await sql`create function "book_category_stat_change"(text, integer, integer) returns void
    language sql as $$
      insert into "categoryStat" ("name", "count", "available") values ($1, $2, $3)
      on conflict ("name") do update set
        "count" = "categoryStat"."count" + excluded."count",
        "available" = "categoryStat"."available" + excluded."available"
    $$`.execute(db);
  // A book moved between categories changes two rows; they are always locked in name order, so
  // two moves in opposite directions cannot deadlock.
  await sql`create function "book_category_stat"() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform "book_category_stat_change"(new."category", 1, (new."quantity" > 0)::int);
      elsif tg_op = 'DELETE' then
        perform "book_category_stat_change"(old."category", -1, -(old."quantity" > 0)::int);
      elsif old."category" < new."category" then
        perform "book_category_stat_change"(old."category", -1, -(old."quantity" > 0)::int);
        perform "book_category_stat_change"(new."category", 1, (new."quantity" > 0)::int);
      else
        perform "book_category_stat_change"(new."category", 1, (new."quantity" > 0)::int);
        perform "book_category_stat_change"(old."category", -1, -(old."quantity" > 0)::int);
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger "book_category_stat_insert_delete" after insert or delete on "book"
    for each row execute function "book_category_stat"()`.execute(db);
  // Borrowing and returning change `quantity` all day; only a change of shelf state counts here.
  await sql`create trigger "book_category_stat_update" after update of "category", "quantity" on "book"
    for each row
    when (old."category" <> new."category" or (old."quantity" > 0) <> (new."quantity" > 0))
    execute function "book_category_stat"()`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await refoldSearchText(db);
  await createCategoryStat(db);
  if (migrationDialect(db) === 'postgres') {
    await createPostgresSearch(db);
    await createPostgresStatTriggers(db);
  } else {
    await createSqliteSearch(db);
    await createSqliteStatTriggers(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'postgres') {
    await sql`drop trigger "book_category_stat_update" on "book"`.execute(db);
    await sql`drop trigger "book_category_stat_insert_delete" on "book"`.execute(db);
    await sql`drop function "book_category_stat"()`.execute(db);
    await sql`drop function "book_category_stat_change"(text, integer, integer)`.execute(db);
    await sql`drop index "book_search"`.execute(db);
  } else {
    for (const trigger of [
      'book_category_stat_update',
      'book_category_stat_delete',
      'book_category_stat_insert',
      'book_search_delete',
      'book_search_update',
      'book_search_insert',
    ])
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    await sql`drop table "bookSearch"`.execute(db);
    await sql`drop table "bookSearchEntry"`.execute(db);
  }
  await db.schema.dropTable('categoryStat').execute();
}
