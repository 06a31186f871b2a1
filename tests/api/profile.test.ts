/**
 * A member's own account (issue 13, docs/product.md#accounts) on SQLite and on PostgreSQL: notice choices,
 * the notices list, the data download, changing the password, and deleting the account — who may,
 * bad input, open loans, the holds queue moving on, the history kept without the name. What
 * happens to bookings, events and e-books of a closed account is in profile-closing.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURES_PER_HOUR } from '../../src/server/auth/sign-in-limits.ts';
import type { Hold, MemberDataExport } from '../../src/common/types.ts';
import {
  Agent,
  VALID_PASSWORD,
  addBook,
  loanDates,
  signUp,
  signUpLibrarian,
} from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const ENDPOINTS = [
  ['GET', '/api/profile/notices'],
  ['GET', '/api/profile/notice-choices'],
  ['PATCH', '/api/profile/notice-choices'],
  ['GET', '/api/profile/data'],
  ['DELETE', '/api/profile'],
] as const;

describe.each(databaseKinds)('the profile API on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind, { LIBRARIAN_EMAILS: 'desk@library.test' });
  });
  afterAll(async () => server.close());

  const db = () => server.app.database.db;
  const call = (agent: Agent, method: string, url: string, payload?: unknown) =>
    agent.request({ method, url, payload: payload as string | undefined });
  const signIn = (email: string, password = VALID_PASSWORD) =>
    new Agent(server.app).post('/api/auth/sign-in/email', { email, password });

  const librarian = () => signUpLibrarian(server, 'desk@library.test', 'Desk');

  it('answers visitors 401 and members and librarians about their own account only', async () => {
    const visitor = new Agent(server.app);
    await visitor.get('/api/health');
    for (const [method, url] of ENDPOINTS) {
      const answer = await call(visitor, method, url, { dueSoon: false });
      expect(answer.status, `${method} ${url}`).toBe(401);
      expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    const desk = await librarian();
    const member = await signUp(server.app, 'Member One');
    for (const agent of [member.agent, desk]) {
      expect((await agent.patch('/api/profile/notice-choices', { overdue: false })).status).toBe(
        200,
      );
      expect((await agent.get('/api/profile/notices')).status).toBe(200);
      expect((await agent.get('/api/profile/data')).status).toBe(200);
    }
    const mine = await member.agent.get<MemberDataExport>('/api/profile/data');
    expect(mine.body.profile).toMatchObject({ name: 'Member One', email: member.email });
    const desks = await desk.get<MemberDataExport>('/api/profile/data');
    expect(desks.body.profile).toMatchObject({ email: 'desk@library.test', role: 'librarian' });
  });

  it('refuses bad notice choices with 400 and changes nothing', async () => {
    const { agent } = await signUp(server.app);
    const bad = [
      {},
      { dueSoon: 'no' },
      { dueSoon: 0 },
      { overdue: null },
      { somethingElse: true },
      [],
      true,
    ];
    for (const body of bad) {
      const answer = await agent.patch('/api/profile/notice-choices', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION', error: expect.any(String) });
    }
    const malformed = await agent.request({
      method: 'PATCH',
      url: '/api/profile/notice-choices',
      payload: '{"dueSoon":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await agent.get('/api/profile/notice-choices')).body).toEqual({
      dueSoon: true,
      overdue: true,
      holdReady: true,
      holdExpired: true,
      membershipExpiring: true,
      ebookReady: true,
    });
  });

  it('refuses a change or a deletion sent without the XSRF token', async () => {
    const { agent, email } = await signUp(server.app);
    agent.sendXsrf = false;
    expect(
      (await agent.patch('/api/profile/notice-choices', { dueSoon: false })).body,
    ).toMatchObject({ code: 'CSRF' });
    expect((await agent.delete('/api/profile', { password: VALID_PASSWORD })).status).toBe(403);
    expect((await signIn(email)).status).toBe(200);
  });

  it('changes the password only with the current one and under the password rule', async () => {
    const { agent, email } = await signUp(server.app);
    const wrong = await agent.post('/api/auth/change-password', {
      currentPassword: 'Not-The-Password-1',
      newPassword: 'Better-Pass-2',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const weak = await agent.post('/api/auth/change-password', {
      currentPassword: VALID_PASSWORD,
      newPassword: 'weakling',
    });
    expect(weak.body).toMatchObject({ code: 'WEAK_PASSWORD' });
    const changed = await agent.post('/api/auth/change-password', {
      currentPassword: VALID_PASSWORD,
      newPassword: 'Better-Pass-2',
    });
    expect(changed.status).toBe(200);
    expect((await signIn(email, 'Better-Pass-2')).status).toBe(200);
    expect((await signIn(email)).status).toBe(401);
  });

  it('downloads everything kept about the member as a private JSON attachment', async () => {
    const member = await signUp(server.app, 'Hasan Mahmud');
    const other = await signUp(server.app, 'Other Reader');
    const returnedBook = await addBook(member.agent, { name: 'Debdas', quantity: 1 });
    const currentBook = await addBook(member.agent, { name: 'Srikanta', quantity: 1 });
    const heldBook = await addBook(member.agent, { name: 'Parineeta', quantity: 1 });
    const first = await member.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId: returnedBook,
      ...loanDates(),
    });
    await member.agent.delete(`/api/borrowedBooks/${first.body.insertedId}`);
    await member.agent.post('/api/borrowedBooks', { bookId: currentBook, ...loanDates() });
    await other.agent.post('/api/borrowedBooks', { bookId: heldBook, ...loanDates() });
    await member.agent.post('/api/holds', { bookId: heldBook });
    await member.agent.patch('/api/profile/notice-choices', { dueSoon: false });

    const download = await member.agent.get<MemberDataExport>('/api/profile/data');
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toMatch(/^application\/json/);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="pathagar-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(download.headers['cache-control']).toBe('private, no-store');
    const data = download.body;
    expect(data.profile).toMatchObject({
      name: 'Hasan Mahmud',
      email: member.email,
      emailVerified: false,
      image: '/images/avatar-placeholder.svg',
      role: 'member',
    });
    expect(data.noticeChoices).toEqual({
      dueSoon: false,
      overdue: true,
      holdReady: true,
      holdExpired: true,
      membershipExpiring: true,
      ebookReady: true,
    });
    expect(data.loans.map((loan) => [loan.bookDetails.name, loan.returnedAt === null])).toEqual([
      ['Srikanta', true],
      ['Debdas', false],
    ]);
    expect(data.holds.map((hold) => [hold.bookDetails.name, hold.status])).toEqual([
      ['Parineeta', 'waiting'],
    ]);
    expect(data.notices).toEqual([]);
    expect(data.fines).toEqual({ balance: 0, accruing: 0, entries: [] });
    expect(data.membership).toMatchObject({ expired: false });
    expect(JSON.stringify(data)).not.toContain('Other Reader');
  });

  it('deletes an account only with its password: a wrong or missing one is 403 and keeps it', async () => {
    const member = await signUp(server.app);
    for (const body of [{ password: 'Wrong-password1' }, {}, undefined]) {
      const refused = await member.agent.delete('/api/profile', body);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'INVALID_CREDENTIALS',
        error: 'The password is not right',
      });
    }
    expect((await member.agent.get('/api/profile/notices')).status).toBe(200);
    expect((await signIn(member.email)).status).toBe(200);
  });

  it('counts a wrong password at deletion as a failed sign-in, and past the limit refuses even the right one', async () => {
    const member = await signUp(server.app);
    const account = member.email.toLowerCase();
    const attempts = () =>
      db().selectFrom('signInAttempt').select('id').where('account', '=', account).execute();
    await member.agent.delete('/api/profile', { password: 'Wrong-password1' });
    expect(await attempts()).toHaveLength(1);
    // As if the rest of an hour's failures had been made elsewhere.
    await db()
      .insertInto('signInAttempt')
      .values(
        Array.from({ length: ACCOUNT_FAILURES_PER_HOUR }, () => ({
          id: randomUUID(),
          address: '203.0.113.9',
          account,
          at: new Date().toISOString(),
        })),
      )
      .execute();
    const refused = await member.agent.delete('/api/profile', { password: VALID_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await member.agent.get('/api/profile/notices')).status).toBe(200);
  });

  it('refuses to delete an account with books on loan, and changes nothing', async () => {
    const member = await signUp(server.app);
    const bookId = await addBook(member.agent, { quantity: 1 });
    const other = await addBook(member.agent, { quantity: 1 });
    await member.agent.post('/api/borrowedBooks', { bookId, ...loanDates() });
    const holder = await signUp(server.app);
    await holder.agent.post('/api/borrowedBooks', { bookId: other, ...loanDates() });
    await member.agent.post('/api/holds', { bookId: other });

    const refused = await member.agent.delete('/api/profile', { password: VALID_PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'OPEN_LOANS',
      error: 'Please return your borrowed books before deleting your account.',
    });
    expect((await member.agent.get<Hold[]>('/api/holds')).body).toHaveLength(1);
    expect((await member.agent.get('/api/borrowedBooks')).status).toBe(200);
    expect((await signIn(member.email)).status).toBe(200);
  });

  it('deletes the account: holds cancelled so the queue moves on, history kept without the name, signed out everywhere', async () => {
    const member = await signUp(server.app, 'Leaving Reader');
    const session = await member.agent.get<{ user: { id: string } }>('/api/auth/get-session');
    const userId = session.body.user.id;
    await member.agent.patch('/api/profile/notice-choices', { dueSoon: false });
    const elsewhere = await signIn(member.email);
    expect(elsewhere.status).toBe(200);
    const secondDevice = new Agent(server.app);
    await secondDevice.get('/api/health');
    await secondDevice.post('/api/auth/sign-in/email', {
      email: member.email,
      password: VALID_PASSWORD,
    });
    const lender = await signUp(server.app, 'Lender');
    const bookId = await addBook(lender.agent, { name: 'Chander Pahar', quantity: 1 });
    const read = await member.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId,
      ...loanDates(),
    });
    await member.agent.delete(`/api/borrowedBooks/${read.body.insertedId}`);
    await lender.agent.post('/api/borrowedBooks', { bookId, ...loanDates() });
    const next = await signUp(server.app, 'Next In Queue');
    await member.agent.post('/api/holds', { bookId });
    await next.agent.post('/api/holds', { bookId });
    const [lent] = (await lender.agent.get<{ _id: string }[]>('/api/borrowedBooks')).body;
    await lender.agent.delete(`/api/borrowedBooks/${lent?._id}`);
    // The copy came back to the leaving member's hold, first in the queue.
    expect((await member.agent.get<Hold[]>('/api/holds')).body[0]?.status).toBe('ready');

    const deleted = await member.agent.delete('/api/profile', { password: VALID_PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1 });
    const cleared = ([] as string[]).concat(deleted.headers['set-cookie'] ?? []);
    expect(cleared.some((cookie) => /session_token=;.*Max-Age=0/i.test(cookie))).toBe(true);

    // The kept copy went on to the next member, with its notice.
    const nextHolds = (await next.agent.get<Hold[]>('/api/holds')).body;
    expect(nextHolds.map((hold) => hold.status)).toEqual(['ready']);
    expect(
      (await next.agent.get<{ kind: string }[]>('/api/profile/notices')).body.map((n) => n.kind),
    ).toEqual(['holdReady']);

    expect((await secondDevice.get('/api/borrowedBooks')).status).toBe(401);
    expect((await signIn(member.email)).status).toBe(401);
    const history = await db()
      .selectFrom('loan')
      .select(['userId', 'userName', 'userEmail'])
      .where('id', '=', read.body.insertedId)
      .executeTakeFirstOrThrow();
    expect(history.userName).toBe('');
    expect(history.userEmail).toBe('');
    expect(history.userId).toBe(`deleted:${read.body.insertedId}`);
    for (const table of ['session', 'account', 'hold', 'notice', 'noticeOptOut'] as const) {
      const rows = await db().selectFrom(table).selectAll().where('userId', '=', userId).execute();
      expect(rows, table).toEqual([]);
    }
    const user = await db().selectFrom('user').select('id').where('id', '=', userId).execute();
    expect(user).toEqual([]);

    // The address is free again.
    const again = new Agent(server.app);
    await again.get('/api/health');
    const signedUp = await again.post('/api/auth/sign-up/email', {
      name: 'Came Back',
      email: member.email,
      password: VALID_PASSWORD,
    });
    expect(signedUp.status).toBe(200);
    expect((await again.get<unknown[]>('/api/borrowedBooks/history')).body).toEqual([]);
  });

  it('lets a client with a bearer token (no cookies) delete its account', async () => {
    const email = `bearer-${Date.now()}@example.org`;
    const signedUp = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Bearer Reader', email, password: VALID_PASSWORD },
    });
    expect(signedUp.statusCode).toBe(200);
    const token = String(signedUp.headers['set-auth-token']);
    const authorization = `Bearer ${token}`;
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: { authorization },
      payload: { password: VALID_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    const after = await server.app.inject({
      method: 'GET',
      url: '/api/profile/notices',
      headers: { authorization },
    });
    expect(after.statusCode).toBe(401);
  });

  it('either deletes the account or lends the book when both race, never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      const member = await signUp(server.app);
      const bookId = await addBook(member.agent, { quantity: 1 });
      const [deleted, borrowed] = await Promise.all([
        member.agent.delete('/api/profile', { password: VALID_PASSWORD }),
        member.agent.post('/api/borrowedBooks', { bookId, ...loanDates() }),
      ]);
      const loans = await db()
        .selectFrom('loan')
        .select(['userId', 'returnedAt'])
        .where('bookId', '=', bookId)
        .execute();
      const book = await db()
        .selectFrom('book')
        .select('quantity')
        .where('id', '=', bookId)
        .executeTakeFirstOrThrow();
      if (deleted.status === 200) {
        expect(borrowed.status, JSON.stringify(borrowed.body)).toBe(401);
        expect(loans).toEqual([]);
        expect(book.quantity).toBe(1);
      } else {
        expect(deleted.status).toBe(409);
        expect(borrowed.status).toBe(201);
        expect(loans).toHaveLength(1);
        expect(book.quantity).toBe(0);
      }
    }
  });
});
