/**
 * Notices by e-mail (issue 13, docs/product.md#accounts) through a real SMTP server, on SQLite and on
 * PostgreSQL, with the library's clock moved instead of waited for: due in two days, overdue,
 * hold ready, hold expired; each once; the member's choices; a mail server that refuses a while.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '../../src/common/types.ts';
import { addDays, dayIn } from '../../src/common/calendar.ts';
import type { Agent } from '../support/agent.ts';
import { addBook, confirmationLink, loanDates, signUp } from '../support/agent.ts';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

const MINUTE_DAYS = 1 / (24 * 60);
const TIME_ZONE = 'Asia/Dhaka';

/** The one link of a mail, as its text part gives it; the HTML part links the same. */
function linkIn(mail: CaughtMail): string {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  expect(mail.html).toContain(`href="${links[0]}"`);
  return links[0] ?? '';
}

describe.each(databaseKinds)('notices on %s', (kind) => {
  let smtp: SmtpCatcher;
  let server: TestApp;
  const clock = new MovableClock();

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startTestApp(kind, { SMTP_URL: smtp.url }, clock);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  /** The notices mailed to the member (the sign-up's confirmation mail aside). */
  const mailsTo = (email: string) =>
    smtp.mails.filter((mail) => mail.to.includes(email) && !mail.subject.startsWith('Confirm'));
  /** The sweep and a delivery round, as the schedule runs them every minute. */
  const tick = async () => {
    await server.app.notices.sweep();
    await server.app.notices.deliver();
  };
  /** The deliveries a change starts as it answers have ended. */
  const settled = () => server.app.notices.settled();
  const noticesOf = async (agent: Agent) =>
    (await agent.get<Notice[]>('/api/profile/notices')).body;

  /** A member borrowing a fresh book today (on the moved clock), for the loan's full period. */
  async function borrowing(name = 'Rafiq Islam') {
    const member = await confirmedMember(name);
    const bookId = await addBook(member.agent, { name: `Aranyak ${Math.random()}`, quantity: 1 });
    const borrowed = await member.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId,
      ...loanDates(14, clock.date()),
    });
    expect(borrowed.status).toBe(201);
    await settled();
    return { ...member, bookId, loanId: borrowed.body.insertedId };
  }

  /** A member whose address is confirmed, so that mails greet them by name. */
  async function confirmedMember(name: string) {
    const member = await signUp(server.app, name);
    await member.agent.get(await confirmationLink(member.email, server.config.authSecret));
    return member;
  }

  it('mails "due soon" two days before the due date, and "overdue" the day after it, once each', async () => {
    const member = await borrowing();
    const { returnDate } = loanDates(14, clock.date());
    const book = (await member.agent.get<{ name: string }>(`/api/books/${member.bookId}`)).body;
    await tick();
    expect(mailsTo(member.email)).toHaveLength(0);

    clock.advanceDays(11);
    await tick();
    expect(mailsTo(member.email)).toHaveLength(0);
    clock.advanceDays(1);
    await tick();
    await tick();
    const [dueSoon, ...more] = mailsTo(member.email);
    expect(more).toHaveLength(0);
    expect(dueSoon?.subject).toMatch(new RegExp(`^"${book.name}" is due back on \\w+day, `));
    expect(dueSoon?.text).toContain('Hello Rafiq Islam,');
    expect(linkIn(dueSoon!)).toBe(`${server.config.publicUrl}/borrowedBooks`);
    expect(dueSoon?.messageId).toMatch(/^<notice-[0-9a-f-]+@localhost>$/);

    clock.advanceDays(2);
    await tick();
    expect(mailsTo(member.email)).toHaveLength(1);
    clock.advanceDays(1);
    expect(dayIn(TIME_ZONE, clock.date())).toBe(addDays(returnDate, 1));
    await tick();
    await tick();
    const overdue = mailsTo(member.email).slice(1);
    expect(overdue.map((mail) => mail.subject)).toEqual([`"${book.name}" is overdue`]);
    expect(linkIn(overdue[0]!)).toBe(`${server.config.publicUrl}/borrowedBooks`);

    const listed = await noticesOf(member.agent);
    expect(listed.map((notice) => [notice.kind, notice.until, notice.email])).toEqual([
      ['overdue', returnDate, 'sent'],
      ['dueSoon', returnDate, 'sent'],
    ]);
    // Returned, renewed or not: the clock goes back for the next tests' loans.
    await member.agent.delete(`/api/borrowedBooks/${member.loanId}`);
    clock.advanceDays(-15);
  });

  it("writes a notice in the member's language, its date in Bengali digits and month names", async () => {
    const member = await borrowing('Nasrin Akter');
    const { returnDate } = loanDates(14, clock.date());
    const book = (await member.agent.get<{ name: string }>(`/api/books/${member.bookId}`)).body;
    // Chosen after borrowing: the language is read when the notice is sent.
    expect((await member.agent.post('/api/auth/update-user', { lang: 'bn' })).status).toBe(200);
    clock.advanceDays(12);
    await tick();
    await tick();
    const [dueSoon, ...more] = mailsTo(member.email);
    expect(more).toHaveLength(0);
    const date = new Intl.DateTimeFormat('bn-BD', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${returnDate}T00:00:00Z`),
    );
    expect(date).toMatch(/[০-৯]/);
    expect(dueSoon?.subject).toBe(`“${book.name}” ফেরতের তারিখ ${date}`);
    expect(dueSoon?.text).toContain('প্রিয় Nasrin Akter,');
    expect(dueSoon?.html).toContain('<html lang="bn">');
    expect(linkIn(dueSoon!)).toBe(`${server.config.publicUrl}/borrowedBooks`);
    await member.agent.delete(`/api/borrowedBooks/${member.loanId}`);
    clock.advanceDays(-12);
  });

  it('greets an address not yet confirmed without the name typed at sign-up (issue 33, item 3)', async () => {
    const phisher = 'URGENT your card is suspended pay now at https://evil.example/pay';
    const member = await signUp(server.app, phisher);
    const bookId = await addBook(member.agent, { name: `Aranyak ${Math.random()}`, quantity: 1 });
    const borrowed = await member.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId,
      ...loanDates(14, clock.date()),
    });
    await settled();
    clock.advanceDays(12);
    await tick();
    const [dueSoon] = mailsTo(member.email);
    expect(dueSoon?.text).toMatch(/^Hello,\r?\n/);
    expect(dueSoon?.text).not.toContain('evil.example');
    expect(dueSoon?.html).not.toContain('evil.example');
    await member.agent.delete(`/api/borrowedBooks/${borrowed.body.insertedId}`);
    clock.advanceDays(-12);
  });

  it('mails "ready" when a returned copy is kept for a hold, and "expired" when it is not borrowed in time', async () => {
    const lender = await borrowing('Lender');
    const waiter = await confirmedMember('Shirin Sultana');
    const placed = await waiter.agent.post('/api/holds', { bookId: lender.bookId });
    expect(placed.status).toBe(201);

    expect((await lender.agent.delete(`/api/borrowedBooks/${lender.loanId}`)).status).toBe(200);
    // Written by the return's own transaction: there before any sweep, and sent as it answers.
    expect((await noticesOf(waiter.agent)).map((notice) => notice.kind)).toEqual(['holdReady']);
    await settled();
    const [ready] = mailsTo(waiter.email);
    expect(ready?.subject).toMatch(/" is waiting for you$/);
    expect(ready?.text).toContain('kept for you until');
    expect(linkIn(ready!)).toBe(`${server.config.publicUrl}/borrow/${lender.bookId}`);

    clock.advanceDays(4);
    await server.app.holds.sweepExpired();
    await server.app.notices.deliver();
    const expired = mailsTo(waiter.email).slice(1);
    expect(expired).toHaveLength(1);
    expect(expired[0]?.subject).toMatch(/^Your hold on ".*" has expired$/);
    expect(linkIn(expired[0]!)).toBe(`${server.config.publicUrl}/books/${lender.bookId}`);
    await tick();
    expect(mailsTo(waiter.email)).toHaveLength(2);
    clock.advanceDays(-4);
  });

  it('writes the Bangla "ready" mail’s deadline with a Bengali day period, never AM or PM', async () => {
    const lender = await borrowing('Lender');
    const waiter = await confirmedMember('Shirin Sultana');
    expect((await waiter.agent.post('/api/auth/update-user', { lang: 'bn' })).status).toBe(200);
    await waiter.agent.post('/api/holds', { bookId: lender.bookId });
    await lender.agent.delete(`/api/borrowedBooks/${lender.loanId}`);
    await settled();
    const [ready] = mailsTo(waiter.email);
    // Kept until closing time, 20:00 by default: "৮:০০ রাত্রি".
    expect(ready?.text).toContain('৮:০০ রাত্রি');
    expect(ready?.text).not.toMatch(/AM|PM/);
  });

  it('sends nothing the member said no to, and lists it in the app all the same', async () => {
    const lender = await borrowing('Lender');
    const waiter = await confirmedMember('Opted Out');
    const choices = await waiter.agent.patch('/api/profile/notice-choices', { holdReady: false });
    expect(choices.status).toBe(200);
    expect(choices.body).toEqual({
      dueSoon: true,
      overdue: true,
      holdReady: false,
      holdExpired: true,
      membershipExpiring: true,
      ebookReady: true,
    });
    await waiter.agent.post('/api/holds', { bookId: lender.bookId });
    await lender.agent.delete(`/api/borrowedBooks/${lender.loanId}`);
    await settled();
    expect(mailsTo(waiter.email)).toHaveLength(0);
    expect(await noticesOf(waiter.agent)).toMatchObject([{ kind: 'holdReady', email: 'optedOut' }]);

    // Said yes again: the next kind arrives.
    await waiter.agent.patch('/api/profile/notice-choices', { holdReady: true });
    clock.advanceDays(4);
    await server.app.holds.sweepExpired();
    await server.app.notices.deliver();
    expect(mailsTo(waiter.email).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/has expired$/),
    ]);
    clock.advanceDays(-4);
  });

  it('does not send a notice that stopped being true before its turn', async () => {
    const member = await borrowing();
    clock.advanceDays(12);
    await server.app.notices.sweep();
    await member.agent.delete(`/api/borrowedBooks/${member.loanId}`);
    await settled();
    expect(mailsTo(member.email)).toHaveLength(0);
    expect(await noticesOf(member.agent)).toEqual([]);
    clock.advanceDays(-12);
  });

  it('retries while the mail server refuses, then delivers each notice once', async () => {
    const members = await Promise.all([borrowing('First'), borrowing('Second')]);
    clock.advanceDays(12);
    smtp.refusing = true;
    try {
      await tick();
      // Retried only when its time has come: a minute, then two, then four…
      await server.app.notices.deliver();
      clock.advanceDays(1.5 * MINUTE_DAYS);
      await server.app.notices.deliver();
      clock.advanceDays(2.5 * MINUTE_DAYS);
      await server.app.notices.deliver();
      const attempts = await server.app.database.db
        .selectFrom('notice')
        .innerJoin('user', 'user.id', 'notice.userId')
        .select('notice.attempts')
        .where('notice.kind', '=', 'dueSoon')
        .where(
          'user.email',
          'in',
          members.map((member) => member.email),
        )
        .execute();
      // The first try and two retries, each once its time had come; none in between.
      expect(attempts.map((row) => row.attempts)).toEqual([3, 3]);
      for (const member of members) {
        expect(mailsTo(member.email)).toHaveLength(0);
        expect(await noticesOf(member.agent)).toMatchObject([
          { kind: 'dueSoon', email: 'pending' },
        ]);
      }
    } finally {
      smtp.refusing = false;
    }
    await server.app.notices.deliver();
    expect(members.map((member) => mailsTo(member.email).length)).toEqual([0, 0]);
    clock.advanceDays(5 * MINUTE_DAYS);
    await server.app.notices.deliver();
    await tick();
    clock.advanceDays(60 * MINUTE_DAYS);
    await tick();
    expect(members.map((member) => mailsTo(member.email).length)).toEqual([1, 1]);
    for (const member of members) {
      expect(await noticesOf(member.agent)).toMatchObject([{ kind: 'dueSoon', email: 'sent' }]);
      await member.agent.delete(`/api/borrowedBooks/${member.loanId}`);
    }
    clock.advanceDays(-12 - 65 * MINUTE_DAYS - 4 * MINUTE_DAYS);
  });

  it('records each event once when sweeps and deliveries race', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => borrowing('Racer')));
    clock.advanceDays(12);
    await Promise.all([tick(), tick(), tick(), server.app.notices.sweep()]);
    await Promise.all([server.app.notices.deliver(), server.app.notices.deliver()]);
    expect(members.map((member) => mailsTo(member.email).length)).toEqual([1, 1, 1, 1]);
    for (const member of members) await member.agent.delete(`/api/borrowedBooks/${member.loanId}`);
    clock.advanceDays(-12);
  });
});
