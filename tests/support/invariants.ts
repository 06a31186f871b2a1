/** The circulation invariants of DECISIONS.md §5 and §9, read straight from the database. */
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { BORROW_LIMIT, CIRCULATION_DEFAULTS } from '../../src/common/constants.ts';
import type { DB } from '../../src/server/db/schema.ts';

export interface Shelf {
  /** Copies on the shelf. */
  quantity: number;
  /** Copies out on loan. */
  onLoan: number;
  /** Copies kept for ready holds. */
  kept: number;
}

/** Every book's copies on the shelf, on loan and kept for ready holds. */
export async function readShelves(db: Kysely<DB>): Promise<Map<string, Shelf>> {
  const books = await db.selectFrom('book').select(['id', 'quantity']).execute();
  const loans = await db
    .selectFrom('loan')
    .select(['bookId'])
    .where('returnedAt', 'is', null)
    .execute();
  const ready = await db
    .selectFrom('hold')
    .select('bookId')
    .where('status', '=', 'ready')
    .execute();
  const shelves = new Map(
    books.map((book) => [book.id, { quantity: book.quantity, onLoan: 0, kept: 0 }]),
  );
  for (const loan of loans) {
    const shelf = shelves.get(loan.bookId);
    if (shelf) shelf.onLoan += 1;
  }
  for (const hold of ready) {
    const shelf = shelves.get(hold.bookId);
    if (shelf) shelf.kept += 1;
  }
  return shelves;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/**
 * No negative stock; at most BORROW_LIMIT current loans and HOLDS_MAX holds per member, never two
 * of one book; each book's `holds` counts its waiting holds, and nobody waits while a copy is on
 * the shelf.
 */
export async function expectCirculationInvariants(
  db: Kysely<DB>,
  holdsMax: number = CIRCULATION_DEFAULTS.holdsMax,
): Promise<void> {
  const negative = await db.selectFrom('book').select('id').where('quantity', '<', 0).execute();
  expect(negative).toEqual([]);
  const loans = await db
    .selectFrom('loan')
    .select(['userId', 'bookId'])
    .where('returnedAt', 'is', null)
    .execute();
  for (const held of groupBy(loans, (loan) => loan.userId).values()) {
    expect(held.length).toBeLessThanOrEqual(BORROW_LIMIT);
    expect(new Set(held.map((loan) => loan.bookId)).size).toBe(held.length);
  }
  const holds = await db.selectFrom('hold').select(['userId', 'bookId', 'status']).execute();
  for (const held of groupBy(holds, (hold) => hold.userId).values()) {
    expect(held.length).toBeLessThanOrEqual(holdsMax);
    expect(new Set(held.map((hold) => hold.bookId)).size).toBe(held.length);
  }
  const waiting = groupBy(
    holds.filter((hold) => hold.status === 'waiting'),
    (hold) => hold.bookId,
  );
  const books = await db.selectFrom('book').select(['id', 'quantity', 'holds']).execute();
  for (const book of books) {
    const queue = waiting.get(book.id)?.length ?? 0;
    expect({ book: book.id, holds: book.holds }).toEqual({ book: book.id, holds: queue });
    if (queue > 0)
      expect({ book: book.id, quantity: book.quantity }).toEqual({ book: book.id, quantity: 0 });
  }
  await expectCopyInvariants(db);
}

/**
 * Copies (docs/product/desk.md): each book's quantity is its available copies; each current loan
 * of a copy holds it `onLoan` and each `onLoan` copy has one current loan; each ready hold keeps
 * a `held` copy of its book and each `held` copy is kept for one ready hold.
 */
export async function expectCopyInvariants(db: Kysely<DB>): Promise<void> {
  const books = await db.selectFrom('book').select(['id', 'quantity']).execute();
  const copies = await db.selectFrom('copy').select(['id', 'bookId', 'status']).execute();
  const available = groupBy(
    copies.filter((copy) => copy.status === 'available'),
    (copy) => copy.bookId,
  );
  for (const book of books) {
    expect({ book: book.id, quantity: book.quantity }).toEqual({
      book: book.id,
      quantity: available.get(book.id)?.length ?? 0,
    });
  }
  const byId = new Map(copies.map((copy) => [copy.id, copy]));
  const loans = await db
    .selectFrom('loan')
    .select(['id', 'bookId', 'copyId'])
    .where('returnedAt', 'is', null)
    .execute();
  for (const loan of loans) {
    expect({ loan: loan.id, copy: byId.get(loan.copyId ?? '')?.status }).toEqual({
      loan: loan.id,
      copy: 'onLoan',
    });
    expect(byId.get(loan.copyId ?? '')?.bookId).toBe(loan.bookId);
  }
  const lent = new Set(loans.map((loan) => loan.copyId));
  expect(copies.filter((copy) => copy.status === 'onLoan' && !lent.has(copy.id))).toEqual([]);
  const ready = await db
    .selectFrom('hold')
    .select(['id', 'bookId', 'copyId'])
    .where('status', '=', 'ready')
    .execute();
  for (const hold of ready) {
    expect({ hold: hold.id, copy: byId.get(hold.copyId ?? '')?.status }).toEqual({
      hold: hold.id,
      copy: 'held',
    });
  }
  const kept = new Set(ready.map((hold) => hold.copyId));
  expect(copies.filter((copy) => copy.status === 'held' && !kept.has(copy.id))).toEqual([]);
}
