/**
 * Books added straight into the catalogue with ids in PostgreSQL's word sample (one book in
 * SAMPLE_EVERY, by its id's hash: migration 0201, src/server/books/word-sample.ts), or in its small
 * sample (SMALL_SAMPLE_EVERY, 0202), so that a test's few books are what the sample of a large
 * catalogue finds. On SQLite any id will do.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { BookCreate } from '../../src/common/schemas.ts';
import { newBookRow } from '../../src/server/books/book-rows.ts';
import { SAMPLE_EVERY } from '../../src/server/books/word-sample.ts';
import { addShelfCopies } from '../../src/server/copies/copies.ts';
import { dialectOf } from '../../src/server/db/database.ts';
import type { DB } from '../../src/server/db/schema.ts';

async function sampledIds(db: Kysely<DB>, count: number, oneIn: number): Promise<string[]> {
  if (dialectOf(db) !== 'postgres') return Array.from({ length: count }, () => randomUUID());
  const ids: string[] = [];
  while (ids.length < count) {
    const candidates = Array.from({ length: oneIn * count }, () => randomUUID());
    const { rows } = await sql<{ id: string }>`select "id" from unnest(${candidates}::text[]) "id"
      where (hashtext("id") & ${oneIn - 1}) = 0`.execute(db);
    ids.push(...rows.map((row) => row.id));
  }
  return ids.slice(0, count);
}

/**
 * Adds `books` with ids among one book in `oneIn` (SAMPLE_EVERY or SMALL_SAMPLE_EVERY), each a
 * millisecond newer than the one before; answers their ids in order.
 */
export async function addSampledBooks(
  db: Kysely<DB>,
  books: BookCreate[],
  oneIn = SAMPLE_EVERY,
): Promise<string[]> {
  const ids = await sampledIds(db, books.length, oneIn);
  const start = Date.now();
  await db.transaction().execute(async (tx) => {
    for (const [index, book] of books.entries()) {
      const at = new Date(start + index);
      await tx
        .insertInto('book')
        .values({ ...newBookRow(book, at), id: ids[index] as string })
        .execute();
      await addShelfCopies(tx, [{ bookId: ids[index] as string, count: book.quantity }], at);
    }
  });
  return ids;
}
