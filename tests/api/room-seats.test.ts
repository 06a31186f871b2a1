/**
 * Rooms of several seats, and events held in a room, on both databases (issue 35,
 * docs/product/rooms-and-events.md): each booking takes one seat, a slot is taken when every seat
 * is, and an event takes its room's slots for its time. The library is in Asia/Dhaka (UTC+6),
 * open 09:00-20:00 and closed on Fridays; the clock stands on a Wednesday morning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryEvent } from '../../src/common/event-schemas.ts';
import type { Availability, DeskBooking, Room } from '../../src/common/room-schemas.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import type { Agent } from '../support/agent.ts';
import { signUp } from '../support/agent.ts';
import { dhaka } from '../support/library-time.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

const TODAY = '2027-01-06';
const THURSDAY = '2027-01-07';
const SATURDAY = '2027-01-09';

describe.each(databaseKinds)('seats and events in rooms on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  let members: Agent[];
  const clock = new MovableClock();

  beforeAll(async () => {
    clock.moveTo(dhaka(TODAY, '08:00'));
    server = await startTestApp(kind, {}, clock);
    const signedUp = await signUp(server.app, 'Librarian');
    await setRoleByEmail(server.app.database.db, signedUp.email, 'librarian');
    librarian = signedUp.agent;
    members = [];
    for (let index = 0; index < 4; index += 1) members.push((await signUp(server.app)).agent);
  });
  afterAll(() => server.close());

  const member = (index: number) => members[index] as Agent;
  const addRoom = async (name: string, seats?: number) => {
    const added = await librarian.post<Room>('/api/rooms', { name, capacity: 1, seats });
    expect(added.status).toBe(201);
    return added.body;
  };
  const book = (agent: Agent, roomId: string, date: string, start: string, end: string) =>
    agent.post<{ code?: string }>(`/api/rooms/${roomId}/bookings`, { date, start, end });
  const roomOn = async (roomId: string, date: string) =>
    (await librarian.get<Availability>(`/api/rooms/availability?date=${date}`)).body.rooms.find(
      (room) => room._id === roomId,
    );
  const addEvent = (roomId: string | undefined, day: string, start: string, end: string) =>
    librarian.post<LibraryEvent & { code?: string }>('/api/events', {
      title: 'Poetry evening',
      place: 'Seminar Room',
      capacity: 30,
      startsAt: dhaka(day, start).toISOString(),
      endsAt: dhaka(day, end).toISOString(),
      ...(roomId === undefined ? {} : { roomId }),
    });

  it('gives each booking a seat, and takes the slot only when every seat is', async () => {
    const carrels = await addRoom('Carrels', 3);
    expect(carrels.seats).toBe(3);
    for (const index of [0, 1]) {
      expect((await book(member(index), carrels._id, THURSDAY, '10:00', '12:00')).status).toBe(201);
    }
    expect(await roomOn(carrels._id, THURSDAY)).toMatchObject({
      seats: 3,
      taken: [],
      seatsTaken: { '10:00': 2, '11:00': 2 },
    });
    // A member takes one seat: the same slot again is refused them.
    const twice = await book(member(0), carrels._id, THURSDAY, '11:00', '12:00');
    expect(twice.body.code).toBe('SLOT_TAKEN');
    expect((await book(member(2), carrels._id, THURSDAY, '11:00', '12:00')).status).toBe(201);
    expect(await roomOn(carrels._id, THURSDAY)).toMatchObject({
      taken: ['11:00'],
      seatsTaken: { '10:00': 2, '11:00': 3 },
    });
    const full = await book(member(3), carrels._id, THURSDAY, '10:00', '12:00');
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('SLOT_TAKEN');
    expect((await book(member(3), carrels._id, THURSDAY, '10:00', '11:00')).status).toBe(201);
    // The desk sees which seat each booking holds, and the card of a member who has one.
    const { body: card } = await member(2).get<{ cardNumber: string }>('/api/card');
    const { body: desk } = await librarian.get<DeskBooking[]>(
      `/api/desk/bookings?date=${THURSDAY}`,
    );
    const atCarrels = desk.filter((booking) => booking.roomId === carrels._id);
    expect(atCarrels.map(({ start, seat }) => `${start} seat ${seat}`).sort()).toEqual([
      '10:00 seat 1',
      '10:00 seat 2',
      '10:00 seat 3',
      '11:00 seat 3',
    ]);
    expect(atCarrels.find((booking) => booking.start === '11:00')?.cardNumber).toBe(
      card.cardNumber,
    );
    // A room of one seat is taken by its first booking, as rooms always were.
    const single = await addRoom('Quiet Room');
    expect(single.seats).toBe(1);
    expect((await book(member(2), single._id, THURSDAY, '14:00', '15:00')).status).toBe(201);
    expect((await book(member(3), single._id, THURSDAY, '14:00', '15:00')).body.code).toBe(
      'SLOT_TAKEN',
    );
  });

  it('refuses a room of no seats or too many, and changes the seats of one', async () => {
    for (const seats of [0, 201, 1.5]) {
      const refused = await librarian.post('/api/rooms', { name: 'Hall', capacity: 1, seats });
      expect(refused.status).toBe(400);
    }
    const hall = await addRoom('Hall');
    const changed = await librarian.patch<Room>(`/api/rooms/${hall._id}`, { seats: 2 });
    expect(changed.body).toMatchObject({ seats: 2 });
    for (const index of [0, 1]) {
      expect((await book(member(index), hall._id, SATURDAY, '09:00', '10:00')).status).toBe(201);
    }
    expect((await book(member(2), hall._id, SATURDAY, '09:00', '10:00')).body.code).toBe(
      'SLOT_TAKEN',
    );
  });

  it("takes the room's slots for an event held in it, and gives them back when it moves or is cancelled", async () => {
    const seminar = await addRoom('Seminar');
    const created = await addEvent(seminar._id, SATURDAY, '14:00', '15:30');
    expect(created.status).toBe(201);
    expect(created.body.roomId).toBe(seminar._id);
    expect((await roomOn(seminar._id, SATURDAY))?.taken).toEqual(['14:00', '15:00']);
    const during = await book(member(0), seminar._id, SATURDAY, '15:00', '16:00');
    expect(during.status).toBe(409);
    expect(during.body.code).toBe('SLOT_TAKEN');
    expect((await book(member(0), seminar._id, SATURDAY, '16:00', '17:00')).status).toBe(201);
    // Moved an hour later, into the member's booking: refused, and nothing moves.
    const clash = await librarian.patch<{ code?: string }>(`/api/events/${created.body._id}`, {
      startsAt: dhaka(SATURDAY, '15:00').toISOString(),
      endsAt: dhaka(SATURDAY, '16:30').toISOString(),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('SLOT_TAKEN');
    expect(
      (await librarian.get<LibraryEvent>(`/api/events/${created.body._id}`)).body,
    ).toMatchObject({
      startsAt: dhaka(SATURDAY, '14:00').toISOString(),
    });
    // Moved to the morning, its afternoon slots are free again.
    const moved = await librarian.patch(`/api/events/${created.body._id}`, {
      startsAt: dhaka(SATURDAY, '10:00').toISOString(),
      endsAt: dhaka(SATURDAY, '11:00').toISOString(),
    });
    expect(moved.status).toBe(200);
    expect((await roomOn(seminar._id, SATURDAY))?.taken).toEqual(['10:00', '16:00']);
    expect((await book(member(1), seminar._id, SATURDAY, '14:00', '15:00')).status).toBe(201);
    // The room cannot be deleted while an event is to be held in it.
    expect((await librarian.delete(`/api/rooms/${seminar._id}`)).body).toMatchObject({
      code: 'ROOM_HAS_BOOKINGS',
    });
    expect((await librarian.post(`/api/events/${created.body._id}/cancel`)).status).toBe(200);
    expect((await roomOn(seminar._id, SATURDAY))?.taken).toEqual(['14:00', '16:00']);
    expect((await book(member(2), seminar._id, SATURDAY, '10:00', '11:00')).status).toBe(201);
  });

  it('refuses an event over a booking of its room, or in a room that does not exist', async () => {
    const studio = await addRoom('Studio');
    expect((await book(member(3), studio._id, SATURDAY, '17:00', '18:00')).status).toBe(201);
    const before = (await librarian.get<LibraryEvent[]>('/api/events')).body.length;
    const over = await addEvent(studio._id, SATURDAY, '16:30', '17:30');
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('SLOT_TAKEN');
    const nowhere = await addEvent('no-such-room', SATURDAY, '16:30', '17:30');
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.code).toBe('ROOM_NOT_FOUND');
    // Neither was stored; an event elsewhere, or in no room, does not touch the studio.
    expect((await librarian.get<LibraryEvent[]>('/api/events')).body).toHaveLength(before);
    const elsewhere = await addEvent(undefined, SATURDAY, '16:30', '17:30');
    expect(elsewhere.body.roomId).toBeNull();
    expect((await roomOn(studio._id, SATURDAY))?.taken).toEqual(['17:00']);
  });
});
