/**
 * RETURNS=desk (issue 35, item 11; docs/product/desk.md), on both databases: an online Borrow
 * sets a copy aside that the desk's checkout lends, a copy nobody came for goes back on the shelf,
 * and members' own returns are refused while the desk's check-in returns. The rest of lending at
 * the desk is in desk-lending.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Copy, LibraryCard } from '../../src/common/copies.ts';
import type { Book, Hold, Loan } from '../../src/common/types.ts';
import { addBook, loanDates, signUp, signUpLibrarian, type Agent } from '../support/agent.ts';
import { expectCirculationInvariants } from '../support/invariants.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

const HEAD = 'head.desk@example.org';

interface Refusal {
  code: string;
  error: string;
}

describe.each(databaseKinds)('RETURNS=desk on %s', (kind) => {
  const clock = new MovableClock();
  let server: TestApp;
  let librarian: Agent;
  beforeAll(async () => {
    server = await startTestApp(kind, { RETURNS: 'desk', LIBRARIAN_EMAILS: HEAD }, clock);
    librarian = await signUpLibrarian(server, HEAD, 'Head');
  });
  afterAll(() => server.close());

  const quantityOf = async (bookId: string) =>
    (await librarian.get<Book>(`/api/books/${bookId}`)).body.quantity;
  const borrow = (agent: Agent, bookId: string) =>
    agent.post<{ insertedId: string; setAsideUntil?: string }>('/api/borrowedBooks', {
      bookId,
      ...loanDates(14, clock.date()),
    });

  it('sets a copy aside for an online Borrow; the desk’s checkout starts the loan (issue 35, item 11)', async () => {
    const bookId = await addBook(librarian, { quantity: 1 });
    const { agent } = await signUp(server.app);
    const asked = await borrow(agent, bookId);
    expect(asked.status).toBe(201);
    expect(asked.body.setAsideUntil).toEqual(expect.any(String));
    // No loan yet: a ready hold keeps the copy off the shelf, for the member only.
    expect((await agent.get<Loan[]>('/api/borrowedBooks')).body).toEqual([]);
    const [hold] = (await agent.get<Hold[]>('/api/holds')).body;
    expect(hold).toMatchObject({ _id: asked.body.insertedId, bookId, status: 'ready' });
    expect(await quantityOf(bookId)).toBe(0);
    // Asked again, the same copy kept.
    expect((await borrow(agent, bookId)).body.insertedId).toBe(asked.body.insertedId);
    const [copy] = (await librarian.get<Copy[]>(`/api/books/${bookId}/copies`)).body;
    expect(copy?.status).toBe('held');
    const card = (await agent.get<LibraryCard>('/api/card')).body;
    const lent = await librarian.post('/api/desk/checkout', {
      cardNumber: card.cardNumber,
      barcode: copy?.barcode,
    });
    expect(lent.status).toBe(201);
    expect((await agent.get<Hold[]>('/api/holds')).body).toEqual([]);
    const [loan] = (await agent.get<Loan[]>('/api/borrowedBooks')).body;
    expect(loan).toMatchObject({ bookId, barcode: copy?.barcode });
    await expectCirculationInvariants(server.app.database.db);
  });

  it('puts a copy set aside back on the shelf when nobody came for it', async () => {
    const bookId = await addBook(librarian, { quantity: 1 });
    const { agent } = await signUp(server.app);
    expect((await borrow(agent, bookId)).status).toBe(201);
    expect(await quantityOf(bookId)).toBe(0);
    clock.advanceDays(5);
    await server.app.holds.sweepExpired();
    expect(await quantityOf(bookId)).toBe(1);
    expect((await agent.get<Hold[]>('/api/holds')).body).toEqual([]);
    await expectCirculationInvariants(server.app.database.db);
  });

  it("refuses a member's own return with 403 RETURN_AT_DESK; the desk's check-in returns it", async () => {
    const bookId = await addBook(librarian, { quantity: 1 });
    const { agent } = await signUp(server.app);
    await borrow(agent, bookId);
    const card = (await agent.get<LibraryCard>('/api/card')).body;
    const [copy] = (await librarian.get<Copy[]>(`/api/books/${bookId}/copies`)).body;
    await librarian.post('/api/desk/checkout', {
      cardNumber: card.cardNumber,
      barcode: copy?.barcode,
    });
    const [loan] = (await agent.get<Loan[]>('/api/borrowedBooks')).body;
    const refused = await agent.delete<Refusal>(`/api/borrowedBooks/${loan?._id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('RETURN_AT_DESK');
    expect((await agent.get<Loan[]>('/api/borrowedBooks')).body).toHaveLength(1);
    const back = await librarian.post('/api/desk/checkin', { barcode: copy?.barcode });
    expect(back.status).toBe(200);
    expect((await agent.get<Loan[]>('/api/borrowedBooks')).body).toEqual([]);
    await expectCirculationInvariants(server.app.database.db);
  });
});
