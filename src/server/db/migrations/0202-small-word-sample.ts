/**
 * PostgreSQL: the word index of one book in 1,024, among the books of 0201's sample, for the
 * small sample a search of a large catalogue asks first (books/word-sample.ts). A word in one
 * book in sixteen or more matched thousands of 0201's sample, each a heap page of its own ("the":
 * 8,800 pages, 20 ms alone, up to 1.4 s under load at a million books); here it matches hundreds.
 *
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await sql`create index "bookSearchText_smallSample" on "bookSearchText" using gin ("words")
    where (hashtext("bookId") & 1023) = 0`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await sql`drop index "bookSearchText_smallSample"`.execute(db);
}
