/**
 * Study-room bookings on both databases, with the library's clock moved (docs/product/rooms-and-events.md):
 * every slot rule and its edges, the hours a day, check-in and no-shows, cancelling and rooms.
 * The library is in Asia/Dhaka (UTC+6), open 09:00-20:00 and closed on Fridays.
 */
import { setExpiry } from '../../src/server/membership/membership.repository.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability, Booking, DeskBooking, Room } from '../../src/common/room-schemas.ts';
import { changeMember, setRoleByEmail } from '../../src/server/members/members.ts';
import { Agent, signUp } from '../support/agent.ts';
import { dhaka } from '../support/library-time.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

/** A Wednesday; the Friday after it is closed. */
const TODAY = '2027-01-06';
const FRIDAY = '2027-01-08';

describe.each(databaseKinds)('study rooms on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  let rooms: Room[];
  /** Members shared by the tests (a sign-up is slow), each test on days its members keep free. */
  let pool: { agent: Agent; email: string }[];
  const clock = new MovableClock();

  beforeAll(async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    server = await startTestApp(kind, {}, clock);
    const signedUp = await signUp(server.app, 'Librarian');
    await setRoleByEmail(server.app.database.db, signedUp.email, 'librarian');
    librarian = signedUp.agent;
    rooms = [];
    for (const [name, capacity] of [
      ['Carrel', 1],
      ['Group Room', 4],
      ['Seminar', 20],
      ['Spare', 2],
    ] as const) {
      const added = await librarian.post<Room>('/api/rooms', { name, capacity });
      expect(added.status).toBe(201);
      rooms.push(added.body);
    }
    pool = [];
    for (let index = 0; index < 6; index += 1) pool.push(await signUp(server.app));
  });
  afterAll(() => server.close());

  const member = (index: number) => pool[index]?.agent as Agent;
  const room = (index: number) => rooms[index]?._id ?? '';
  const book = (agent: Agent, roomIndex: number, date: string, start: string, end: string) =>
    agent.post<{ booking: Booking; code?: string; error?: string }>(
      `/api/rooms/${room(roomIndex)}/bookings`,
      { date, start, end },
    );

  it('lists the rooms and the slots of an open day and of a closed Friday', async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    const visitor = new Agent(server.app);
    expect((await visitor.get<Room[]>('/api/rooms')).body.map((r) => r.name)).toEqual([
      'Carrel',
      'Spare',
      'Group Room',
      'Seminar',
    ]);
    const day = (await visitor.get<Availability>(`/api/rooms/availability?date=${TODAY}`)).body;
    expect(day).toMatchObject({ date: TODAY, today: TODAY, open: true, started: [] });
    expect(day.slots).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
    ]);
    expect(day.lastBookableDate).toBe('2027-01-13');
    const friday = (await visitor.get<Availability>(`/api/rooms/availability?date=${FRIDAY}`)).body;
    expect(friday).toMatchObject({ open: false, slots: [] });

    // Asked on the closed Friday for no day in particular: Saturday's rooms, not none.
    clock.moveTo(dhaka(FRIDAY, '10:00'));
    const next = (await visitor.get<Availability>('/api/rooms/availability')).body;
    expect(next).toMatchObject({ date: '2027-01-09', today: FRIDAY, open: true });
    expect(next.slots).toHaveLength(11);
  });

  it('books the last slot before closing and refuses one past it, and a closed Friday', async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    const agent = member(0);
    expect((await book(agent, 0, TODAY, '19:00', '20:00')).status).toBe(201);
    const late = await book(agent, 1, TODAY, '19:00', '21:00');
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 'INVALID_SLOT' });
    expect(late.body.error).toContain('from 09:00 to 20:00');
    const friday = await book(agent, 1, FRIDAY, '10:00', '11:00');
    expect(friday.body).toMatchObject({
      code: 'INVALID_SLOT',
      error: `The library is closed on ${FRIDAY}.`,
    });
  });

  it('books 7 days ahead and refuses 8', async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    const agent = member(0);
    expect((await book(agent, 2, '2027-01-13', '09:00', '10:00')).status).toBe(201);
    const tooFar = await book(agent, 2, '2027-01-14', '09:00', '10:00');
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error).toBe('Rooms can be booked at most 7 days ahead.');
  });

  it('says which slot rule a refused booking broke', async () => {
    clock.moveTo(dhaka(TODAY, '10:30'));
    const agent = member(1);
    const refusal = async (start: string, end: string, date = TODAY) => {
      const answer = await book(agent, 3, date, start, end);
      expect(answer.status).toBe(400);
      return answer.body.error;
    };
    expect(await refusal('11:30', '12:30')).toBe(
      'Bookings start and end on 60-minute slots counted from 09:00.',
    );
    expect(await refusal('12:00', '12:00')).toBe('The end of a booking must be after its start.');
    expect(await refusal('10:00', '11:00')).toBe('This slot has started already.');
    expect(await refusal('10:00', '11:00', '2027-01-05')).toBe('This slot has started already.');
    expect(await refusal('08:00', '09:00')).toContain('only while the library is open');
    expect(
      (await agent.post(`/api/rooms/${room(3)}/bookings`, { date: TODAY, start: '9am' })).status,
    ).toBe(400);
  });

  it('refuses days that are not on the calendar, to visitors and members alike (issue 33, item 6)', async () => {
    const visitor = new Agent(server.app);
    for (const date of ['2026-13-01', '0000-00-00', '9999-99-99', '2026-11-31', '2027-02-29']) {
      const availability = await visitor.get<{ code: string }>(
        `/api/rooms/availability?date=${date}`,
      );
      expect(availability.status, date).toBe(400);
      expect(availability.body.code).toBe('VALIDATION');
      const booking = await book(member(1), 3, date, '10:00', '11:00');
      expect(booking.status, date).toBe(400);
      expect(await librarian.get(`/api/desk/bookings?date=${date}`)).toMatchObject({ status: 400 });
    }
  });

  it('allows 2 hours a day and refuses a third, in any room', async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    const agent = member(1);
    expect((await book(agent, 1, '2027-01-07', '09:00', '11:00')).status).toBe(201);
    const third = await book(agent, 2, '2027-01-07', '11:00', '12:00');
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      code: 'ROOM_HOURS_LIMIT',
      error: 'You can book rooms for at most 2 hours a day.',
    });
    // Another day has hours of its own.
    expect((await book(agent, 2, '2027-01-09', '11:00', '12:00')).status).toBe(201);
  });

  it('refuses a taken slot, an unknown room and a blocked member', async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    const first = member(2);
    const second = pool[3] as { agent: Agent; email: string };
    expect((await book(first, 3, '2027-01-07', '14:00', '16:00')).status).toBe(201);
    const taken = await book(second.agent, 3, '2027-01-07', '15:00', '16:00');
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('SLOT_TAKEN');
    const unknown = await second.agent.post('/api/rooms/no-such-room/bookings', {
      date: '2027-01-07',
      start: '10:00',
      end: '11:00',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'ROOM_NOT_FOUND' });
    const { db } = server.app.database;
    const user = await db
      .selectFrom('user')
      .select('id')
      .where('email', '=', second.email)
      .executeTakeFirstOrThrow();
    await changeMember(db, 'a librarian', user.id, { blocked: true });
    const blocked = await book(second.agent, 3, '2027-01-07', '10:00', '11:00');
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('MEMBER_BLOCKED');
    // A membership that has ended refuses bookings too; the member is then put back as they were.
    await changeMember(db, 'a librarian', user.id, { blocked: false });
    await setExpiry(db, user.id, '2026-12-31');
    const lapsed = await book(second.agent, 3, '2027-01-07', '10:00', '11:00');
    expect(lapsed.body.code).toBe('MEMBERSHIP_EXPIRED');
    await setExpiry(db, user.id, '2099-12-31');
    await changeMember(db, 'a librarian', user.id, { blocked: true });
    // The availability shows the taken slots, and the member's own to them alone.
    const seen = (await first.get<Availability>('/api/rooms/availability?date=2027-01-07')).body;
    const seminar = seen.rooms.find((r) => r._id === room(3));
    expect(seminar).toMatchObject({ taken: ['14:00', '15:00'], mine: ['14:00', '15:00'] });
    const other = (await second.agent.get<Availability>('/api/rooms/availability?date=2027-01-07'))
      .body;
    expect(other.rooms.find((r) => r._id === room(3))?.mine).toEqual([]);
  });

  it('checks in from 10 minutes before the start, not 11, and at the desk', async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    const agent = member(2);
    const booked = (await book(agent, 0, TODAY, '12:00', '13:00')).body.booking;
    clock.moveTo(dhaka(TODAY, '11:49'));
    const early = await agent.post(`/api/bookings/${booked._id}/check-in`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'CHECK_IN_CLOSED' });
    clock.moveTo(dhaka(TODAY, '11:50'));
    const checkedIn = await agent.post<Booking>(`/api/bookings/${booked._id}/check-in`);
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.body.status).toBe('checkedIn');
    // Another member's booking is not theirs to check in; the desk checks anyone in.
    const other = member(4);
    const theirs = (await book(other, 1, TODAY, '12:00', '13:00')).body.booking;
    expect((await agent.post(`/api/bookings/${theirs._id}/check-in`)).status).toBe(404);
    const atDesk = await librarian.post<Booking>(`/api/bookings/${theirs._id}/check-in`);
    expect(atDesk.body.status).toBe('checkedIn');
    const today = (await librarian.get<DeskBooking[]>('/api/desk/bookings')).body;
    expect(today.find((b) => b._id === theirs._id)).toMatchObject({ status: 'checkedIn' });
  });

  it('releases a no-show at minute 16, not 14, and frees its remaining slots', async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    const agent = member(5);
    const booked = (await book(agent, 2, TODAY, '15:00', '17:00')).body.booking;
    const takenAt = async () =>
      (await agent.get<Availability>(`/api/rooms/availability?date=${TODAY}`)).body.rooms.find(
        (r) => r._id === room(2),
      )?.taken;
    clock.moveTo(dhaka(TODAY, '15:14'));
    expect(await takenAt()).toEqual(expect.arrayContaining(['15:00', '16:00']));
    clock.moveTo(dhaka(TODAY, '15:16'));
    expect(await takenAt()).not.toContain('16:00');
    expect(
      (await agent.get<Booking[]>('/api/bookings')).body.find((b) => b._id === booked._id),
    ).toMatchObject({
      status: 'noShow',
    });
    expect((await agent.post(`/api/bookings/${booked._id}/check-in`)).body).toMatchObject({
      code: 'CHECK_IN_CLOSED',
    });
    const next = member(4);
    expect((await book(next, 2, TODAY, '16:00', '17:00')).status).toBe(201);
  });

  it('releases no-shows in the sweep, without anyone touching them', async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    const agent = member(1);
    await book(agent, 3, TODAY, '17:00', '18:00');
    clock.moveTo(dhaka(TODAY, '17:16'));
    expect(await server.app.rooms.releaseNoShows()).toBeGreaterThanOrEqual(1);
    expect(await server.app.rooms.releaseNoShows()).toBe(0);
    const [released] = (await agent.get<Booking[]>('/api/bookings')).body.filter(
      (booking) => booking.start === '17:00',
    );
    expect(released?.status).toBe('noShow');
  });

  it("cancels the member's own booking before it starts, and only theirs", async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    const agent = member(2);
    const booked = (await book(agent, 0, '2027-01-09', '10:00', '11:00')).body.booking;
    const other = member(0);
    expect((await other.delete(`/api/bookings/${booked._id}`)).status).toBe(404);
    expect((await agent.delete(`/api/bookings/${booked._id}`)).status).toBe(200);
    expect((await agent.delete(`/api/bookings/${booked._id}`)).status).toBe(404);
    expect((await book(other, 0, '2027-01-09', '10:00', '11:00')).status).toBe(201);
    const soon = (await book(agent, 1, '2027-01-09', '12:00', '13:00')).body.booking;
    clock.moveTo(dhaka('2027-01-09', '12:05'));
    expect((await agent.delete(`/api/bookings/${soon._id}`)).body).toMatchObject({
      code: 'BOOKING_STARTED',
    });
  });

  it('lets librarians change rooms, and delete one only without bookings to come', async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    const renamed = await librarian.patch<Room>(`/api/rooms/${room(3)}`, { name: 'Spare Room' });
    expect(renamed.body).toMatchObject({ name: 'Spare Room', capacity: 2 });
    const agent = member(0);
    await book(agent, 3, '2027-01-12', '10:00', '11:00');
    expect((await librarian.delete(`/api/rooms/${room(3)}`)).body).toMatchObject({
      code: 'ROOM_HAS_BOOKINGS',
    });
    const spare = await librarian.post<Room>('/api/rooms', { name: 'Corner', capacity: 2 });
    expect((await librarian.delete(`/api/rooms/${spare.body._id}`)).status).toBe(200);
    expect((await librarian.patch(`/api/rooms/${spare.body._id}`, { capacity: 3 })).status).toBe(
      404,
    );
  });
});

describe.each(databaseKinds)('study rooms where the clocks change, on %s', (kind) => {
  let server: TestApp;
  const clock = new MovableClock();

  beforeAll(async () => {
    clock.moveTo('2027-03-26T12:00:00.000Z');
    server = await startTestApp(
      kind,
      {
        LIBRARY_TIMEZONE: 'Europe/London',
        LIBRARY_HOURS: '00:00-04:00',
        LIBRARY_CLOSED_DAYS: 'fri',
      },
      clock,
    );
  });
  afterAll(() => server.close());

  it('offers no slot in the hour the clocks skip, and refuses a booking of it (issue 33)', async () => {
    const signed = await signUp(server.app);
    await setRoleByEmail(server.app.database.db, signed.email, 'librarian');
    const room = (await signed.agent.post<Room>('/api/rooms', { name: 'Carrel', capacity: 1 }))
      .body;
    const day = await signed.agent.get<Availability>('/api/rooms/availability?date=2027-03-28');
    expect(day.body.slots).toEqual(['00:00', '02:00', '03:00']);
    const skipped = await signed.agent.post<{ code: string; error: string }>(
      `/api/rooms/${room._id}/bookings`,
      { date: '2027-03-28', start: '01:00', end: '02:00' },
    );
    expect(skipped.status).toBe(400);
    expect(skipped.body).toMatchObject({
      code: 'INVALID_SLOT',
      error: expect.stringContaining('clocks change'),
    });
    const across = await signed.agent.post(`/api/rooms/${room._id}/bookings`, {
      date: '2027-03-28',
      start: '00:00',
      end: '02:00',
    });
    expect(across.status).toBe(400);
    const fine = await signed.agent.post(`/api/rooms/${room._id}/bookings`, {
      date: '2027-03-28',
      start: '02:00',
      end: '03:00',
    });
    expect(fine.status).toBe(201);
  });
});
