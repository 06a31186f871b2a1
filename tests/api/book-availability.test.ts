/**
 * When a copy comes back, and holds that could never be served (docs/product.md#circulation): a
 * book with no copy on the shelf says when its first loan is due (`expectedBack`); one with no
 * copy left in the collection (all lost or withdrawn) refuses holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Copy } from '../../src/common/copies.ts';
import type { Book } from '../../src/common/types.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
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
    const [early, late] = [await signUp(server.app, 'Early'), await signUp(server.app, 'Late')];
    const soon = loanDates(5);
    await late.agent.post('/api/borrowedBooks', { bookId: id, ...loanDates(10) });
    expect((await bookOf(id)).expectedBack).toBeNull();
    await early.agent.post('/api/borrowedBooks', { bookId: id, ...soon });
    expect(await bookOf(id)).toMatchObject({ quantity: 0, expectedBack: soon.returnDate });
    const listed = await editor.get<Book[]>('/api/books?q=expected');
    expect(listed.body.find((book) => book._id === id)?.expectedBack).toBe(soon.returnDate);
  });

  it('refuses a hold once no copy is left in the collection, and takes one while a copy is mended', async () => {
    const librarian = await signUp(server.app, 'Desk');
    await setRoleByEmail(server.app.database.db, librarian.email, 'librarian');
    const withdrawn = await addBook(editor, { quantity: 1 });
    await editor.patch(`/api/books/${withdrawn}`, { ...validBook, quantity: 0 });
    const member = await signUp(server.app, 'Waiter');
    const refused = await member.agent.post('/api/holds', { bookId: withdrawn });
    expect(refused).toMatchObject({ status: 409, body: { code: 'NOT_IN_COLLECTION' } });
    expect((await bookOf(withdrawn)).holds).toBe(0);

    const mended = await addBook(editor, { quantity: 1 });
    const [copy] = (await librarian.agent.get<Copy[]>(`/api/books/${mended}/copies`)).body;
    await librarian.agent.patch(`/api/copies/${copy?._id}`, { status: 'damaged' });
    expect((await member.agent.post('/api/holds', { bookId: mended })).status).toBe(201);
  });
});
