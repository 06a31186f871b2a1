/**
 * What a book's copies off the shelf amount to (docs/product/catalogue-and-accounts.md): whether
 * a hold has anything to wait for, and when the first copy on loan is due back. Today a copy off
 * the shelf is on loan or kept for a ready hold; once copies carry their own statuses (lost,
 * withdrawn), these two functions are where "in the collection" is asked of them.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Copies of the book that will come back to the shelf or to a member: on loan, or held. */
export async function copiesComingBack(db: Kysely<DB>, bookId: string): Promise<number> {
  const [loans, held] = await Promise.all([
    db
      .selectFrom('loan')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('bookId', '=', bookId)
      .where('returnedAt', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('hold')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('bookId', '=', bookId)
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow(),
  ]);
  return Number(loans.count) + Number(held.count);
}

/** Per book, the earliest due date (`YYYY-MM-DD`) of its open loans; books with none are absent. */
export async function earliestDueDates(
  db: Kysely<DB>,
  bookIds: readonly string[],
): Promise<Map<string, string>> {
  if (bookIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('loan')
    .select((eb) => ['bookId', eb.fn.min('returnDate').as('due')])
    .where('bookId', 'in', bookIds)
    .where('returnedAt', 'is', null)
    .groupBy('bookId')
    .execute();
  return new Map(rows.map((row) => [row.bookId, String(row.due)]));
}
