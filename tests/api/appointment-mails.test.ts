/**
 * The mails of bookings and events, received by a real SMTP server: each confirmation and reminder
 * carries a calendar file that parses, whose start is the booked time in Asia/Dhaka; cancelling
 * mails the member, a freed seat mails the member who gets it, and a member who reads Bangla gets
 * Bangla (docs/product/rooms-and-events.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryEvent } from '../../src/common/event-schemas.ts';
import type { Booking, Room } from '../../src/common/room-schemas.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { signUp, type Agent } from '../support/agent.ts';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

/** The calendar attachment of a mail, decoded. */
function calendarOf(mail: CaughtMail): string {
  const start = mail.raw.search(/Content-Type: text\/calendar/i);
  expect(start).toBeGreaterThan(0);
  const rest = mail.raw.slice(start);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd);
  const body = rest.slice(headerEnd).replace(/^\r?\n\r?\n/, '');
  const content = body.slice(0, body.search(/\r?\n--/));
  return /base64/i.test(headers)
    ? Buffer.from(content.replace(/\s/g, ''), 'base64').toString('utf8')
    : content.replace(/=\r?\n/g, '');
}

/**
 * The events of an iCalendar text (RFC 5545): lines unfolded, components balanced, and each
 * event's properties by name. Throws on a file that does not parse.
 */
function parseCalendar(text: string): Record<string, string>[] {
  const lines = text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter(Boolean);
  const open: string[] = [];
  const events: Record<string, string>[] = [];
  for (const line of lines) {
    const [name = '', ...value] = line.split(':');
    if (name === 'BEGIN') {
      open.push(value.join(':'));
      if (value.join(':') === 'VEVENT') events.push({});
    } else if (name === 'END') {
      if (open.pop() !== value.join(':')) throw new Error(`unbalanced ${line}`);
    } else {
      if (open.length === 0) throw new Error(`outside a component: ${line}`);
      if (open.at(-1) === 'VEVENT')
        (events.at(-1) ?? {})[name.split(';')[0] ?? name] = value.join(':');
    }
  }
  if (open.length > 0 || lines[0] !== 'BEGIN:VCALENDAR') throw new Error('not a calendar');
  return events;
}

/** `20270106T040000Z` as the wall clock in Dhaka shows it: `2027-01-06 10:00`. */
function inDhaka(stamp: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp);
  expect(match).not.toBeNull();
  const [, y, mo, d, h, mi] = match ?? [];
  const instant = new Date(`${y}-${mo}-${d}T${h}:${mi}:00Z`);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dhaka',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return parts.replace(',', '');
}

describe('mails of bookings and events', () => {
  let smtp: SmtpCatcher;
  let server: TestApp;
  let librarian: Agent;
  let roomId: string;
  const clock = new MovableClock();

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    clock.moveTo('2027-01-06T02:00:00.000Z');
    server = await startTestApp('sqlite', { SMTP_URL: smtp.url }, clock);
    const signedUp = await signUp(server.app, 'Librarian');
    await setRoleByEmail(server.app.database.db, signedUp.email, 'librarian');
    librarian = signedUp.agent;
    roomId = (await librarian.post<Room>('/api/rooms', { name: 'Group Room A', capacity: 4 })).body
      ._id;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('confirms a booking with a calendar file at its time in Dhaka, and confirms its cancelling', async () => {
    const { agent, email } = await signUp(server.app, 'Nadia');
    const booked = await agent.post<{ booking: Booking }>(`/api/rooms/${roomId}/bookings`, {
      date: '2027-01-07',
      start: '10:00',
      end: '12:00',
    });
    const confirmation = await smtp.mailTo(email, 'Group Room A is booked for you');
    expect(confirmation.text).toContain('Thursday, 7 January 2027, 10:00–12:00');
    const [entry] = parseCalendar(calendarOf(confirmation));
    expect(inDhaka(entry?.DTSTART ?? '')).toBe('2027-01-07 10:00');
    expect(inDhaka(entry?.DTEND ?? '')).toBe('2027-01-07 12:00');
    expect(entry?.SUMMARY).toBe('Group Room A');

    await agent.delete(`/api/bookings/${booked.body.booking._id}`);
    const cancelled = await smtp.mailTo(email, 'Your booking of Group Room A is cancelled');
    expect(cancelled.raw).not.toMatch(/text\/calendar/i);
  });

  it('confirms a seat, mails the member a freed seat goes to, and reminds the day before, in Bangla when chosen', async () => {
    const event = await librarian.post<LibraryEvent>('/api/events', {
      title: 'Writing Workshop',
      place: 'Seminar Room',
      capacity: 1,
      startsAt: '2027-01-08T10:00:00.000Z',
      endsAt: '2027-01-08T12:00:00.000Z',
    });
    const eventId = event.body._id;
    const first = await signUp(server.app, 'Rafiq');
    const second = await signUp(server.app, 'Shirin');
    await server.app.database.db
      .updateTable('user')
      .set({ lang: 'bn' })
      .where('email', '=', second.email)
      .execute();
    await first.agent.post(`/api/events/${eventId}/registrations`);
    const registered = await smtp.mailTo(first.email, 'You are registered for Writing Workshop');
    expect(inDhaka(parseCalendar(calendarOf(registered))[0]?.DTSTART ?? '')).toBe(
      '2027-01-08 16:00',
    );
    await second.agent.post(`/api/events/${eventId}/registrations`);
    await first.agent.delete(`/api/events/${eventId}/registrations/mine`);
    const promoted = await smtp.mailTo(second.email, 'আসন খালি হয়েছে');
    expect(promoted.text).toContain('১৬:০০');
    expect(inDhaka(parseCalendar(calendarOf(promoted))[0]?.DTSTART ?? '')).toBe('2027-01-08 16:00');

    clock.moveTo('2027-01-07T03:00:00.000Z');
    expect(await server.app.events.recordReminders()).toBe(1);
    await server.app.notices.deliver();
    const reminder = await smtp.mailTo(second.email, 'আগামীকাল: Writing Workshop');
    expect(inDhaka(parseCalendar(calendarOf(reminder))[0]?.DTSTART ?? '')).toBe('2027-01-08 16:00');

    await librarian.post(`/api/events/${eventId}/cancel`);
    await smtp.mailTo(second.email, 'Writing Workshop বাতিল হয়েছে');
  });

  it('greets an address not yet confirmed without its typed name, and limits changes to ten an hour (issue 33, item 3)', async () => {
    const phisher = 'URGENT - your card is suspended. Pay the fine now at https://evil.example/pay';
    const { agent, email } = await signUp(server.app, phisher);
    const date = '2027-01-09';
    const changes: number[] = [];
    for (let cycle = 0; cycle < 6; cycle += 1) {
      const booked = await agent.post<{ booking: Booking }>(`/api/rooms/${roomId}/bookings`, {
        date,
        start: '14:00',
        end: '15:00',
      });
      changes.push(booked.status);
      if (booked.status !== 201) break;
      changes.push((await agent.delete(`/api/bookings/${booked.body.booking._id}`)).status);
    }
    // Five cycles of booking and cancelling; the eleventh change is refused, and changes nothing.
    expect(changes).toEqual([
      ...Array<number>(10)
        .fill(0)
        .map((_, at) => (at % 2 ? 200 : 201)),
      429,
    ]);
    const refused = await agent.post<{ code: string }>(`/api/rooms/${roomId}/bookings`, {
      date,
      start: '16:00',
      end: '17:00',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(
      (await agent.get<Booking[]>('/api/bookings')).body.filter((b) => b.status === 'booked'),
    ).toEqual([]);
    const mails = await smtp.mailTo(email, 'Group Room A is booked for you');
    expect(mails.text).toMatch(/^Hello,\r?\n/);
    expect(
      smtp.mails.filter((mail) => mail.to.includes(email) && mail.text.includes('evil.example')),
    ).toEqual([]);

    // An hour later the member may change their bookings again.
    clock.advanceDays(61 / (24 * 60));
    const later = await agent.post(`/api/rooms/${roomId}/bookings`, {
      date,
      start: '16:00',
      end: '17:00',
    });
    expect(later.status).toBe(201);
  });
});
