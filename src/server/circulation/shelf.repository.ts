/**
 * SQL for a book's stock: copies on the shelf (`quantity`) and members waiting (`holds`).
 * Every change to them runs with the book's row locked (lockBook), which orders all of a book's
 * circulation: two transactions touching one book never interleave.
 */
import type { Kysely } from 'kysely';
import { dialectOf } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

export interface Stock {
  id: string;
  quantity: number;
  holds: number;
}

/**
 * Reads the book's stock and keeps its row locked until the transaction ends. PostgreSQL locks
 * the row (FOR UPDATE); SQLite has one writer at a time, and a transaction that read before
 * another's commit cannot write (SQLITE_BUSY, run again by the caller), so reading is enough.
 */
export async function lockBook(tx: Kysely<DB>, bookId: string): Promise<Stock | undefined> {
  const query = tx.selectFrom('book').select(['id', 'quantity', 'holds']).where('id', '=', bookId);
  return (dialectOf(tx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Writes the stock a transaction computed, if it changed. */
export async function writeStock(tx: Kysely<DB>, before: Stock, after: Stock): Promise<void> {
  if (before.quantity === after.quantity && before.holds === after.holds) return;
  await tx
    .updateTable('book')
    .set({ quantity: after.quantity, holds: after.holds })
    .where('id', '=', before.id)
    .execute();
}

/** The book's name, as a notice or a ledger entry shows it. */
/** A book's name and what losing one of its copies charges (null: LOST_COPY_CHARGE). */
export async function bookCharges(
  db: Kysely<DB>,
  bookId: string,
): Promise<{ bookName: string; replacementCost: number | null }> {
  const row = await db
    .selectFrom('book')
    .select(['name', 'replacementCost'])
    .where('id', '=', bookId)
    .executeTakeFirst();
  return { bookName: row?.name ?? '', replacementCost: row?.replacementCost ?? null };
}

export async function bookName(db: Kysely<DB>, bookId: string): Promise<string> {
  const row = await db
    .selectFrom('book')
    .select('name')
    .where('id', '=', bookId)
    .executeTakeFirst();
  return row?.name ?? '';
}
