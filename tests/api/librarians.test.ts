/**
 * Librarians (docs/product.md#librarians, issue 12), on both databases: roles from the database and from
 * LIBRARIAN_EMAILS, check-in and renewal at the desk under the circulation rules, blocked members,
 * withdrawing books, and the desk's lists and figures. Who may call what is in authorization.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Book,
  BorrowCheck,
  CategorySummary,
  DeskHold,
  DeskMember,
  DeskStats,
  Hold,
  Loan,
} from '../../src/common/types.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import {
  addBook,
  loanDates,
  signUp,
  uniqueEmail,
  VALID_PASSWORD,
  confirmationLink,
  signUpLibrarian,
  Agent,
} from '../support/agent.ts';
import { expectCirculationInvariants } from '../support/invariants.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

const LISTED_LIBRARIAN = 'head.librarian@example.org';

interface SessionAnswer {
  user: { id: string; email: string; role: string };
}

describe.each(databaseKinds)('librarians on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  const clock = new MovableClock();

  beforeAll(async () => {
    server = await startTestApp(
      kind,
      { LIBRARIAN_EMAILS: ` Someone@Example.org , ${LISTED_LIBRARIAN.toUpperCase()}` },
      clock,
    );
    const agent = new Agent(server.app);
    await agent.get('/api/health');
    const signedUp = await agent.post('/api/auth/sign-up/email', {
      name: 'Head Librarian',
      email: LISTED_LIBRARIAN,
      password: VALID_PASSWORD,
    });
    expect(signedUp.status).toBe(200);
    // Listed, but a member until the address is confirmed (issue 33, item 5).
    const unconfirmed = await agent.get<SessionAnswer>('/api/auth/get-session');
    expect(unconfirmed.body.user.role).toBe('member');
    expect((await agent.get('/api/desk/stats')).status).toBe(403);
    await agent.get(await confirmationLink(LISTED_LIBRARIAN, server.config.authSecret));
    librarian = agent;
  });
  afterAll(() => server.close());

  const dates = () => loanDates(14, clock.date());
  const member = async (name = 'Member') => {
    const signed = await signUp(server.app, name);
    const session = await signed.agent.get<SessionAnswer>('/api/auth/get-session');
    return { ...signed, id: session.body.user.id };
  };
  const borrow = (agent: Agent, bookId: string) =>
    agent.post<{ insertedId: string; code?: string }>('/api/borrowedBooks', {
      bookId,
      ...dates(),
    });
  const bookOf = async (id: string) => (await librarian.get<Book>(`/api/books/${id}`)).body;
  const holdsOf = async (agent: Agent) => (await agent.get<Hold[]>('/api/holds')).body;

  describe('roles', () => {
    it('makes LIBRARIAN_EMAILS librarians once confirmed, in any case, and says so in the session', async () => {
      const session = await librarian.get<SessionAnswer>('/api/auth/get-session');
      expect(session.body.user.role).toBe('librarian');
      expect((await librarian.get('/api/desk/stats')).status).toBe(200);
      const plain = await member();
      const theirs = await plain.agent.get<SessionAnswer>('/api/auth/get-session');
      expect(theirs.body.user.role).toBe('member');
    });

    it('never takes a role from the sign-up body', async () => {
      const agent = new Agent(server.app);
      await agent.get('/api/health');
      const email = uniqueEmail('climber');
      await agent.post('/api/auth/sign-up/email', {
        name: 'Climber',
        email,
        password: VALID_PASSWORD,
        role: 'librarian',
      });
      // Refused outright or signed up as a member: either way no desk.
      expect([401, 403]).toContain((await agent.get('/api/desk/stats')).status);
    });

    it('reads the role from the database on every request: a grant and a revoke apply at once', async () => {
      const staff = await member('Staff');
      expect((await staff.agent.get('/api/desk/holds')).status).toBe(403);
      const granted = await librarian.patch<DeskMember>(`/api/desk/members/${staff.id}`, {
        role: 'librarian',
      });
      expect(granted.status).toBe(200);
      expect(granted.body).toMatchObject({ _id: staff.id, role: 'librarian', blocked: false });
      expect((await staff.agent.get('/api/desk/holds')).status).toBe(200);
      await setRoleByEmail(server.app.database.db, staff.email, 'member');
      const refused = await staff.agent.get<{ code: string }>('/api/desk/holds');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    });

    it('answers 404 MEMBER_NOT_FOUND and 400 for a bad change', async () => {
      const missing = await librarian.patch<{ code: string }>('/api/desk/members/nobody', {
        blocked: true,
      });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('MEMBER_NOT_FOUND');
      const someone = await member();
      for (const body of [{ role: 'admin' }, { blocked: 'yes' }, { name: 'Renamed' }]) {
        const bad = await librarian.patch<{ code: string }>(
          `/api/desk/members/${someone.id}`,
          body,
        );
        expect(bad.status).toBe(400);
        expect(bad.body.code).toBe('VALIDATION');
      }
    });
  });

  describe('check-in and renewal at the desk', () => {
    it('checks a loan in so the copy serves the holds queue first, in order', async () => {
      const bookId = await addBook(librarian, { quantity: 1 });
      const reader = await member('Reader');
      const first = await member('First');
      const second = await member('Second');
      const loan = await borrow(reader.agent, bookId);
      expect(loan.status).toBe(201);
      expect((await first.agent.post('/api/holds', { bookId })).status).toBe(201);
      expect((await second.agent.post('/api/holds', { bookId })).status).toBe(201);

      const returned = await librarian.post(`/api/desk/loans/${loan.body.insertedId}/return`);
      expect(returned.status).toBe(200);
      expect(returned.body).toEqual({ acknowledged: true, deletedCount: 1 });

      expect((await holdsOf(first.agent))[0]).toMatchObject({ status: 'ready', position: null });
      expect((await holdsOf(second.agent))[0]).toMatchObject({ status: 'waiting', position: 1 });
      expect(await bookOf(bookId)).toMatchObject({ quantity: 0, holds: 1 });
      expect((await borrow(second.agent, bookId)).body.code).toBe('NOT_AVAILABLE');
      expect((await borrow(first.agent, bookId)).status).toBe(201);
      // The member's own list no longer has it; their history does.
      expect((await reader.agent.get<Loan[]>('/api/borrowedBooks')).body).toEqual([]);
      const history = await reader.agent.get<Loan[]>('/api/borrowedBooks/history');
      expect(history.body.map((entry) => entry._id)).toEqual([loan.body.insertedId]);
      // A second check-in of the same loan finds no current loan.
      const again = await librarian.post<{ code: string }>(
        `/api/desk/loans/${loan.body.insertedId}/return`,
      );
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('LOAN_NOT_FOUND');
      await expectCirculationInvariants(server.app.database.db);
    });

    it('renews on a member’s behalf under the same rules', async () => {
      const bookId = await addBook(librarian, { quantity: 1 });
      const reader = await member('Renewer');
      const loan = await borrow(reader.agent, bookId);
      const renewed = await librarian.post<Loan>(`/api/desk/loans/${loan.body.insertedId}/renew`);
      expect(renewed.status).toBe(200);
      expect(renewed.body).toMatchObject({
        _id: loan.body.insertedId,
        userEmail: reader.email,
        renewals: 1,
        returnDate: loanDates(28, clock.date()).returnDate,
      });
      const waiter = await member('Waiter');
      expect((await waiter.agent.post('/api/holds', { bookId })).status).toBe(201);
      const refused = await librarian.post<{ code: string }>(
        `/api/desk/loans/${loan.body.insertedId}/renew`,
      );
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('HOLD_QUEUE');
      const unknown = await librarian.post<{ code: string }>('/api/desk/loans/nothing/renew');
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('LOAN_NOT_FOUND');
    });
  });

  describe('blocked members', () => {
    it('refuses a blocked member’s borrowing and holds with MEMBER_BLOCKED until unblocked', async () => {
      const shelved = await addBook(librarian, { quantity: 2 });
      const outBook = await addBook(librarian, { quantity: 1 });
      const holder = await member('Holder');
      expect((await borrow(holder.agent, outBook)).status).toBe(201);
      const blocked = await member('Blocked');
      const patched = await librarian.patch<DeskMember>(`/api/desk/members/${blocked.id}`, {
        blocked: true,
      });
      expect(patched.body).toMatchObject({ blocked: true, role: 'member' });

      const refusedLoan = await borrow(blocked.agent, shelved);
      expect(refusedLoan.status).toBe(409);
      expect(refusedLoan.body.code).toBe('MEMBER_BLOCKED');
      const refusedHold = await blocked.agent.post<{ code: string }>('/api/holds', {
        bookId: outBook,
      });
      expect(refusedHold.status).toBe(409);
      expect(refusedHold.body.code).toBe('MEMBER_BLOCKED');
      const check = await blocked.agent.get<BorrowCheck>(
        `/api/borrowedBooks/check?bookId=${shelved}`,
      );
      expect(check.body).toEqual({ canBorrow: false, reason: 'MEMBER_BLOCKED' });
      expect(await bookOf(shelved)).toMatchObject({ quantity: 2 });

      const listed = await librarian.get<DeskMember[]>(
        `/api/desk/members?q=${encodeURIComponent(blocked.email)}`,
      );
      expect(listed.body).toEqual([
        {
          _id: blocked.id,
          name: 'Blocked',
          email: blocked.email,
          role: 'member',
          loans: 0,
          overdue: 0,
          blocked: true,
          expiresOn: expect.any(String),
          balance: 0,
        },
      ]);

      await librarian.patch(`/api/desk/members/${blocked.id}`, { blocked: false });
      expect((await borrow(blocked.agent, shelved)).status).toBe(201);
    });
  });

  describe('withdrawing a book', () => {
    it('is refused while the book circulates, then removes it everywhere and keeps its history', async () => {
      const name = `Withdrawn ${uniqueEmail('title')}`;
      const bookId = await addBook(librarian, { quantity: 1, name, category: 'Drama' });
      const categoriesBefore = (await librarian.get<CategorySummary[]>('/api/categories')).body;
      const reader = await member('Last Reader');
      const waiter = await member('Waiter');
      const loan = await borrow(reader.agent, bookId);
      const hold = await waiter.agent.post<{ insertedId: string }>('/api/holds', { bookId });

      const onLoan = await librarian.delete<{ code: string }>(`/api/books/${bookId}`);
      expect(onLoan.status).toBe(409);
      expect(onLoan.body.code).toBe('BOOK_IN_CIRCULATION');
      await reader.agent.delete(`/api/borrowedBooks/${loan.body.insertedId}`);
      // The copy is kept for the waiting member now: still circulating.
      const kept = await librarian.delete<{ code: string }>(`/api/books/${bookId}`);
      expect(kept.status).toBe(409);
      expect(kept.body.code).toBe('BOOK_IN_CIRCULATION');
      await waiter.agent.delete(`/api/holds/${hold.body.insertedId}`);
      // Read first, so the answers kept in memory must be forgotten by the withdrawal.
      expect((await librarian.get(`/api/books/${bookId}`)).status).toBe(200);
      expect(
        (await librarian.get<Book[]>(`/api/books?q=${encodeURIComponent(name)}`)).body,
      ).toHaveLength(1);

      const withdrawn = await librarian.delete(`/api/books/${bookId}`);
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body).toEqual({ acknowledged: true, deletedCount: 1 });

      expect((await librarian.get(`/api/books/${bookId}`)).status).toBe(404);
      const search = await librarian.get<Book[]>(`/api/books?q=${encodeURIComponent(name)}`);
      expect(search.body).toEqual([]);
      expect(search.headers['x-total-count']).toBe('0');
      const categoriesAfter = (await librarian.get<CategorySummary[]>('/api/categories')).body;
      const dramaCount = (list: CategorySummary[]) =>
        list.find((category) => category.name === 'Drama')?.count ?? 0;
      expect(dramaCount(categoriesAfter)).toBe(dramaCount(categoriesBefore) - 1);
      expect((await reader.agent.post('/api/holds', { bookId })).status).toBe(404);

      const history = await reader.agent.get<Loan[]>('/api/borrowedBooks/history');
      expect(history.body).toHaveLength(1);
      expect(history.body[0]?.bookDetails).toMatchObject({ _id: bookId, name, category: 'Drama' });
      const atDesk = await librarian.get<Loan[]>(
        `/api/desk/loans?status=returned&q=${encodeURIComponent(name)}`,
      );
      expect(atDesk.body.map((entry) => entry._id)).toEqual([loan.body.insertedId]);

      const twice = await librarian.delete<{ code: string }>(`/api/books/${bookId}`);
      expect(twice.status).toBe(404);
      expect(twice.body.code).toBe('BOOK_NOT_FOUND');
      await expectCirculationInvariants(server.app.database.db);
    });
    it('never lends a copy of a book it withdraws: a borrow racing the withdrawal wins or loses whole', async () => {
      for (let round = 0; round < 4; round += 1) {
        const bookId = await addBook(librarian, { quantity: 1 });
        const reader = await member('Racer');
        const [loan, withdrawal] = await Promise.all([
          borrow(reader.agent, bookId),
          librarian.delete<{ code?: string }>(`/api/books/${bookId}`),
        ]);
        const outcome = [loan.status, withdrawal.status].join(' ');
        // Either the loan came first and the withdrawal was refused, or the book was gone.
        expect(['201 409', '404 200']).toContain(outcome);
        if (withdrawal.status === 409) expect(withdrawal.body.code).toBe('BOOK_IN_CIRCULATION');
        const loans = await reader.agent.get<Loan[]>('/api/borrowedBooks');
        expect(loans.body).toHaveLength(loan.status === 201 ? 1 : 0);
      }
      await expectCirculationInvariants(server.app.database.db);
    });
  });

  describe('the desk’s lists and figures', () => {
    it('lists every member’s loans by status, finds them by member or title, and pages them', async () => {
      const title = `Desk Title ${uniqueEmail('t')}`;
      const bookId = await addBook(librarian, { quantity: 3, name: title });
      const late = await member('Late Reader');
      const prompt = await member('Prompt Reader');
      const lateLoan = await borrow(late.agent, bookId);
      const promptLoan = await borrow(prompt.agent, bookId);
      const q = encodeURIComponent(title);

      const current = await librarian.get<Loan[]>(`/api/desk/loans?status=current&q=${q}`);
      expect(current.headers['x-total-count']).toBe('2');
      expect(current.body.map((loan) => loan.userEmail).sort()).toEqual(
        [late.email, prompt.email].sort(),
      );
      const byMember = await librarian.get<Loan[]>(
        `/api/desk/loans?q=${encodeURIComponent(late.email.toUpperCase())}`,
      );
      expect(byMember.body.map((loan) => loan._id)).toEqual([lateLoan.body.insertedId]);
      expect(byMember.body[0]).toMatchObject({
        userName: 'Late Reader',
        bookDetails: { name: title },
      });

      const firstPage = await librarian.get<Loan[]>(`/api/desk/loans?q=${q}&limit=1`);
      expect(firstPage.body).toHaveLength(1);
      expect(firstPage.headers['x-total-count']).toBe('2');
      const link = String(firstPage.headers.link);
      expect(link).toMatch(/rel="next"/);
      const next = /<([^>]+)>/.exec(link)?.[1] ?? '';
      const secondPage = await librarian.get<Loan[]>(next);
      expect(secondPage.body).toHaveLength(1);
      expect(secondPage.headers.link).toBeUndefined();
      expect(new Set([...firstPage.body, ...secondPage.body].map((loan) => loan._id)).size).toBe(2);

      await prompt.agent.delete(`/api/borrowedBooks/${promptLoan.body.insertedId}`);
      clock.advanceDays(15);
      const overdue = await librarian.get<Loan[]>(`/api/desk/loans?status=overdue&q=${q}`);
      expect(overdue.body.map((loan) => [loan._id, loan.overdue])).toEqual([
        [lateLoan.body.insertedId, true],
      ]);
      const returned = await librarian.get<Loan[]>(`/api/desk/loans?status=returned&q=${q}`);
      expect(returned.body.map((loan) => loan._id)).toEqual([promptLoan.body.insertedId]);
      const members = await librarian.get<DeskMember[]>(
        `/api/desk/members?q=${encodeURIComponent(late.email)}`,
      );
      expect(members.body[0]).toMatchObject({ loans: 1, overdue: 1, blocked: false });
      // The late member cannot borrow until the desk checks the loan in.
      expect((await borrow(late.agent, await addBook(librarian))).body.code).toBe('OVERDUE_LOANS');
      await librarian.post(`/api/desk/loans/${lateLoan.body.insertedId}/return`);
      clock.advanceDays(-15);
      const bad = await librarian.get<{ code: string }>('/api/desk/loans?status=lost');
      expect(bad.status).toBe(400);
    });

    it('lists every member’s holds with whose they are', async () => {
      const bookId = await addBook(librarian, { quantity: 1 });
      const reader = await member('Holds Reader');
      const waiter = await member('Holds Waiter');
      await borrow(reader.agent, bookId);
      const hold = await waiter.agent.post<{ insertedId: string }>('/api/holds', { bookId });
      const holds = await librarian.get<DeskHold[]>('/api/desk/holds');
      expect(holds.body.find((entry) => entry._id === hold.body.insertedId)).toMatchObject({
        bookId,
        status: 'waiting',
        position: 1,
        userName: 'Holds Waiter',
        userEmail: waiter.email,
      });
    });

    it('counts the library at a glance', async () => {
      const fresh = await startTestApp(kind, { LIBRARIAN_EMAILS: LISTED_LIBRARIAN }, clock);
      try {
        const desk = await signUpLibrarian(fresh, LISTED_LIBRARIAN, 'Desk');
        const popular = await addBook(desk, { quantity: 2, name: 'Popular' });
        const quiet = await addBook(desk, { quantity: 3, name: 'Quiet' });
        const readers = await Promise.all(
          ['A', 'B', 'C'].map((name) => signUp(fresh.app, `Reader ${name}`)),
        );
        const [a, b, c] = readers.map((reader) => reader.agent) as [Agent, Agent, Agent];
        const post = (agent: Agent, bookId: string) =>
          agent.post<{ insertedId: string }>('/api/borrowedBooks', { bookId, ...dates() });
        const first = await post(a, popular);
        await post(b, popular);
        await c.post('/api/holds', { bookId: popular });
        await post(c, quiet);
        await a.delete(`/api/borrowedBooks/${first.body.insertedId}`);
        // a's copy went to c's hold: kept, not on the shelf. Then a borrows Quiet too.
        await post(a, quiet);

        const stats = await desk.get<DeskStats>('/api/desk/stats');
        expect(stats.body).toEqual({
          books: 2,
          copies: 5,
          onLoan: 3,
          overdue: 0,
          holdsWaiting: 0,
          loansThisMonth: 4,
          topBooks: [
            { _id: popular, name: 'Popular', author: expect.any(String), loans: 2 },
            { _id: quiet, name: 'Quiet', author: expect.any(String), loans: 2 },
          ],
        });
        clock.advanceDays(20);
        expect((await desk.get<DeskStats>('/api/desk/stats')).body.overdue).toBe(3);
        clock.advanceDays(-20);
      } finally {
        await fresh.close();
      }
    });
  });
});
