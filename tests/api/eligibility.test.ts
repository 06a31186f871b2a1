/**
 * Who may be served (core/eligibility.ts), on both databases: a member in each standing that
 * refuses (unconfirmed address, blocked, membership ended, fines owed, a book overdue) asks each
 * of the seven services, and gets the same refusal from every service whose row in the policy's
 * table makes that check, and is not refused for it by any other (issue 39: five copies of these
 * rules had come to disagree, and blocked or expired members could still register for events).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/common/calendar.ts';
import { ELIGIBILITY_CHECKS, SERVICES, type Service } from '../../src/server/core/eligibility.ts';
import { writeEpub } from '../../src/server/ebooks/epub-writer.ts';
import { setExpiry } from '../../src/server/membership/membership.repository.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { addBook, confirmationLink, loanDates, signUp, type Agent } from '../support/agent.ts';
import { multipartBody } from '../support/image-files.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

/** Each standing that refuses, the check of the policy that catches it, and its refusal. */
const STANDINGS = [
  ['an unconfirmed address', 'verification', 'EMAIL_NOT_VERIFIED'],
  ['a block', 'blocked', 'MEMBER_BLOCKED'],
  ['an ended membership', 'membership', 'MEMBERSHIP_EXPIRED'],
  ['fines owed', 'fines', 'FINES_OWED'],
  ['a book overdue', 'overdue', 'OVERDUE_LOANS'],
] as const;

const ELIGIBILITY_CODES = new Set(STANDINGS.map(([, , code]) => code));

describe.each(databaseKinds)('one answer to who may be served, on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  let roomId: string;
  let eventId: string;
  const clock = new MovableClock();
  const db = () => server.app.database.db;
  let nextHour = -1;
  const stored = (value: boolean) => (kind === 'sqlite' ? Number(value) : value);

  beforeAll(async () => {
    // A Saturday morning in Dhaka: the library is open, rooms bookable from 10:00.
    clock.moveTo('2027-01-09T02:00:00.000Z');
    server = await startTestApp(kind, { REQUIRE_EMAIL_VERIFICATION: 'true' }, clock);
    const signed = await signUp(server.app, 'Librarian');
    await setRoleByEmail(db(), signed.email, 'librarian');
    librarian = signed.agent;
    roomId = (await librarian.post<{ _id: string }>('/api/rooms', { name: 'Carrel', capacity: 1 }))
      .body._id;
    eventId = (
      await librarian.post<{ _id: string }>('/api/events', {
        title: 'Reading Circle',
        place: 'Hall',
        capacity: 50,
        startsAt: '2027-01-12T10:00:00.000Z',
        endsAt: '2027-01-12T11:00:00.000Z',
      })
    ).body._id;
  });
  afterAll(() => server.close());

  const idOf = async (agent: Agent) =>
    (await agent.get<{ user: { id: string } }>('/api/auth/get-session')).body.user.id;

  /** A lent e-book of its own, so that every e-loan asked for finds a copy free. */
  const lentTitle = async () => {
    const bookId = await addBook(librarian);
    const epub = writeEpub({
      identifier: `urn:uuid:${randomUUID()}`,
      title: 'Eligible',
      author: 'Tester',
      language: 'en',
      chapters: [{ title: 'One', paragraphs: ['A page.'] }],
    });
    const { payload, headers } = multipartBody(Buffer.from(epub), {
      filename: 'e.epub',
      type: 'application/epub+zip',
    });
    await librarian.request({ method: 'PUT', url: `/api/books/${bookId}/ebook`, payload, headers });
    return bookId;
  };

  /** A book with no copy on the shelf and one coming back, which a hold may wait for. */
  const bookOut = async () => {
    const bookId = await addBook(librarian, { quantity: 1 });
    const other = await signUp(server.app, 'Other');
    await other.agent.get(await confirmationLink(other.email, server.config.authSecret));
    await other.agent.post('/api/borrowedBooks', { bookId, ...loanDates(14, clock.date()) });
    return bookId;
  };

  /** What each service answers the member now: its code when refused, else 'served'. */
  async function answers(member: { agent: Agent; cardNumber: string; loanId: string }) {
    const codeOf = (answer: { status: number; body: unknown }) =>
      answer.status < 300 ? 'served' : ((answer.body as { code: string }).code ?? 'none');
    const shelfBook = await addBook(librarian, { quantity: 2 });
    const [copy] = (await librarian.get<{ barcode: string }[]>(`/api/books/${shelfBook}/copies`))
      .body;
    const asked: Record<Service, () => Promise<{ status: number; body: unknown }>> = {
      borrow: async () =>
        member.agent.post('/api/borrowedBooks', {
          bookId: await addBook(librarian),
          ...loanDates(14, clock.date()),
        }),
      hold: async () => member.agent.post('/api/holds', { bookId: await bookOut() }),
      deskCheckout: async () =>
        librarian.post('/api/desk/checkout', {
          cardNumber: member.cardNumber,
          barcode: copy?.barcode,
        }),
      renewal: async () => member.agent.post(`/api/borrowedBooks/${member.loanId}/renew`),
      eLoan: async () => member.agent.post(`/api/ebooks/${await lentTitle()}/loans`),
      roomBooking: async () => {
        // Each member asks for an hour of their own, so none finds it taken.
        const hour = 10 + (nextHour += 1);
        return member.agent.post(`/api/rooms/${roomId}/bookings`, {
          date: '2027-01-10',
          start: `${hour}:00`,
          end: `${hour + 1}:00`,
        });
      },
      eventRegistration: async () => member.agent.post(`/api/events/${eventId}/registrations`),
    };
    const codes = {} as Record<Service, string>;
    for (const service of SERVICES) codes[service] = codeOf(await asked[service]());
    return codes;
  }

  it.each(STANDINGS)(
    'refuses a member with %s wherever the policy checks it, and only there',
    async (_label, check, code) => {
      const signed = await signUp(server.app, `Member ${check}`);
      const memberId = await idOf(signed.agent);
      if (check !== 'verification')
        await signed.agent.get(await confirmationLink(signed.email, server.config.authSecret));
      // A loan to renew, taken while the member could still take one (its book has a spare copy,
      // so nobody waits for it).
      await db()
        .updateTable('user')
        .set({ emailVerified: stored(true) })
        .where('id', '=', memberId)
        .execute();
      const loan = await signed.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
        bookId: await addBook(librarian, { quantity: 2 }),
        ...loanDates(14, clock.date()),
      });
      expect(loan.status).toBe(201);
      const card = (await signed.agent.get<{ cardNumber: string }>('/api/card')).body.cardNumber;

      if (check === 'verification')
        await db()
          .updateTable('user')
          .set({ emailVerified: stored(false) })
          .where('id', '=', memberId)
          .execute();
      if (check === 'blocked')
        await librarian.patch(`/api/desk/members/${memberId}`, { blocked: true });
      if (check === 'membership') await setExpiry(db(), memberId, addDays('2027-01-09', -1));
      if (check === 'fines')
        await db()
          .insertInto('fineEntry')
          .values({
            id: randomUUID(),
            userId: memberId,
            kind: 'overdue',
            amount: 60,
            loanId: null,
            bookName: 'A late book',
            note: '',
            createdAt: clock.date().toISOString(),
          })
          .execute();
      if (check === 'overdue')
        await db()
          .updateTable('loan')
          .set({ returnDate: '2027-01-05' })
          .where('id', '=', loan.body.insertedId)
          .execute();

      const codes = await answers({
        agent: signed.agent,
        cardNumber: card,
        loanId: loan.body.insertedId,
      });
      for (const service of SERVICES) {
        const checked = ELIGIBILITY_CHECKS[service].includes(check);
        if (checked) expect(codes[service], service).toBe(code);
        else
          expect(
            ELIGIBILITY_CODES.has(codes[service] as (typeof STANDINGS)[number][2]),
            `${service} answered ${codes[service]}`,
          ).toBe(false);
      }
    },
  );

  it('serves a member in good standing everywhere', async () => {
    const signed = await signUp(server.app, 'Good Member');
    await signed.agent.get(await confirmationLink(signed.email, server.config.authSecret));
    const loan = await signed.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId: await addBook(librarian, { quantity: 2 }),
      ...loanDates(14, clock.date()),
    });
    const card = (await signed.agent.get<{ cardNumber: string }>('/api/card')).body.cardNumber;
    const codes = await answers({
      agent: signed.agent,
      cardNumber: card,
      loanId: loan.body.insertedId,
    });
    expect(codes).toEqual(Object.fromEntries(SERVICES.map((service) => [service, 'served'])));
  });
});
