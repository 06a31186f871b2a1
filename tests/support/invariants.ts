/** The circulation invariants of DECISIONS.md §5, read straight from the database. */
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { BORROW_LIMIT } from '../../src/common/constants.ts';
import type { DB } from '../../src/server/db/schema.ts';

export interface Shelf {
  /** Copies on the shelf. */
  quantity: number;
  /** Copies out on loan. */
  onLoan: number;
}

/** Every book's copies on the shelf and on loan. */
export async function readShelves(db: Kysely<DB>): Promise<Map<string, Shelf>> {
  const books = await db.selectFrom('book').select(['id', 'quantity']).execute();
  const loans = await db.selectFrom('loan').select(['bookId']).execute();
  const shelves = new Map(books.map((book) => [book.id, { quantity: book.quantity, onLoan: 0 }]));
  for (const loan of loans) {
    const shelf = shelves.get(loan.bookId);
    if (shelf) shelf.onLoan += 1;
  }
  return shelves;
}

/** No negative stock, at most BORROW_LIMIT loans per member, never two loans of one book to one member. */
export async function expectCirculationInvariants(db: Kysely<DB>): Promise<void> {
  const negative = await db.selectFrom('book').select('id').where('quantity', '<', 0).execute();
  expect(negative).toEqual([]);
  const loans = await db.selectFrom('loan').select(['userId', 'bookId']).execute();
  const perMember = new Map<string, string[]>();
  for (const loan of loans)
    perMember.set(loan.userId, [...(perMember.get(loan.userId) ?? []), loan.bookId]);
  for (const books of perMember.values()) {
    expect(books.length).toBeLessThanOrEqual(BORROW_LIMIT);
    expect(new Set(books).size).toBe(books.length);
  }
}
