/**
 * When a copy comes back, and holds that could never be served
 * (docs/product/catalogue-and-accounts.md): a book with no copy on the shelf says when its first
 * loan is due (`expectedBack`); one with no copy in the collection refuses holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../src/common/types.ts';
import { addBook, loanDates, signUp, validBook, type Agent } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(databaseKinds)('expected back and the collection on %s', (kind) => {
  let server: TestApp;
  let editor: Agent;

  beforeAll(async () => {
    server = await startTestApp(kind);
    editor = (await signUp(server.app, 'Editor')).agent;
  });
  afterAll(() => server.close());

  const bookOf = async (id: string) => (await editor.get<Book>(`/api/books/${id}`)).body;

  it('says when the first copy is due back once none is on the shelf', async () => {
    const id = await addBook(editor, { quantity: 2, name: 'Expected Back' });
    expect((await bookOf(id)).expectedBack).toBeNull();
    const early = await signUp(server.app, 'Early');
    const late = await signUp(server.app, 'Late');
    const soon = loanDates(5);
    await late.agent.post('/api/borrowedBooks', { bookId: id, ...loanDates(10) });
    expect((await bookOf(id)).expectedBack).toBeNull();
    await early.agent.post('/api/borrowedBooks', { bookId: id, ...soon });
    expect(await bookOf(id)).toMatchObject({ quantity: 0, expectedBack: soon.returnDate });
    const listed = await editor.get<Book[]>('/api/books?q=expected');
    expect(listed.body.find((book) => book._id === id)?.expectedBack).toBe(soon.returnDate);
  });

  it('refuses a hold on a book with no copy in the collection', async () => {
    const id = await addBook(editor, { quantity: 1 });
    await editor.patch(`/api/books/${id}`, { ...validBook, quantity: 0 });
    const member = await signUp(server.app, 'Waiter');
    const refused = await member.agent.post('/api/holds', { bookId: id });
    expect(refused).toMatchObject({ status: 409, body: { code: 'NOT_IN_COLLECTION' } });
    expect((await bookOf(id)).holds).toBe(0);
  });
});
