/**
 * Events on both databases, with the library's clock moved (docs/product/rooms-and-events.md):
 * capacity and the waiting list in order, promotion when a seat is freed or the capacity raised,
 * the refusals, cancelling, attendance, calendar files and the reminder the day before, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EventRegistration,
  LibraryEvent,
  MemberRegistration,
  RegistrationResult,
} from '../../src/common/event-schemas.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { Agent, signUp } from '../support/agent.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

/** 2027-01-06 08:00 in Dhaka (UTC+6). */
const NOW = '2027-01-06T02:00:00.000Z';
/** The next day, 17:00 to 18:30 in Dhaka. */
const TOMORROW_AT_FIVE = {
  startsAt: '2027-01-07T11:00:00.000Z',
  endsAt: '2027-01-07T12:30:00.000Z',
};

describe.each(databaseKinds)('events on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  let members: Agent[];
  const clock = new MovableClock();

  beforeAll(async () => {
    clock.moveTo(NOW);
    server = await startTestApp(kind, {}, clock);
    const signedUp = await signUp(server.app, 'Librarian');
    await setRoleByEmail(server.app.database.db, signedUp.email, 'librarian');
    librarian = signedUp.agent;
    members = [];
    for (let index = 0; index < 5; index += 1) members.push((await signUp(server.app)).agent);
  });
  afterAll(() => server.close());

  const member = (index: number) => members[index] as Agent;
  const addEvent = async (capacity: number, times = TOMORROW_AT_FIVE) => {
    const added = await librarian.post<LibraryEvent>('/api/events', {
      title: 'Meet the Author',
      place: 'Auditorium',
      capacity,
      ...times,
    });
    expect(added.status).toBe(201);
    return added.body._id;
  };
  const register = (agent: Agent, eventId: string) =>
    agent.post<RegistrationResult & { code?: string }>(`/api/events/${eventId}/registrations`);
  const mine = async (agent: Agent, eventId: string) =>
    (await agent.get<MemberRegistration[]>('/api/registrations')).body.find(
      (registration) => registration.eventId === eventId,
    );

  it('registers up to the capacity, then queues in order, and refuses a second registration', async () => {
    clock.moveTo(NOW);
    const eventId = await addEvent(2);
    const answers = [];
    for (let index = 0; index < 4; index += 1)
      answers.push((await register(member(index), eventId)).body);
    expect(answers).toEqual([
      { status: 'registered', position: null },
      { status: 'registered', position: null },
      { status: 'waiting', position: 1 },
      { status: 'waiting', position: 2 },
    ]);
    expect((await register(member(0), eventId)).body).toMatchObject({ code: 'ALREADY_REGISTERED' });
    expect(
      (await new Agent(server.app).get<LibraryEvent>(`/api/events/${eventId}`)).body,
    ).toMatchObject({
      capacity: 2,
      registered: 2,
      waiting: 2,
      seatsLeft: 0,
      status: 'scheduled',
    });

    // A freed seat goes to the first waiting member at once; the second moves up.
    expect((await member(1).delete(`/api/events/${eventId}/registrations/mine`)).status).toBe(200);
    expect(await mine(member(2), eventId)).toMatchObject({ status: 'registered', position: null });
    expect(await mine(member(3), eventId)).toMatchObject({ status: 'waiting', position: 1 });
    expect(
      (await member(1).delete(`/api/events/${eventId}/registrations/mine`)).body,
    ).toMatchObject({
      code: 'REGISTRATION_NOT_FOUND',
    });

    // Lowering the capacity below those registered is refused; raising it registers the queue.
    expect((await librarian.patch(`/api/events/${eventId}`, { capacity: 1 })).body).toMatchObject({
      code: 'CAPACITY_BELOW_REGISTERED',
    });
    await register(member(4), eventId);
    const raised = await librarian.patch<LibraryEvent>(`/api/events/${eventId}`, { capacity: 3 });
    expect(raised.body).toMatchObject({ registered: 3, waiting: 1, seatsLeft: 0 });
    expect(await mine(member(3), eventId)).toMatchObject({ status: 'registered' });
    expect(await mine(member(4), eventId)).toMatchObject({ status: 'waiting', position: 1 });

    const list = (await librarian.get<EventRegistration[]>(`/api/events/${eventId}/registrations`))
      .body;
    expect(list.map((entry) => entry.status)).toEqual([
      'registered',
      'registered',
      'registered',
      'waiting',
    ]);
    const marked = await librarian.patch<EventRegistration[]>(
      `/api/events/${eventId}/registrations/${list[0]?._id}`,
      { attended: true },
    );
    expect(marked.body[0]).toMatchObject({ attended: true });
    expect(marked.body[1]).toMatchObject({ attended: null });
  });

  it('refuses an unknown, a cancelled and a started event', async () => {
    clock.moveTo(NOW);
    expect((await register(member(0), 'no-such-event')).body).toMatchObject({
      code: 'EVENT_NOT_FOUND',
    });
    expect((await register(member(0), 'no-such-event')).status).toBe(404);
    const cancelledId = await addEvent(5);
    await register(member(0), cancelledId);
    const cancelled = await librarian.post<LibraryEvent>(`/api/events/${cancelledId}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', seatsLeft: 0 });
    expect((await register(member(1), cancelledId)).body).toMatchObject({
      code: 'EVENT_CANCELLED',
    });
    const startedId = await addEvent(5);
    clock.moveTo('2027-01-07T11:00:00.000Z');
    const late = await register(member(1), startedId);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'EVENT_STARTED' });
  });

  it('lists upcoming events, or those of a range of days, and gives a calendar file', async () => {
    clock.moveTo(NOW);
    const later = await addEvent(10, {
      startsAt: '2027-01-20T04:00:00.000Z',
      endsAt: '2027-01-20T05:00:00.000Z',
    });
    const visitor = new Agent(server.app);
    const upcoming = (await visitor.get<LibraryEvent[]>('/api/events')).body;
    expect(upcoming.map((event) => event._id)).toContain(later);
    const ranged = (await visitor.get<LibraryEvent[]>('/api/events?from=2027-01-20&to=2027-01-20'))
      .body;
    expect(ranged.map((event) => event._id)).toEqual([later]);
    const file = await visitor.get<string>(`/api/events/${later}/calendar.ics`);
    expect(file.headers['content-type']).toContain('text/calendar');
    expect(file.body).toContain('DTSTART:20270120T040000Z');
    expect(file.body).toContain('SUMMARY:Meet the Author');
    expect((await visitor.get('/api/events/none/calendar.ics')).status).toBe(404);
    expect(
      (
        await librarian.post('/api/events', {
          title: 'x',
          place: 'y',
          capacity: 1,
          startsAt: TOMORROW_AT_FIVE.endsAt,
          endsAt: TOMORROW_AT_FIVE.startsAt,
        })
      ).status,
    ).toBe(400);
  });

  it('refuses ranges of days that are not on the calendar (issue 33, item 6)', async () => {
    for (const query of ['from=2026-13-01', 'to=2026-11-31', 'from=0000-00-00', 'to=9999-99-99']) {
      const answer = await new Agent(server.app).get<{ code: string }>(`/api/events?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe('VALIDATION');
    }
  });

  it('keeps times given with any offset as the instants they are, listed in order and ended when they end (issue 33, item 12)', async () => {
    clock.moveTo(NOW);
    // 19:00 at +14:00 is 05:00 UTC, before 10:00 UTC of the same date.
    const late = await librarian.post<LibraryEvent>('/api/events', {
      title: 'Far East Talk',
      place: 'Hall',
      capacity: 5,
      startsAt: '2027-01-09T19:00:00+14:00',
      endsAt: '2027-01-09T20:00:00+14:00',
    });
    const early = await librarian.post<LibraryEvent>('/api/events', {
      title: 'Morning Talk',
      place: 'Hall',
      capacity: 5,
      startsAt: '2027-01-09T10:00:00Z',
      endsAt: '2027-01-09T11:00:00Z',
    });
    expect(late.body.startsAt).toBe('2027-01-09T05:00:00.000Z');
    const listed = await new Agent(server.app).get<LibraryEvent[]>(
      '/api/events?from=2027-01-09&to=2027-01-09',
    );
    const order = listed.body.map((event) => event._id);
    expect(order.indexOf(late.body._id)).toBeLessThan(order.indexOf(early.body._id));
    // At 07:00 UTC the far-east talk has ended (06:00 UTC) and is no longer upcoming.
    clock.moveTo('2027-01-09T07:00:00.000Z');
    const upcoming = (await new Agent(server.app).get<LibraryEvent[]>('/api/events')).body;
    expect(upcoming.map((event) => event._id)).not.toContain(late.body._id);
    expect(upcoming.map((event) => event._id)).toContain(early.body._id);
    clock.moveTo(NOW);
  });

  it('reminds each registered member once, the day before', async () => {
    clock.moveTo(NOW);
    const eventId = await addEvent(1, {
      startsAt: '2027-01-08T04:00:00.000Z',
      endsAt: '2027-01-08T05:00:00.000Z',
    });
    await register(member(0), eventId);
    await register(member(1), eventId);
    const reminded = async () => {
      const { db } = server.app.database;
      const registrations = await db
        .selectFrom('eventRegistration')
        .select('id')
        .where('eventId', '=', eventId)
        .orderBy('queueNumber')
        .execute();
      const reminders = await db
        .selectFrom('notice')
        .select('subjectId')
        .where('kind', '=', 'eventReminder')
        .execute();
      return registrations.map(
        (registration) =>
          reminders.filter((reminder) => reminder.subjectId === registration.id).length,
      );
    };
    // Two days before, only the other tests' events of tomorrow are reminded of.
    await server.app.events.recordReminders();
    expect(await reminded()).toEqual([0, 0]);
    clock.moveTo('2027-01-07T02:00:00.000Z');
    await Promise.all([server.app.events.recordReminders(), server.app.events.recordReminders()]);
    // The registered member once, in the outbox; the one waiting is not reminded.
    expect(await reminded()).toEqual([1, 0]);
    expect(await server.app.events.recordReminders()).toBe(0);
  });
});
