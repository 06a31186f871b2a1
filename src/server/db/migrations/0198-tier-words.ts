/**
 * PostgreSQL: a word index per tier of the relevance order (books/word-query.ts), beside the
 * weighted `words` of migration 0140. GIN keeps no weights: a query of title words only
 * (`'and':*A & 'the':*A`) took every book with those words anywhere, descriptions included, from
 * the index and read each one's row to check the weights: 38,000 pages and 1.2 s at a million
 * books for none found (docs/performance.md). `bestWords` holds the title's and author's words,
 * `nearWords` those and their romanised keys, so each tier asks its own index and reads only
 * the rows that match. SQLite's FTS5 table has a column per part already. Frozen history:
 * literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const best = (row: string) => `to_tsvector('simple', ${row}."searchText")`;
const near = (row: string) =>
  `to_tsvector('simple', ${row}."searchText") || to_tsvector('simple', ${row}."searchKey")`;
const words = (row: string) => `setweight(to_tsvector('simple', ${row}."searchText"), 'A')
    || setweight(to_tsvector('simple', ${row}."searchKey"), 'B')
    || setweight(to_tsvector('simple', ${row}."searchDescription"), 'C')`;

/** Migration 0140's trigger function, or this one's with the tiers' columns. */
function searchTextTrigger(withTiers: boolean) {
  const columns = withTiers ? `, "bestWords", "nearWords"` : '';
  const values = withTiers ? `, ${best('new')}, ${near('new')}` : '';
  const updates = withTiers
    ? `, "bestWords" = excluded."bestWords", "nearWords" = excluded."nearWords"`
    : '';
  return sql`create or replace function "book_search_text"() returns trigger language plpgsql as $$
    begin
      insert into "bookSearchText" ("bookId", "createdAt", "searchText", "words"${sql.raw(columns)})
        values (new."id", new."createdAt", new."searchText", ${sql.raw(words('new'))}${sql.raw(values)})
      on conflict ("bookId") do update set
        "createdAt" = excluded."createdAt", "searchText" = excluded."searchText",
        "words" = excluded."words"${sql.raw(updates)};
      -- In the words' order, so two books of the same new words never wait on each other in turn.
      insert into "searchWord" ("word")
        select distinct "word" from regexp_split_to_table(new."searchText", ' ') "word"
        where "word" <> '' order by "word"
      on conflict do nothing;
      return null;
    end $$`;
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`alter table "bookSearchText" add column "bestWords" tsvector,
    add column "nearWords" tsvector`.execute(db);
  await sql`update "bookSearchText" e set "bestWords" = ${sql.raw(best('b'))},
    "nearWords" = ${sql.raw(near('b'))} from "book" b where b."id" = e."bookId"`.execute(db);
  await sql`alter table "bookSearchText" alter column "bestWords" set not null,
    alter column "nearWords" set not null`.execute(db);
  await sql`create index "bookSearchText_bestWords" on "bookSearchText" using gin ("bestWords")`.execute(
    db,
  );
  await sql`create index "bookSearchText_nearWords" on "bookSearchText" using gin ("nearWords")`.execute(
    db,
  );
  await searchTextTrigger(true).execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'postgres') await upPostgres(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await searchTextTrigger(false).execute(db);
  await sql`alter table "bookSearchText" drop column "bestWords", drop column "nearWords"`.execute(
    db,
  );
}
