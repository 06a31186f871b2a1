/**
 * The ledger's guarantees across real processes (docs/product/fines-and-membership.md): two
 * servers sharing one PostgreSQL. A late loan returned by its member on one and checked in at the
 * desk on the other at the same moment is charged once; two payments racing for one balance are
 * not both taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn } from '../../src/common/calendar.ts';
import { CIRCULATION_DEFAULTS } from '../../src/common/constants.ts';
import type { Fines } from '../../src/common/types.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { loanDates, validBook } from '../support/agent.ts';
import { HttpAgent } from '../support/http-agent.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase } from '../support/test-app.ts';

describe('fines through two server processes sharing one PostgreSQL', () => {
  const publicOrigin = 'http://library.localhost';
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  let direct: Database;
  let librarian: HttpAgent;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = { DATABASE_URL: database.url, PUBLIC_URL: publicOrigin };
    [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    direct = openDatabase(database.url);
    librarian = await HttpAgent.signUp(first.url, publicOrigin);
    const session = await librarian.request<{ user: { email: string } }>(
      'GET',
      '/api/auth/get-session',
    );
    await setRoleByEmail(direct.db, session.body.user.email, 'librarian');
  }, 60_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await direct?.close();
    await database?.drop();
  });

  /** A member of `first` with a loan ten days late: its dates moved back, as if borrowed 24 days ago. */
  async function lateLoan() {
    const member = await HttpAgent.signUp(first.url, publicOrigin);
    const book = await librarian.request<{ insertedId: string }>('POST', '/api/books', validBook);
    const loan = await member.request<{ insertedId: string }>('POST', '/api/borrowedBooks', {
      bookId: book.body.insertedId,
      ...loanDates(),
    });
    const today = dayIn(CIRCULATION_DEFAULTS.libraryTimezone, new Date());
    await direct.db
      .updateTable('loan')
      .set({ borrowedDate: addDays(today, -24), returnDate: addDays(today, -10) })
      .where('id', '=', loan.body.insertedId)
      .execute();
    const session = await member.request<{ user: { id: string } }>('GET', '/api/auth/get-session');
    return { member, memberId: session.body.user.id, loanId: loan.body.insertedId };
  }

  it('charges a loan returned by its member and checked in at the desk at once, once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { member, loanId } = await lateLoan();
      const results = await Promise.all([
        member.request('DELETE', `/api/borrowedBooks/${loanId}`),
        librarian.to(second.url).request('POST', `/api/desk/loans/${loanId}/return`),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 404]);
      const charges = await direct.db
        .selectFrom('fineEntry')
        .select(['kind', 'amount'])
        .where('loanId', '=', loanId)
        .execute();
      expect(charges).toEqual([{ kind: 'overdue', amount: 20 }]);
      expect((await member.request<Fines>('GET', '/api/fines')).body.balance).toBe(20);
    }
  });

  it('takes one of two payments of 15 racing for a balance of 20', async () => {
    const { member, memberId, loanId } = await lateLoan();
    await member.request('DELETE', `/api/borrowedBooks/${loanId}`);
    const path = `/api/desk/members/${memberId}/payments`;
    const results = await Promise.all([
      librarian.request('POST', path, { amount: 15 }),
      librarian.to(second.url).request('POST', path, { amount: 15 }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 400]);
    expect((await member.request<Fines>('GET', '/api/fines')).body.balance).toBe(5);
  });
});
