import { setRoleByEmail } from '../../src/server/members/members.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, BorrowCheck, Loan } from '../../src/common/types.ts';
import { addBook, signUp, type Agent, loanDates } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const dates = loanDates();

describe.each(databaseKinds)('circulation API on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;

  beforeAll(async () => {
    server = await startTestApp(kind);
    const signed = await signUp(server.app, 'Librarian');
    await setRoleByEmail(server.app.database.db, signed.email, 'librarian');
    librarian = signed.agent;
  });
  afterAll(() => server.close());

  const quantityOf = async (id: string) =>
    (await librarian.get<Book>(`/api/books/${id}`)).body.quantity;
  const borrow = (agent: Agent, bookId: string, extra: Record<string, unknown> = {}) =>
    agent.post<{ acknowledged: boolean; insertedId: string; code?: string }>('/api/borrowedBooks', {
      bookId,
      ...dates,
      ...extra,
    });

  it('borrows a copy for the signed-in member, taking it off the shelf', async () => {
    const { agent, email, name } = await signUp(server.app, 'Rahim Uddin');
    const bookId = await addBook(librarian, { quantity: 2 });
    const response = await borrow(agent, bookId, {
      userName: 'Someone Else',
      userEmail: 'other@example.org',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    expect(await quantityOf(bookId)).toBe(1);

    const loans = await agent.get<Loan[]>('/api/borrowedBooks');
    expect(loans.status).toBe(200);
    // The loan names the copy it lent, as every loan answer does (issue 35, item 1).
    const copies = await librarian.get<{ _id: string; barcode: string; status: string }[]>(
      `/api/books/${bookId}/copies`,
    );
    const lent = copies.body.find((copy) => copy.status === 'onLoan');
    expect(loans.body).toEqual([
      {
        _id: response.body.insertedId,
        bookId,
        userName: name,
        userEmail: email,
        ...dates,
        bookDetails: {
          _id: bookId,
          name: 'Pather Panchali',
          title: 'Pather Panchali',
          author: 'Bibhutibhushan Bandyopadhyay',
          category: 'Novel',
          image: '/covers/pather-panchali.svg',
        },
        overdue: false,
        daysLeft: 14,
        renewals: 0,
        renewable: true,
        returnedAt: null,
        lostAt: null,
        copyId: lent?._id,
        barcode: lent?.barcode,
        fineAccrued: 0,
      },
    ]);
  });

  it('lets a member borrow the last copy, then refuses the next member NOT_AVAILABLE', async () => {
    const bookId = await addBook(librarian, { quantity: 1 });
    const first = await signUp(server.app);
    const second = await signUp(server.app);
    expect((await borrow(first.agent, bookId)).status).toBe(201);
    expect(await quantityOf(bookId)).toBe(0);
    const refused = await borrow(second.agent, bookId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'NOT_AVAILABLE', error: expect.any(String) });
    expect((await second.agent.get<Loan[]>('/api/borrowedBooks')).body).toEqual([]);
  });

  it('refuses a second loan of the same book ALREADY_BORROWED', async () => {
    const { agent } = await signUp(server.app);
    const bookId = await addBook(librarian, { quantity: 5 });
    await borrow(agent, bookId);
    const refused = await borrow(agent, bookId);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ALREADY_BORROWED');
    expect(await quantityOf(bookId)).toBe(4);
  });

  it('refuses a fourth loan LIMIT_REACHED', async () => {
    const { agent } = await signUp(server.app);
    for (let index = 0; index < 3; index += 1) {
      expect((await borrow(agent, await addBook(librarian))).status).toBe(201);
    }
    const fourth = await addBook(librarian, { quantity: 2 });
    const refused = await borrow(agent, fourth);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LIMIT_REACHED');
    expect(await quantityOf(fourth)).toBe(2);
  });

  it('answers 404 BOOK_NOT_FOUND for a book that does not exist', async () => {
    const { agent } = await signUp(server.app);
    const refused = await borrow(agent, 'no-such-book');
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('BOOK_NOT_FOUND');
  });

  it.each([
    ['a missing return date', { returnDate: undefined }],
    [
      'a return date before the borrowed date',
      { borrowedDate: '2026-11-21', returnDate: '2026-11-20' },
    ],
    ['an impossible date', { returnDate: '2026-02-30' }],
    ['a date in another format', { borrowedDate: '21/11/2026' }],
    ['a numeric book id', { bookId: 42 }],
  ])('answers 400 for %s and takes no copy', async (_label, change) => {
    const { agent } = await signUp(server.app);
    const bookId = await addBook(librarian, { quantity: 2 });
    const response = await agent.post<{ code: string }>('/api/borrowedBooks', {
      bookId,
      ...dates,
      ...change,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION');
    expect(await quantityOf(bookId)).toBe(2);
  });

  it('reports whether a member can borrow, with the reason', async () => {
    const { agent } = await signUp(server.app);
    const check = (bookId: string) =>
      agent.get<BorrowCheck>(`/api/borrowedBooks/check?bookId=${bookId}`);
    const open = await addBook(librarian, { quantity: 1 });
    expect((await check(open)).body).toEqual({ canBorrow: true, reason: null });
    expect((await check('nope')).body).toEqual({ canBorrow: false, reason: 'NOT_FOUND' });
    await borrow(agent, open);
    expect((await check(open)).body).toEqual({ canBorrow: false, reason: 'NOT_AVAILABLE' });
    const other = await addBook(librarian, { quantity: 3 });
    await borrow(agent, other);
    expect((await check(other)).body).toEqual({ canBorrow: false, reason: 'ALREADY_BORROWED' });
    await borrow(agent, await addBook(librarian));
    expect((await check(await addBook(librarian))).body).toEqual({
      canBorrow: false,
      reason: 'LIMIT_REACHED',
    });
    expect((await agent.get('/api/borrowedBooks/check')).status).toBe(400);
  });

  it('returns a loan, putting the copy back in the same step', async () => {
    const { agent } = await signUp(server.app);
    const bookId = await addBook(librarian, { quantity: 1 });
    const loanId = (await borrow(agent, bookId)).body.insertedId;
    const response = await agent.delete(`/api/borrowedBooks/${loanId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await quantityOf(bookId)).toBe(1);
    expect((await agent.get<Loan[]>('/api/borrowedBooks')).body).toEqual([]);
    const again = await agent.delete(`/api/borrowedBooks/${loanId}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'LOAN_NOT_FOUND' });
    expect(await quantityOf(bookId)).toBe(1);
  });

  it("never shows or returns another member's loans", async () => {
    const owner = await signUp(server.app);
    const other = await signUp(server.app);
    const bookId = await addBook(librarian, { quantity: 1 });
    const loanId = (await borrow(owner.agent, bookId)).body.insertedId;

    expect((await other.agent.get<Loan[]>('/api/borrowedBooks')).body).toEqual([]);
    const peek = await other.agent.get(
      `/api/borrowedBooks?email=${encodeURIComponent(owner.email)}`,
    );
    expect(peek.status).toBe(403);
    expect(peek.body).toMatchObject({ code: 'FORBIDDEN' });
    const own = await owner.agent.get<Loan[]>(
      `/api/borrowedBooks?email=${encodeURIComponent(owner.email.toUpperCase())}`,
    );
    expect(own.body).toHaveLength(1);

    const steal = await other.agent.delete(`/api/borrowedBooks/${loanId}`);
    expect(steal.status).toBe(404);
    expect(await quantityOf(bookId)).toBe(0);
    expect((await owner.agent.get<Loan[]>('/api/borrowedBooks')).body).toHaveLength(1);
  });

  it('refuses every loan endpoint to a visitor', async () => {
    const { Agent } = await import('../support/agent.ts');
    const visitor = new Agent(server.app);
    for (const response of [
      await visitor.get('/api/borrowedBooks'),
      await visitor.get('/api/borrowedBooks/check?bookId=x'),
      await visitor.post('/api/borrowedBooks', { bookId: 'x', ...dates }),
      await visitor.delete('/api/borrowedBooks/x'),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('lets exactly as many members borrow as there are copies when they all try at once', async () => {
    const copies = 3;
    const bookId = await addBook(librarian, { quantity: copies });
    const members = await Promise.all(Array.from({ length: 12 }, () => signUp(server.app)));
    const results = await Promise.all(members.map(({ agent }) => borrow(agent, bookId)));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(copies);
    expect(
      results.filter((result) => result.status === 409).map((result) => result.body.code),
    ).toEqual(Array(members.length - copies).fill('NOT_AVAILABLE'));
    expect(await quantityOf(bookId)).toBe(0);
  });

  it('lets one member hold only three loans when borrowing many books at once', async () => {
    const { agent } = await signUp(server.app);
    const bookIds = await Promise.all(
      Array.from({ length: 8 }, () => addBook(librarian, { quantity: 2 })),
    );
    const results = await Promise.all(bookIds.map((bookId) => borrow(agent, bookId)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(3);
    expect(
      results
        .filter((result) => result.status === 409)
        .every((result) => result.body.code === 'LIMIT_REACHED'),
    ).toBe(true);
    expect((await agent.get<Loan[]>('/api/borrowedBooks')).body).toHaveLength(3);
    const quantities = await Promise.all(bookIds.map(quantityOf));
    expect(quantities.filter((quantity) => quantity === 1)).toHaveLength(3);
    expect(quantities.filter((quantity) => quantity === 2)).toHaveLength(5);
  });

  it('keeps one loan when a member borrows the same book many times at once', async () => {
    const { agent } = await signUp(server.app);
    const bookId = await addBook(librarian, { quantity: 5 });
    const results = await Promise.all(Array.from({ length: 6 }, () => borrow(agent, bookId)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(await quantityOf(bookId)).toBe(4);
  });

  it('puts a copy back once when the same loan is returned many times at once', async () => {
    const { agent } = await signUp(server.app);
    const bookId = await addBook(librarian, { quantity: 1 });
    const loanId = (await borrow(agent, bookId)).body.insertedId;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => agent.delete(`/api/borrowedBooks/${loanId}`)),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(await quantityOf(bookId)).toBe(1);
  });
});
