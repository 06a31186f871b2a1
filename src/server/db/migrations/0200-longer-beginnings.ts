/**
 * PostgreSQL: beginnings of up to eight letters as lexemes of their own (`garden~`, `#grdn~`),
 * where migration 0199 stopped at four. A word typed of five letters or more was asked as
 * `'garden':*`, which GIN answers by merging the list of every word that begins so into one
 * bitmap before the other words narrow it: at a million books, "mitra garden" built the bitmap of
 * 68,000 books to find 877, 59 ms, against 5 ms when each word is one list GIN skips through.
 * Words longer than eight letters are still asked by `:*`: few words share so long a beginning.
 * The tsvectors grow by about a third (`words`, 232 lexemes a book on average, becomes 318).
 *
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** `search_lexemes` of migration 0199, its beginnings up to `letters` letters. */
const searchLexemesUpTo = (letters: number) => sql`create or replace function
  "search_lexemes"("words" text, "keys" text)
  returns tsvector language sql immutable parallel safe as $$
    select array_to_tsvector(array(
      select distinct "lexeme" from (
        select "word" as "lexeme" from regexp_split_to_table("words", ' ') "word"
        union all
        select left("word", "letters") || '~'
          from regexp_split_to_table("words", ' ') "word",
            generate_series(2, ${sql.lit(letters)}) "letters"
          where length("word") >= "letters"
        union all
        select '#' || "key" from regexp_split_to_table("keys", ' ') "key" where "key" <> ''
        union all
        select '#' || left("key", "letters") || '~'
          from regexp_split_to_table("keys", ' ') "key",
            generate_series(3, ${sql.lit(letters)}) "letters"
          where length("key") >= "letters"
      ) "all" where "lexeme" <> '' and octet_length("lexeme") < 2048))
  $$`;

/** Every book's tsvectors written again (the trigger calls `search_lexemes`), indexes made after. */
async function rewrite(db: AnyDb): Promise<void> {
  await sql`drop index "bookSearchText_words", "bookSearchText_bestWords", "bookSearchText_nearWords"`.execute(
    db,
  );
  await sql`update "bookSearchText" e set
    "words" = "search_lexemes"(b."searchText" || ' ' || b."searchDescription",
      b."searchKey" || ' ' || b."searchDescription"),
    "bestWords" = "search_lexemes"(b."searchText", ''),
    "nearWords" = "search_lexemes"(b."searchText", b."searchKey")
    from "book" b where b."id" = e."bookId"`.execute(db);
  // The indexes are built in memory rather than in sorted runs on disk (the default is 64 MB).
  await sql`set local maintenance_work_mem = '256MB'`.execute(db);
  for (const column of ['words', 'bestWords', 'nearWords']) {
    await sql`create index ${sql.id(`bookSearchText_${column}`)} on "bookSearchText"
      using gin (${sql.id(column)})`.execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await searchLexemesUpTo(8).execute(db);
  await rewrite(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await searchLexemesUpTo(4).execute(db);
  await rewrite(db);
}
