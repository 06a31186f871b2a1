/**
 * What the library keeps of a member who closes their account, and lets go (issue 33, items 2
 * and 14; docs/product.md#accounts), on SQLite and on PostgreSQL: coming bookings cancelled,
 * events and e-books left so each queue moves on, history kept without the member. The rest of
 * the profile API is in profile.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDataExport } from '../../src/common/types.ts';
import { Agent, VALID_PASSWORD, addBook, signUp } from '../support/agent.ts';
import { addDays, dayIn } from '../../src/common/calendar.ts';
import type { Room } from '../../src/common/room-schemas.ts';
import { writeEpub } from '../../src/server/ebooks/epub-writer.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { multipartBody } from '../support/image-files.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const epub = Buffer.from(
  writeEpub({
    identifier: 'urn:uuid:profile-test',
    title: 'Lent E-book',
    author: 'Tester',
    language: 'en',
    chapters: [{ title: 'One', paragraphs: ['A page.'] }],
  }),
);

describe.each(databaseKinds)('closing an account on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind, { LIBRARIAN_EMAILS: 'desk@library.test' });
  });
  afterAll(async () => server.close());

  const db = () => server.app.database.db;
  const signIn = (email: string, password = VALID_PASSWORD) =>
    new Agent(server.app).post('/api/auth/sign-in/email', { email, password });

  describe('what the library keeps of a member, and lets go (issue 33, items 2 and 14)', () => {
    const staff = async () => {
      const signed = await signUp(server.app, 'Staff');
      await setRoleByEmail(db(), signed.email, 'librarian');
      return signed.agent;
    };
    const idOf = async (agent: Agent) =>
      (await agent.get<{ user: { id: string } }>('/api/auth/get-session')).body.user.id;
    const tomorrow = () => addDays(dayIn('Asia/Dhaka', new Date()), 1);

    it('cancels coming bookings, leaves events and e-books so each queue moves on, and keeps history without the member', async () => {
      const desk = await staff();
      const leaving = await signUp(server.app, 'Leaving Reader');
      const leavingId = await idOf(leaving.agent);
      const next = await signUp(server.app, 'Next Reader');
      const room = (await desk.post<Room>('/api/rooms', { name: 'Carrel', capacity: 1 })).body;
      let day = tomorrow();
      while (new Date(`${day}T00:00:00Z`).getUTCDay() === 5) day = addDays(day, 1);
      const booked = await leaving.agent.post(`/api/rooms/${room._id}/bookings`, {
        date: day,
        start: '10:00',
        end: '11:00',
      });
      expect(booked.status).toBe(201);
      const event = (
        await desk.post<{ _id: string }>('/api/events', {
          title: 'Poetry Evening',
          description: 'Readings.',
          place: 'Hall',
          capacity: 1,
          startsAt: `${day}T12:00:00.000Z`,
          endsAt: `${day}T13:00:00.000Z`,
        })
      ).body;
      await leaving.agent.post(`/api/events/${event._id}/registrations`);
      const waiting = await next.agent.post<{ status: string }>(
        `/api/events/${event._id}/registrations`,
      );
      expect(waiting.body.status).toBe('waiting');
      const title = await addBook(desk, { name: 'Lent E-book' });
      const { payload, headers } = multipartBody(epub, {
        filename: 'book.epub',
        type: 'application/epub+zip',
      });
      expect(
        (await desk.request({ method: 'PUT', url: `/api/books/${title}/ebook`, payload, headers }))
          .status,
      ).toBe(201);
      expect((await leaving.agent.post(`/api/ebooks/${title}/loans`)).status).toBe(201);
      expect((await next.agent.post(`/api/ebooks/${title}/waitlist`)).status).toBe(201);
      await leaving.agent.put(`/api/ebooks/${title}/position`, {
        locator: 'epubcfi(/6/2)',
        progress: 0.5,
      });

      const deleted = await leaving.agent.delete('/api/profile', { password: VALID_PASSWORD });
      expect(deleted.status).toBe(200);

      const availability = await next.agent.get<{ rooms: { _id: string; taken: string[] }[] }>(
        `/api/rooms/availability?date=${day}`,
      );
      expect(availability.body.rooms.find((r) => r._id === room._id)?.taken).toEqual([]);
      const deskBookings = await desk.get<{ userName: string; userEmail: string }[]>(
        `/api/desk/bookings?date=${day}`,
      );
      for (const booking of deskBookings.body) {
        expect(booking.userName).not.toBe('Leaving Reader');
        expect(booking.userEmail).not.toBe(leaving.email);
      }
      const registrations = await desk.get<{ userName: string; status: string }[]>(
        `/api/events/${event._id}/registrations`,
      );
      expect(registrations.body.map((r) => [r.userName, r.status])).toEqual([
        ['Next Reader', 'registered'],
      ]);
      const nextId = await idOf(next.agent);
      const mailed = await db()
        .selectFrom('notice')
        .select('kind')
        .where('userId', '=', nextId)
        .where('kind', 'in', ['eventPromoted', 'ebookReady'])
        .execute();
      expect(mailed.map((row) => row.kind).sort()).toEqual(['ebookReady', 'eventPromoted']);
      const waits = await next.agent.get<{ status: string }[]>('/api/ebooks/waitlist');
      expect(waits.body.map((w) => w.status)).toEqual(['ready']);
      for (const table of [
        'roomBooking',
        'eventRegistration',
        'ebookLoan',
        'ebookWait',
        'ebookPosition',
        'fineEntry',
        'membership',
        'libraryCard',
        'appointmentChange',
      ] as const) {
        const rows = await db()
          .selectFrom(table)
          .selectAll()
          .where('userId', '=', leavingId)
          .execute();
        expect(rows, table).toEqual([]);
      }
      const kept = await db()
        .selectFrom('roomBooking')
        .select(['userName', 'status'])
        .where('roomId', '=', room._id)
        .execute();
      expect(kept).toEqual([{ userName: '', status: 'cancelled' }]);
    });

    it('downloads the card, bookings, registrations, e-loans, e-book waits and reading positions too (issue 33, item 14)', async () => {
      const desk = await staff();
      const reader = await signUp(server.app, 'Download Reader');
      const other = await signUp(server.app, 'Other Reader');
      const room = (await desk.post<Room>('/api/rooms', { name: 'Study Nook', capacity: 1 })).body;
      let day = tomorrow();
      while (new Date(`${day}T00:00:00Z`).getUTCDay() === 5) day = addDays(day, 1);
      await reader.agent.post(`/api/rooms/${room._id}/bookings`, {
        date: day,
        start: '09:00',
        end: '10:00',
      });
      const event = (
        await desk.post<{ _id: string }>('/api/events', {
          title: 'Book Club',
          place: 'Hall',
          capacity: 5,
          startsAt: `${day}T10:00:00.000Z`,
          endsAt: `${day}T11:00:00.000Z`,
        })
      ).body;
      await reader.agent.post(`/api/events/${event._id}/registrations`);
      const [lent, waited] = [
        await addBook(desk, { name: 'Read Now' }),
        await addBook(desk, { name: 'Wait For It' }),
      ];
      for (const title of [lent, waited]) {
        const { payload, headers } = multipartBody(epub, {
          filename: 'b.epub',
          type: 'application/epub+zip',
        });
        await desk.request({ method: 'PUT', url: `/api/books/${title}/ebook`, payload, headers });
      }
      await reader.agent.post(`/api/ebooks/${lent}/loans`);
      await reader.agent.put(`/api/ebooks/${lent}/position`, {
        locator: 'epubcfi(/6/4)',
        progress: 0.25,
      });
      await other.agent.post(`/api/ebooks/${waited}/loans`);
      await reader.agent.post(`/api/ebooks/${waited}/waitlist`);

      const data = (await reader.agent.get<MemberDataExport>('/api/profile/data')).body;
      const card = (await reader.agent.get<{ cardNumber: string }>('/api/card')).body;
      expect(data.cardNumber).toBe(card.cardNumber);
      expect(data.bookings.map((b) => [b.roomName, b.date, b.start])).toEqual([
        ['Study Nook', day, '09:00'],
      ]);
      expect(data.registrations.map((r) => [r.title, r.status])).toEqual([
        ['Book Club', 'registered'],
      ]);
      expect(data.ebookLoans.map((loan) => [loan.bookId, loan.endedAt])).toEqual([[lent, null]]);
      expect(data.ebookWaits.map((wait) => [wait.bookId, wait.status])).toEqual([
        [waited, 'waiting'],
      ]);
      expect(data.readingPositions).toEqual([
        { bookId: lent, locator: 'epubcfi(/6/4)', progress: 0.25, updatedAt: expect.any(String) },
      ]);
      expect(JSON.stringify(data)).not.toContain('Other Reader');
    });

    it('refuses while the member owes anything, with words that send them to the desk, and changes nothing', async () => {
      const member = await signUp(server.app, 'Owing Reader');
      const userId = await idOf(member.agent);
      await db()
        .insertInto('fineEntry')
        .values({
          id: randomUUID(),
          userId,
          kind: 'overdue',
          amount: 2,
          loanId: null,
          bookName: 'A late book',
          note: '',
          createdAt: new Date().toISOString(),
        })
        .execute();
      const refused = await member.agent.delete<{ code: string; error: string }>('/api/profile', {
        password: VALID_PASSWORD,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('FINES_OWED');
      expect(refused.body.error).toContain('at the desk');
      expect((await signIn(member.email)).status).toBe(200);
    });

    it('refuses the last librarian, and lets one go while another stays', async () => {
      const fresh = await startTestApp(kind);
      try {
        const first = await signUp(fresh.app, 'First Librarian');
        const second = await signUp(fresh.app, 'Second Librarian');
        for (const one of [first, second])
          await setRoleByEmail(fresh.app.database.db, one.email, 'librarian');
        const gone = await first.agent.delete('/api/profile', { password: VALID_PASSWORD });
        expect(gone.status).toBe(200);
        const refused = await second.agent.delete<{ code: string }>('/api/profile', {
          password: VALID_PASSWORD,
        });
        expect(refused.status).toBe(409);
        expect(refused.body.code).toBe('LAST_LIBRARIAN');
        expect((await second.agent.get('/api/desk/stats')).status).toBe(200);
      } finally {
        await fresh.close();
      }
    });
  });
});
