/**
 * PostgreSQL: the tiers' tsvectors (migration 0198) hold their words as the search writes them,
 * with every word's beginnings of 2, 3 and 4 letters as lexemes of their own (`the~`), as SQLite's
 * FTS5 table holds prefix indexes of 2-4 letters (migration 0140); keys are marked apart (`#kmr`,
 * beginnings `#kmr~`).
 *
 * GIN answers a word's beginning (`'the':*`) by merging the lists of every word that begins so
 * into one bitmap before anything narrows it: at a million books, "the" and "and" are in half the
 * titles, and a pair of them built both bitmaps whole. A beginning that is a lexeme of its own is
 * one list, which GIN skips through when a rarer word drives the search. Longer beginnings stay
 * `:*`: few words share them.
 *
 * Since 0198 the tiers' tsvectors are unweighted, and a key of a title ("str", of "sitar") was
 * found among its words ("strange"); the mark keeps them apart. The description's words and
 * their keys are one list (`searchDescription`): each is filed as both, as the weights of 0140 did.
 *
 * The lexemes are the words and keys as they are (split at their spaces, not parsed again), so a
 * query's words, folded by the same code, are looked for verbatim. Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The lexemes of words (with their beginnings) and keys (marked, with theirs), each once. Words
 * over 2,047 bytes, which no tsvector can hold, are left out, as to_tsvector leaves them out.
 */
const searchLexemes = sql`create or replace function "search_lexemes"("words" text, "keys" text)
  returns tsvector language sql immutable parallel safe as $$
    select array_to_tsvector(array(
      select distinct "lexeme" from (
        select "word" as "lexeme" from regexp_split_to_table("words", ' ') "word"
        union all
        select left("word", "letters") || '~'
          from regexp_split_to_table("words", ' ') "word", generate_series(2, 4) "letters"
          where length("word") >= "letters"
        union all
        select '#' || "key" from regexp_split_to_table("keys", ' ') "key" where "key" <> ''
        union all
        select '#' || left("key", "letters") || '~'
          from regexp_split_to_table("keys", ' ') "key", generate_series(3, 4) "letters"
          where length("key") >= "letters"
      ) "all" where "lexeme" <> '' and octet_length("lexeme") < 2048))
  $$`;

const best = (row: string) => `"search_lexemes"(${row}."searchText", '')`;
const near = (row: string) => `"search_lexemes"(${row}."searchText", ${row}."searchKey")`;
const any = (
  row: string,
) => `"search_lexemes"(${row}."searchText" || ' ' || ${row}."searchDescription",
    ${row}."searchKey" || ' ' || ${row}."searchDescription")`;

/** Migration 0198's expressions: the words parsed by to_tsvector, weighted in `words`. */
const parsed = {
  best: (row: string) => `to_tsvector('simple', ${row}."searchText")`,
  near: (row: string) =>
    `to_tsvector('simple', ${row}."searchText") || to_tsvector('simple', ${row}."searchKey")`,
  any: (row: string) => `setweight(to_tsvector('simple', ${row}."searchText"), 'A')
    || setweight(to_tsvector('simple', ${row}."searchKey"), 'B')
    || setweight(to_tsvector('simple', ${row}."searchDescription"), 'C')`,
};

type Expressions = { best: typeof best; near: typeof near; any: typeof any };

function searchTextTrigger(tiers: Expressions) {
  return sql`create or replace function "book_search_text"() returns trigger language plpgsql as $$
    begin
      insert into "bookSearchText" ("bookId", "createdAt", "searchText", "words", "bestWords", "nearWords")
        values (new."id", new."createdAt", new."searchText", ${sql.raw(tiers.any('new'))},
          ${sql.raw(tiers.best('new'))}, ${sql.raw(tiers.near('new'))})
      on conflict ("bookId") do update set
        "createdAt" = excluded."createdAt", "searchText" = excluded."searchText",
        "words" = excluded."words", "bestWords" = excluded."bestWords",
        "nearWords" = excluded."nearWords";
      -- In the words' order, so two books of the same new words never wait on each other in turn.
      insert into "searchWord" ("word")
        select distinct "word" from regexp_split_to_table(new."searchText", ' ') "word"
        where "word" <> '' order by "word"
      on conflict do nothing;
      return null;
    end $$`;
}

/** Every book's tsvectors written again, with the indexes dropped first and made once after. */
async function rewrite(db: AnyDb, tiers: Expressions): Promise<void> {
  await sql`drop index "bookSearchText_words", "bookSearchText_bestWords", "bookSearchText_nearWords"`.execute(
    db,
  );
  await sql`update "bookSearchText" e set "words" = ${sql.raw(tiers.any('b'))},
    "bestWords" = ${sql.raw(tiers.best('b'))}, "nearWords" = ${sql.raw(tiers.near('b'))}
    from "book" b where b."id" = e."bookId"`.execute(db);
  for (const column of ['words', 'bestWords', 'nearWords']) {
    await sql`create index ${sql.id(`bookSearchText_${column}`)} on "bookSearchText"
      using gin (${sql.id(column)})`.execute(db);
  }
  await searchTextTrigger(tiers).execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await searchLexemes.execute(db);
  await rewrite(db, { best, near, any });
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await rewrite(db, parsed);
  await sql`drop function "search_lexemes"`.execute(db);
}
