/**
 * Migration 0090 on a database made by the release before it (books, current and returned loans,
 * ready and waiting holds, accounts without cards), on both databases: every book gets its copies,
 * every current loan and ready hold names one, every account gets a card, nothing else changes.
 */
import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../src/common/types.ts';
import { buildApp } from '../../src/server/app.ts';
import { newBookRow } from '../../src/server/books/book-rows.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import { Agent, signUp, validBook } from '../support/agent.ts';
import { expectCirculationInvariants } from '../support/invariants.ts';
import { createTestDatabase, databaseKinds, testConfig } from '../support/test-app.ts';

const PREVIOUS_RELEASE = '0080-copies-only-changes';

/** Books of the previous release: copies on the shelf, current loans and ready holds of each. */
const stock = [
  { quantity: 2, current: 1, ready: 0 },
  { quantity: 0, current: 2, ready: 1 },
  { quantity: 0, current: 0, ready: 0 },
  { quantity: 5, current: 0, ready: 0 },
];

/**
 * Accounts made by better-auth at the current release, then the schema taken back to the release
 * before copies (0090's own `down`), and that release's books, loans and holds written into it.
 */
async function previousRelease(url: string) {
  const app = await buildApp(testConfig(url), { logger: false });
  const users: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const { agent } = await signUp(app, `Reader ${index}`);
    users.push((await agent.get<{ user: { id: string } }>('/api/auth/get-session')).body.user.id);
  }
  await app.close();
  const database = openDatabase(url);
  try {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
    });
    const { error } = await migrator.migrateTo(PREVIOUS_RELEASE);
    if (error) throw error;
    const db = database.db;
    const bookIds: string[] = [];
    for (const [index, book] of stock.entries()) {
      // The row without the search keys that migration 0140 added after that release.
      const {
        searchKey: _key,
        searchDescription: _description,
        ...row
      } = newBookRow(
        { ...validBook, name: `Old book ${index}`, category: 'Novel', quantity: book.quantity },
        new Date(Date.UTC(2025, 0, index + 1)),
      );
      await db
        .insertInto('book')
        .values(row as never)
        .execute();
      bookIds.push(row.id);
      const createdAt = new Date(Date.UTC(2025, 5, 1)).toISOString();
      for (let loan = 0; loan < book.current; loan += 1) {
        await db
          .insertInto('loan')
          .values({
            id: randomUUID(),
            bookId: row.id,
            userId: users[loan] as string,
            userName: `Reader ${loan}`,
            userEmail: `reader${loan}@example.org`,
            slot: index + 1,
            borrowedDate: '2025-06-01',
            returnDate: '2025-06-15',
            createdAt,
            returnedAt: null,
          } as never)
          .execute();
      }
      // A returned loan of every book: history, with no copy to name.
      await db
        .insertInto('loan')
        .values({
          id: randomUUID(),
          bookId: row.id,
          userId: users[2] as string,
          userName: 'Reader 2',
          userEmail: 'reader2@example.org',
          slot: 1,
          borrowedDate: '2025-01-01',
          returnDate: '2025-01-15',
          createdAt,
          returnedAt: createdAt,
        } as never)
        .execute();
      if (book.ready > 0) {
        for (const [place, status] of (['ready', 'waiting'] as const).entries()) {
          await db
            .insertInto('hold')
            .values({
              id: randomUUID(),
              bookId: row.id,
              userId: users[2 - place] as string,
              userName: 'Reader',
              userEmail: 'reader@example.org',
              slot: 1,
              status,
              placedAt: createdAt,
              readyUntil: status === 'ready' ? '2999-01-01T00:00:00.000Z' : null,
            } as never)
            .execute();
        }
        await db.updateTable('book').set({ holds: 1 }).where('id', '=', row.id).execute();
      }
    }
    return { users, bookIds };
  } finally {
    await database.close();
  }
}

describe.each(databaseKinds)(
  'copies and cards for a database of the previous release on %s',
  (kind) => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let drop: () => Promise<void>;
    let before: Awaited<ReturnType<typeof previousRelease>>;

    beforeAll(async () => {
      const database = await createTestDatabase(kind);
      drop = database.drop;
      before = await previousRelease(database.url);
      app = await buildApp(testConfig(database.url), { logger: false });
    });
    afterAll(async () => {
      await app.close();
      await drop();
    });

    it('gives each book a copy per shelf place, current loan and ready hold, and keeps quantity', async () => {
      const db = app.database.db;
      for (const [index, bookId] of before.bookIds.entries()) {
        const expected = stock[index] as (typeof stock)[number];
        const copies = await db
          .selectFrom('copy')
          .select('status')
          .where('bookId', '=', bookId)
          .execute();
        const count = (status: string) => copies.filter((copy) => copy.status === status).length;
        expect({
          available: count('available'),
          onLoan: count('onLoan'),
          held: count('held'),
        }).toEqual({
          available: expected.quantity,
          onLoan: expected.current,
          held: expected.ready,
        });
        const book = await new Agent(app).get<Book>(`/api/books/${bookId}`);
        expect(book.body.quantity).toBe(expected.quantity);
      }
      const barcodes = await db.selectFrom('copy').select('barcode').execute();
      expect(new Set(barcodes.map((copy) => copy.barcode)).size).toBe(barcodes.length);
      await expectCirculationInvariants(db);
    });

    it('names the copy of every current loan and ready hold, and none of a returned loan', async () => {
      const db = app.database.db;
      const loans = await db
        .selectFrom('loan')
        .select(['copyId', 'barcode', 'returnedAt'])
        .execute();
      expect(loans).toHaveLength(3 + stock.length);
      for (const loan of loans) {
        if (loan.returnedAt === null) expect(loan.barcode).toMatch(/^3\d{9}$/);
        else expect(loan).toMatchObject({ copyId: null, barcode: null });
      }
      const ready = await db
        .selectFrom('hold')
        .select('copyId')
        .where('status', '=', 'ready')
        .execute();
      expect(ready).toHaveLength(1);
      expect(ready[0]?.copyId).toEqual(expect.any(String));
    });

    it('gives every existing account its card, unique, and lends to it at the desk', async () => {
      const db = app.database.db;
      const cards = await db.selectFrom('libraryCard').select(['userId', 'cardNumber']).execute();
      expect(cards.map((card) => card.userId).sort()).toEqual([...before.users].sort());
      expect(new Set(cards.map((card) => card.cardNumber)).size).toBe(cards.length);
      const registry = await db.selectFrom('barcode').select('kind').execute();
      expect(registry.filter((entry) => entry.kind === 'card')).toHaveLength(cards.length);
      // A migrated held copy goes to its member when they come for it.
      const held = await db
        .selectFrom('hold')
        .innerJoin('copy', 'copy.id', 'hold.copyId')
        .innerJoin('libraryCard', 'libraryCard.userId', 'hold.userId')
        .select(['copy.barcode', 'libraryCard.cardNumber'])
        .executeTakeFirstOrThrow();
      const { agent } = await signUp(app, 'Librarian');
      await app.database.db
        .updateTable('user')
        .set({ role: 'librarian' })
        .where('name', '=', 'Librarian')
        .execute();
      const lent = await agent.post('/api/desk/checkout', {
        cardNumber: held.cardNumber,
        barcode: held.barcode,
      });
      expect(lent.status).toBe(201);
      await expectCirculationInvariants(db);
    });
  },
);
