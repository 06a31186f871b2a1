/**
 * The notices' outbox across real server processes (issue 13, docs/product.md#accounts), on SQLite and on
 * PostgreSQL, with time moved by CLOCK_OFFSET: two instances sweeping and sending at once send one
 * mail per event; an instance killed while the mail server has not yet accepted a notice loses
 * nothing and sends nothing twice once another starts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../src/common/calendar.ts';
import { nthOpenDay } from '../../src/common/opening-hours.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { loanDates, validBook } from '../support/agent.ts';
import { HttpAgent } from '../support/http-agent.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { createTestDatabase, databaseKinds } from '../support/test-app.ts';

const HOURS = {
  opens: '09:00',
  closes: '20:00',
  closedDays: ['fri'] as const,
  timeZone: 'Asia/Dhaka',
};

/** Twelve days on: a loan taken today for fourteen days is due in two. */
const DUE_IN_TWO_DAYS = '12d';
/** Twelve days and ten minutes on: past the five-minute lease of a notice claimed at twelve days. */
const PAST_THE_LEASE = `${12 * 24 * 60 + 10}m`;

async function until(condition: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

describe.each(databaseKinds)('notices across processes on %s', (kind) => {
  let smtp: SmtpCatcher;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let direct: Database;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => smtp.close());
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    await direct?.close();
    await database?.drop();
  });

  const start = async (env: Record<string, string> = {}) => {
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      ...env,
    });
    servers.push(server);
    return server;
  };

  /** Members each borrowing a book today through one instance, which is then stopped. */
  async function membersWithLoans(count: number): Promise<string[]> {
    database = await createTestDatabase(kind);
    const setup = await start();
    const emails: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const member = await HttpAgent.signUp(setup.url);
      const added = await member.request<{ insertedId: string }>('POST', '/api/books', {
        ...validBook,
        quantity: 1,
      });
      const borrowed = await member.request('POST', '/api/borrowedBooks', {
        bookId: added.body.insertedId,
        ...loanDates(),
      });
      expect(borrowed.status).toBe(201);
      const session = await member.request<{ user: { email: string } }>(
        'GET',
        '/api/auth/get-session',
      );
      emails.push(session.body.user.email);
    }
    await servers.pop()?.stop();
    direct = openDatabase(database.url);
    return emails;
  }

  const dueSoonMails = () => smtp.mails.filter((mail) => mail.subject.includes('is due back on'));
  /** The loans' notices (the sign-ups' confirmation mails aside). */
  const notices = () =>
    direct.db
      .selectFrom('notice')
      .select(['id', 'userId', 'status', 'attempts'])
      .where('kind', '=', 'dueSoon')
      .execute();
  const allSent = async (count: number) => {
    const rows = await notices();
    return rows.length === count && rows.every((row) => row.status === 'sent');
  };

  it('sends one mail per event when two instances sweep and send at once', async () => {
    const emails = await membersWithLoans(5);
    const before = dueSoonMails().length;
    await Promise.all([
      start({ CLOCK_OFFSET: DUE_IN_TWO_DAYS }),
      start({ CLOCK_OFFSET: DUE_IN_TWO_DAYS }),
    ]);
    // Once every notice is marked sent none can be claimed again, so the count is final.
    await until(() => allSent(5), 'five notices sent');
    const mails = dueSoonMails().slice(before);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([...emails].sort());
    const rows = await notices();
    expect(new Set(mails.map((mail) => mail.messageId))).toEqual(
      new Set(rows.map((row) => `<notice-${row.id}@127.0.0.1>`)),
    );
  }, 90_000);

  it('loses nothing and sends nothing twice when an instance is killed mid-send', async () => {
    const emails = await membersWithLoans(3);
    const before = dueSoonMails().length;
    const stalled = smtp.stallNext();
    const doomed = await start({ CLOCK_OFFSET: DUE_IN_TWO_DAYS });
    await stalled;
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    servers.splice(servers.indexOf(doomed), 1);
    expect(dueSoonMails().length).toBe(before);
    const claimed = (await notices()).filter((row) => row.attempts > 0);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]?.status).toBe('pending');

    await start({ CLOCK_OFFSET: PAST_THE_LEASE });
    await until(() => allSent(3), 'three notices sent');
    const mails = dueSoonMails().slice(before);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([...emails].sort());
    const retried = (await notices()).find((row) => row.id === claimed[0]?.id);
    expect(retried?.attempts).toBe(2);
  }, 90_000);

  it('sends a booking confirmation once when the server is killed between its commit and its delivery (issue 39)', async () => {
    database = await createTestDatabase(kind);
    const first = await start();
    const librarian = await HttpAgent.signUp(first.url);
    direct = openDatabase(database.url);
    const librarianEmail = (
      await librarian.request<{ user: { email: string } }>('GET', '/api/auth/get-session')
    ).body.user.email;
    await setRoleByEmail(direct.db, librarianEmail, 'librarian');
    const room = await librarian.request<{ _id: string }>('POST', '/api/rooms', {
      name: 'Quiet Room',
      capacity: 1,
    });
    const member = await HttpAgent.signUp(first.url);
    const memberEmail = (
      await member.request<{ user: { email: string } }>('GET', '/api/auth/get-session')
    ).body.user.email;
    const confirmations = () =>
      smtp.mails.filter(
        (mail) => mail.to.includes(memberEmail) && mail.subject.startsWith('Quiet Room is booked'),
      );
    const day = nthOpenDay(HOURS, dayIn(HOURS.timeZone, new Date()), 2);
    // The mail server takes the confirmation and never answers: the server dies holding it.
    const stalled = smtp.stallNext();
    const booked = await member.request('POST', `/api/rooms/${room.body._id}/bookings`, {
      date: day,
      start: '12:00',
      end: '13:00',
    });
    expect(booked.status).toBe(201);
    await stalled;
    first.child.kill('SIGKILL');
    await first.exited;
    servers.splice(servers.indexOf(first), 1);
    expect(confirmations()).toHaveLength(0);

    // Committed with the booking, the mail is still owed: the next server sends it, once.
    await start({ CLOCK_OFFSET: '10m' });
    // Marked sent once the mail server took it, it can be claimed by nobody again.
    const sent = async () =>
      (
        await direct.db
          .selectFrom('notice')
          .select('status')
          .where('kind', '=', 'roomBooked')
          .execute()
      ).every((row) => row.status === 'sent');
    await until(sent, 'the confirmation marked sent');
    expect(confirmations()).toHaveLength(1);
  }, 90_000);
});
