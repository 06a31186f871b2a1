/**
 * PostgreSQL: the word index of one book in 64, chosen by its id's hash, for the sample a search of
 * a large catalogue asks first (books/word-sample.ts). The sample was 5,000 books drawn by
 * `tablesample`, every one's title tsvectors checked (16 ms a search under load at a million
 * books, a fifth of PostgreSQL's time), and it left the descriptions out, so a search frequent
 * only in descriptions was counted through the whole index's bitmap (1 µs a match). Through this
 * index the sample is 15,600 books at a million, descriptions included, and costs what its
 * matches cost: 1.8 ms on average for the bench's searches. 9 s to build at a million books.
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
  await sql`create index "bookSearchText_sample" on "bookSearchText" using gin ("words")
    where (hashtext("bookId") & 63) = 0`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await sql`drop index "bookSearchText_sample"`.execute(db);
}
