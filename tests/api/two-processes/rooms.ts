/**
 * Bookings and registrations racing through the two shared server processes
 * (docs/product/rooms-and-events.md): a slot goes to one member, a room of seats to one member a
 * seat, an hour to an event or to a booking but never both, a member's hours a day stay within
 * the limit, an event never seats more than its capacity, and its waiting list keeps the order
 * members joined in, without gaps.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../../src/common/calendar.ts';
import type { LibraryEvent, RegistrationResult } from '../../../src/common/event-schemas.ts';
import { nthOpenDay } from '../../../src/common/opening-hours.ts';
import type { Room } from '../../../src/common/room-schemas.ts';
import type { HttpAgent } from '../../support/http-agent.ts';
import { dhaka } from '../../support/library-time.ts';
import type { TwoProcesses } from './context.ts';

const hours = {
  opens: '09:00',
  closes: '20:00',
  closedDays: ['fri'] as const,
  timeZone: 'Asia/Dhaka',
};
/** An open day two open days from now: every slot of it is bookable. */
const DAY = nthOpenDay(hours, dayIn('Asia/Dhaka', new Date()), 2);
/** The open day after it, whose hours events and bookings race for. */
const EVENT_DAY = nthOpenDay(hours, dayIn('Asia/Dhaka', new Date()), 3);

export function roomsRaces(pair: TwoProcesses): void {
  describe('bookings and registrations', () => {
    let members: HttpAgent[];
    let rooms: Room[];

    beforeAll(async () => {
      rooms = [];
      for (const name of ['Carrel', 'Group Room', 'Seminar']) {
        const added = await pair.librarian.request<Room>('POST', '/api/rooms', {
          name,
          capacity: 4,
        });
        rooms.push(added.body);
      }
      members = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          pair.signUpOn(index % 2 === 0 ? pair.first : pair.second),
        ),
      );
    }, 120_000);

    const member = (index: number) => members[index] as HttpAgent;
    const roomId = (index: number) => rooms[index]?._id ?? '';
    const addEvent = async (capacity: number) =>
      (
        await pair.librarian.request<LibraryEvent>('POST', '/api/events', {
          title: 'Meet the Author',
          place: 'Auditorium',
          capacity,
          startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
        })
      ).body._id;
    const registrations = (eventId: string) =>
      pair.direct.db
        .selectFrom('eventRegistration')
        .select(['userId', 'status', 'queueNumber'])
        .where('eventId', '=', eventId)
        .orderBy('queueNumber')
        .execute();

    it('gives a slot to exactly one of 20 members booking it at once', async () => {
      const { direct } = pair;
      const attempts = await Promise.all(
        members.slice(0, 20).map((agent) =>
          agent.request<{ code?: string }>('POST', `/api/rooms/${roomId(0)}/bookings`, {
            date: DAY,
            start: '10:00',
            end: '11:00',
          }),
        ),
      );
      expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(1);
      expect(attempts.filter((attempt) => attempt.body.code === 'SLOT_TAKEN')).toHaveLength(19);
      const live = await direct.db
        .selectFrom('roomBooking')
        .select('id')
        .where('roomId', '=', roomId(0))
        .where('status', '=', 'booked')
        .execute();
      expect(live).toHaveLength(1);
    });

    it('gives the 5 seats of a slot to exactly 5 of 20 members booking it at once', async () => {
      const { direct, librarian } = pair;
      const carrels = (
        await librarian.request<Room>('POST', '/api/rooms', {
          name: 'Carrels',
          capacity: 1,
          seats: 5,
        })
      ).body;
      const attempts = await Promise.all(
        members.slice(0, 20).map((agent) =>
          agent.request<{ code?: string }>('POST', `/api/rooms/${carrels._id}/bookings`, {
            date: DAY,
            start: '12:00',
            end: '13:00',
          }),
        ),
      );
      expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(5);
      expect(attempts.filter((attempt) => attempt.body.code === 'SLOT_TAKEN')).toHaveLength(15);
      const seats = await direct.db
        .selectFrom('roomSlot')
        .select('seat')
        .where('roomId', '=', carrels._id)
        .orderBy('seat')
        .execute();
      expect(seats.map((row) => row.seat)).toEqual([1, 2, 3, 4, 5]);
    });

    it('gives an hour of a room to an event or to a booking, never both, when they race', async () => {
      const { second, direct, librarian } = pair;
      const hall = (
        await librarian.request<Room>('POST', '/api/rooms', { name: 'Hall', capacity: 40 })
      ).body;
      for (const [round, start] of ['09:00', '11:00', '13:00', '15:00', '17:00'].entries()) {
        const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`;
        const [event, ...bookings] = await Promise.all([
          librarian.to(second.url).request<{ code?: string }>('POST', '/api/events', {
            title: 'Book launch',
            place: 'Hall',
            capacity: 40,
            roomId: hall._id,
            startsAt: dhaka(EVENT_DAY, start).toISOString(),
            endsAt: dhaka(EVENT_DAY, end).toISOString(),
          }),
          ...members.slice(round * 2, round * 2 + 2).map((agent) =>
            agent.request<{ code?: string }>('POST', `/api/rooms/${hall._id}/bookings`, {
              date: EVENT_DAY,
              start,
              end,
            }),
          ),
        ]);
        const booked = bookings.filter((booking) => booking.status === 201).length;
        if (event?.status === 201) expect(booked).toBe(0);
        else {
          expect(event?.body.code).toBe('SLOT_TAKEN');
          expect(booked).toBe(1);
        }
        expect(bookings.every((b) => b.status === 201 || b.body.code === 'SLOT_TAKEN')).toBe(true);
      }
      // What the database keeps agrees: no live booking of the hall overlaps an event held in it.
      const clashes = await direct.db
        .selectFrom('roomEventHold')
        .innerJoin('roomBooking', 'roomBooking.roomId', 'roomEventHold.roomId')
        .select('roomBooking.id')
        .where('roomEventHold.roomId', '=', hall._id)
        .where('roomBooking.status', '=', 'booked')
        .whereRef('roomBooking.startsAt', '<', 'roomEventHold.endsAt')
        .whereRef('roomBooking.endsAt', '>', 'roomEventHold.startsAt')
        .execute();
      expect(clashes).toEqual([]);
    });

    it('keeps a member to 2 hours a day when they book three rooms for one hour at once', async () => {
      const { first, second } = pair;
      const agent = member(25);
      const attempts = await Promise.all(
        [0, 1, 2].map((index) =>
          agent
            .to(index % 2 === 0 ? first.url : second.url)
            .request<{ code?: string }>('POST', `/api/rooms/${roomId(index)}/bookings`, {
              date: DAY,
              start: '14:00',
              end: '15:00',
            }),
        ),
      );
      expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(2);
      expect(attempts.filter((attempt) => attempt.body.code === 'ROOM_HOURS_LIMIT')).toHaveLength(
        1,
      );
    });

    it('seats 10 of 30 members registering at once and queues 20, numbered 1 to 20', async () => {
      const { librarian } = pair;
      const eventId = await addEvent(10);
      const answers = await Promise.all(
        members.map((agent) =>
          agent.request<RegistrationResult>('POST', `/api/events/${eventId}/registrations`),
        ),
      );
      expect(answers.every((answer) => answer.status === 201)).toBe(true);
      expect(answers.filter((answer) => answer.body.status === 'registered')).toHaveLength(10);
      const positions = answers
        .filter((answer) => answer.body.status === 'waiting')
        .map((answer) => answer.body.position)
        .sort((a, b) => (a ?? 0) - (b ?? 0));
      expect(positions).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
      const event = await librarian.request<LibraryEvent>('GET', `/api/events/${eventId}`);
      expect(event.body).toMatchObject({ registered: 10, waiting: 20, seatsLeft: 0 });
    });

    it('never seats more than the capacity when cancellations race registrations, and serves the queue in order', async () => {
      const eventId = await addEvent(5);
      // Five seated and five waiting, in a known order.
      for (const agent of members.slice(0, 10)) {
        await agent.request('POST', `/api/events/${eventId}/registrations`);
      }
      const waitingBefore = (await registrations(eventId))
        .filter((registration) => registration.status === 'waiting')
        .map((registration) => registration.userId);
      const leaving = members.slice(0, 3);
      const arriving = members.slice(10, 18);
      await Promise.all([
        ...leaving.map((agent) =>
          agent.request('DELETE', `/api/events/${eventId}/registrations/mine`),
        ),
        ...arriving.map((agent) => agent.request('POST', `/api/events/${eventId}/registrations`)),
      ]);
      const after = await registrations(eventId);
      const seated = after.filter((registration) => registration.status === 'registered');
      const waiting = after.filter((registration) => registration.status === 'waiting');
      expect(seated).toHaveLength(5);
      expect(waiting).toHaveLength(10);
      // The first three who waited took the freed seats; the other two still lead the queue.
      const seatedIds = seated.map((registration) => registration.userId);
      expect(seatedIds).toEqual(expect.arrayContaining(waitingBefore.slice(0, 3)));
      expect(waiting.slice(0, 2).map((registration) => registration.userId)).toEqual(
        waitingBefore.slice(3),
      );
    });

    it('leaves nothing live of an account closed through one server while it books and registers through the other (issue 33, item 2)', async () => {
      const { first, second, direct } = pair;
      const eventId = await addEvent(1);
      const seated = await pair.signUpOn(first);
      await seated.request('POST', `/api/events/${eventId}/registrations`);
      const next = await pair.signUpOn(second);
      await next.request('POST', `/api/events/${eventId}/registrations`);
      for (let round = 0; round < 4; round += 1) {
        const leaving = await pair.signUpOn(first);
        const start = `${String(15 + round).padStart(2, '0')}:00`;
        const [closed, booked, registered] = await Promise.all([
          leaving.request('DELETE', '/api/profile', { password: 'Library123' }),
          leaving.to(second.url).request('POST', `/api/rooms/${roomId(2)}/bookings`, {
            date: DAY,
            start,
            end: `${String(16 + round).padStart(2, '0')}:00`,
          }),
          leaving.to(second.url).request('POST', `/api/events/${eventId}/registrations`),
        ]);
        expect(closed.status).toBe(200);
        expect([201, 401]).toContain(booked.status);
        expect([201, 401]).toContain(registered.status);
      }
      // Whoever closed their account left no live booking, slot or registration behind.
      const orphanBookings = await direct.db
        .selectFrom('roomBooking')
        .leftJoin('user', 'user.id', 'roomBooking.userId')
        .select('roomBooking.id')
        .where('user.id', 'is', null)
        .where('roomBooking.status', '=', 'booked')
        .execute();
      expect(orphanBookings).toEqual([]);
      const slots = await direct.db
        .selectFrom('roomSlot')
        .innerJoin('roomBooking', 'roomBooking.id', 'roomSlot.bookingId')
        .select('roomBooking.status')
        .where('roomSlot.roomId', '=', roomId(2))
        .execute();
      expect(slots.every((slot) => slot.status === 'booked')).toBe(true);
      const orphanRegistrations = await direct.db
        .selectFrom('eventRegistration')
        .leftJoin('user', 'user.id', 'eventRegistration.userId')
        .select('eventRegistration.id')
        .where('user.id', 'is', null)
        .where('eventRegistration.eventId', '=', eventId)
        .execute();
      expect(orphanRegistrations).toEqual([]);

      // The seated member leaves by closing their account: the one waiting is registered, and mailed.
      expect(
        (await seated.request('DELETE', '/api/profile', { password: 'Library123' })).status,
      ).toBe(200);
      const after = await registrations(eventId);
      expect(after.map((registration) => registration.status)).toEqual(['registered']);
      const promoted = await direct.db
        .selectFrom('notice')
        .select('userId')
        .where('kind', '=', 'eventPromoted')
        .where('userId', '=', after[0]?.userId ?? '')
        .execute();
      expect(promoted).toHaveLength(1);
    });
  });
}
