/**
 * A member's mobile number and notices by SMS (issue 37, docs/product.md#sms), on SQLite and on
 * PostgreSQL, through a local HTTP gateway taking requests the way Bangladeshi gateways do, with
 * the library's clock moved instead of waited for: the number confirmed by its code, wrong codes,
 * expiry and the hourly limit, numbers refused, the SMS choices, each chosen notice sent once in
 * the member's language, and a gateway refusal tried again later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../src/common/calendar.ts';
import { nthOpenDay } from '../../src/common/opening-hours.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import type { Booking, Room } from '../../src/common/room-schemas.ts';
import { addBook, loanDates, signUp } from '../support/agent.ts';
import { startSmsGateway, type SmsGateway } from '../support/sms-gateway.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

const MINUTE_DAYS = 1 / (24 * 60);
const NUMBER = '+8801712345678';

describe.each(databaseKinds)('SMS on %s', (kind) => {
  let gateway: SmsGateway;
  let server: TestApp;
  const clock = new MovableClock();

  beforeAll(async () => {
    gateway = await startSmsGateway();
    server = await startTestApp(kind, { SMS_PROVIDER: 'http', SMS_URL: gateway.url }, clock);
  });
  afterAll(async () => {
    await server.close();
    await gateway.close();
  });

  const settled = () => server.app.notices.settled();
  const tick = async () => {
    await server.app.notices.sweep();
    await server.app.notices.deliver();
  };
  /** The SMS the gateway accepted for `number` (as `8801…`). */
  const smsTo = (number: string) =>
    gateway.accepted.filter((sms) => sms.to === number.replace('+', ''));
  /** The code of the newest SMS to `number`. */
  const lastCode = (number: string) => /\b(\d{6})\b/.exec(smsTo(number).at(-1)?.text ?? '')?.[1];
  /** A fresh number per member, so each test reads its own SMS. */
  let serial = 0;
  const freshNumber = () => `+88019${String(100_000_000 + (serial += 1)).slice(1)}`;

  /** A member who gave `phone` and typed back the code it got. */
  async function withConfirmedNumber(name = 'Rafiq Islam') {
    const member = await signUp(server.app, name);
    const phone = freshNumber();
    expect((await member.agent.put('/api/profile/phone', { phone })).status).toBe(202);
    await settled();
    const verified = await member.agent.post('/api/profile/phone/verify', {
      code: lastCode(phone),
    });
    expect(verified.status).toBe(200);
    return { ...member, phone };
  }

  it('confirms a number with the six-digit code sent to it by SMS, keeping only its hash', async () => {
    const { agent } = await signUp(server.app);
    expect((await agent.get('/api/profile')).body).toMatchObject({
      phone: null,
      phoneVerified: false,
    });
    // Written as members write it: the library keeps +8801 and nine digits.
    const asked = await agent.put('/api/profile/phone', { phone: ' 01712-345678 ' });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ phone: NUMBER, verified: false });
    await settled();
    const [sms, ...more] = smsTo(NUMBER);
    expect(more).toHaveLength(0);
    expect(sms?.text).toMatch(/^Pathagar: your code is \d{6}\. It works for 10 minutes\./);
    const code = lastCode(NUMBER) ?? '';
    const stored = await server.app.database.db.selectFrom('phoneCode').selectAll().execute();
    expect(stored.some((row) => row.codeHash.includes(code))).toBe(false);
    const outboxRows = await server.app.database.db
      .selectFrom('notice')
      .select(['payload', 'status', 'channel'])
      .where('kind', '=', 'phoneCode')
      .execute();
    expect(outboxRows).toEqual([{ payload: null, status: 'sent', channel: 'sms' }]);

    const wrong = await agent.post('/api/profile/phone/verify', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CODE' });
    const right = await agent.post('/api/profile/phone/verify', { code });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ phone: NUMBER, verified: true });
    expect((await agent.get('/api/profile')).body).toMatchObject({
      phone: NUMBER,
      phoneVerified: true,
    });
    // Used once: the same code again confirms nothing more.
    const again = await agent.post('/api/profile/phone/verify', { code });
    expect(again.body).toMatchObject({ code: 'CODE_EXPIRED' });
  });

  it('voids a code after five wrong tries, and one older than ten minutes', async () => {
    const { agent } = await signUp(server.app);
    const phone = freshNumber();
    await agent.put('/api/profile/phone', { phone });
    await settled();
    const code = lastCode(phone) ?? '';
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await agent.post('/api/profile/phone/verify', { code: wrongCode });
      expect(wrong.status).toBe(400);
    }
    const tooLate = await agent.post('/api/profile/phone/verify', { code });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body).toMatchObject({ code: 'CODE_EXPIRED' });

    await agent.put('/api/profile/phone', { phone });
    await settled();
    clock.advanceDays(10 * MINUTE_DAYS + 1 / 86_400);
    const expired = await agent.post('/api/profile/phone/verify', { code: lastCode(phone) });
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ code: 'CODE_EXPIRED' });
    expect((await agent.get('/api/profile')).body).toMatchObject({ phone, phoneVerified: false });
    clock.advanceDays(-(10 * MINUTE_DAYS + 1 / 86_400));
  });

  it('sends at most three codes an hour, the newest the only one that works', async () => {
    const { agent } = await signUp(server.app);
    const phone = freshNumber();
    const codes: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      expect((await agent.put('/api/profile/phone', { phone })).status).toBe(202);
      await settled();
      codes.push(lastCode(phone) ?? '');
    }
    const fourth = await agent.put('/api/profile/phone', { phone });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'RATE_LIMITED' });
    await settled();
    expect(smsTo(phone)).toHaveLength(3);
    // Removing the number is no way round the limit.
    expect((await agent.delete('/api/profile/phone')).status).toBe(200);
    expect((await agent.put('/api/profile/phone', { phone })).status).toBe(429);

    clock.advanceDays(61 * MINUTE_DAYS);
    expect((await agent.put('/api/profile/phone', { phone })).status).toBe(202);
    await settled();
    const newest = lastCode(phone) ?? '';
    const older = codes.find((code) => code !== newest) ?? '';
    expect((await agent.post('/api/profile/phone/verify', { code: older })).status).toBe(400);
    expect((await agent.post('/api/profile/phone/verify', { code: newest })).status).toBe(200);
    clock.advanceDays(-61 * MINUTE_DAYS);
  });

  it('refuses a foreign or malformed number and changes nothing', async () => {
    const { agent } = await signUp(server.app);
    const before = gateway.requests;
    for (const phone of [
      '+14155552671',
      '+447911123456',
      '+8802223344556',
      '+880171234567',
      '+88017123456789',
      '01712 34567a',
      '',
      '9'.repeat(40),
    ]) {
      const refused = await agent.put('/api/profile/phone', { phone });
      expect(refused.status, phone).toBe(400);
      expect(refused.body, phone).toMatchObject({ code: 'INVALID_PHONE' });
    }
    expect((await agent.put('/api/profile/phone', { phone: '0'.repeat(41) })).status).toBe(400);
    await settled();
    expect(gateway.requests).toBe(before);
    expect((await agent.get('/api/profile')).body).toMatchObject({ phone: null });
  });

  it('turns SMS choices on only for a confirmed number, and off with the number', async () => {
    const unconfirmed = await signUp(server.app);
    const none = {
      dueSoon: false,
      overdue: false,
      holdReady: false,
      roomReminder: false,
      eventReminder: false,
    };
    expect((await unconfirmed.agent.get('/api/profile/sms-choices')).body).toEqual(none);
    const refused = await unconfirmed.agent.patch('/api/profile/sms-choices', { dueSoon: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PHONE_NOT_VERIFIED' });
    expect((await unconfirmed.agent.patch('/api/profile/sms-choices', {})).status).toBe(400);

    const { agent } = await withConfirmedNumber();
    const chosen = await agent.patch('/api/profile/sms-choices', {
      dueSoon: true,
      roomReminder: true,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ ...none, dueSoon: true, roomReminder: true });
    expect((await agent.delete('/api/profile/phone')).body).toEqual({
      phone: null,
      verified: false,
    });
    expect((await agent.get('/api/profile/sms-choices')).body).toEqual(none);
  });

  it("sends each chosen notice once by SMS beside its mail, in the member's language; the others by mail only", async () => {
    const member = await withConfirmedNumber('Nasrin Akter');
    await member.agent.patch('/api/profile/sms-choices', { dueSoon: true, holdReady: true });
    expect((await member.agent.post('/api/auth/update-user', { lang: 'bn' })).status).toBe(200);
    const longTitle = `পথের পাঁচালী ${'অপরাজিত '.repeat(20)}`.trim();
    const bookId = await addBook(member.agent, { name: longTitle, quantity: 1 });
    const borrowed = await member.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId,
      ...loanDates(14, clock.date()),
    });
    expect(borrowed.status).toBe(201);
    const codeSms = smsTo(member.phone).length;

    clock.advanceDays(12);
    await tick();
    await tick();
    const dueSoon = smsTo(member.phone).slice(codeSms);
    expect(dueSoon).toHaveLength(1);
    expect(dueSoon[0]?.text).toMatch(/^Pathagar: "পথের পাঁচালী অপরাজিত .*…" বইটি .* তারিখের মধ্যে/);
    // Bangla goes as UCS-2: two messages of 67 characters at most.
    expect(dueSoon[0]?.text.length).toBeLessThanOrEqual(134);

    // Overdue was not chosen by SMS: it goes by mail alone.
    clock.advanceDays(3);
    await tick();
    await tick();
    expect(smsTo(member.phone).slice(codeSms)).toHaveLength(1);
    const overdue = await server.app.database.db
      .selectFrom('notice')
      .select('channel')
      .where('kind', '=', 'overdue')
      .where('userId', '=', (await member.agent.get<{ _id: string }>('/api/profile')).body._id)
      .execute();
    expect(overdue).toEqual([{ channel: 'email' }]);
    // The SMS rows stay out of the member's list of mailed notices.
    const listed = await member.agent.get<{ kind: string }[]>('/api/profile/notices');
    expect(listed.body.map((notice) => notice.kind)).toEqual(['overdue', 'dueSoon']);
    await member.agent.delete(`/api/borrowedBooks/${borrowed.body.insertedId}`);
    clock.advanceDays(-15);
  });

  it('texts a hold ready once, even when the member turns the choice off and on again', async () => {
    const lender = await signUp(server.app, 'Lender');
    const bookId = await addBook(lender.agent, { name: 'Aranyak', quantity: 1 });
    const loan = await lender.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId,
      ...loanDates(14, clock.date()),
    });
    const waiter = await withConfirmedNumber('Shirin Sultana');
    await waiter.agent.patch('/api/profile/sms-choices', { holdReady: true });
    expect((await waiter.agent.post('/api/holds', { bookId })).status).toBe(201);
    const before = smsTo(waiter.phone).length;
    expect((await lender.agent.delete(`/api/borrowedBooks/${loan.body.insertedId}`)).status).toBe(
      200,
    );
    await settled();
    await tick();
    const ready = smsTo(waiter.phone).slice(before);
    expect(ready).toHaveLength(1);
    expect(ready[0]?.text).toMatch(
      /^Pathagar: "Aranyak" is kept for you at the desk until \w{3} \d+ \w{3}, \d\d:\d\d\. /,
    );
    await waiter.agent.patch('/api/profile/sms-choices', { holdReady: false });
    await waiter.agent.patch('/api/profile/sms-choices', { holdReady: true });
    await tick();
    expect(smsTo(waiter.phone).slice(before)).toHaveLength(1);
  });

  it('reminds of a room booking by SMS two hours before it starts, once', async () => {
    const librarian = await signUp(server.app, 'Librarian');
    await setRoleByEmail(server.app.database.db, librarian.email, 'librarian');
    const room = await librarian.agent.post<Room>('/api/rooms', { name: 'Carrel 3', capacity: 1 });
    const member = await withConfirmedNumber('Kamal Hossain');
    await member.agent.patch('/api/profile/sms-choices', { roomReminder: true });
    const { openingHours } = server.config;
    const day = nthOpenDay(openingHours, dayIn(openingHours.timeZone, clock.date()), 2);
    const booked = await member.agent.post<{ booking: Booking }>(
      `/api/rooms/${room.body._id}/bookings`,
      { date: day, start: '12:00', end: '13:00' },
    );
    expect(booked.status).toBe(201);
    const before = smsTo(member.phone).length;
    const startsAt = Date.parse(booked.body.booking.startsAt);
    const offset = clock.now() - Date.now();
    clock.moveTo(new Date(startsAt - 3 * 60 * 60_000));
    await tick();
    expect(smsTo(member.phone).slice(before)).toHaveLength(0);
    clock.moveTo(new Date(startsAt - 90 * 60_000));
    await tick();
    await tick();
    const reminders = smsTo(member.phone).slice(before);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toMatch(
      /^Pathagar: you booked Carrel 3 for \w{3} \d+ \w{3}, 12:00\./,
    );
    clock.moveTo(new Date(Date.now() + offset));
  });

  it('tries an SMS the gateway refused again later, and sends it once', async () => {
    const { agent } = await signUp(server.app);
    const phone = freshNumber();
    gateway.refuseNext(1, 503);
    expect((await agent.put('/api/profile/phone', { phone })).status).toBe(202);
    await settled();
    expect(smsTo(phone)).toHaveLength(0);
    const memberId = (await agent.get<{ _id: string }>('/api/profile')).body._id;
    const [row, ...others] = await server.app.database.db
      .selectFrom('notice')
      .select(['status', 'lastError', 'attempts'])
      .where('kind', '=', 'phoneCode')
      .where('userId', '=', memberId)
      .execute();
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('answered 503');

    await server.app.notices.deliver();
    expect(smsTo(phone)).toHaveLength(0);
    clock.advanceDays(2 * MINUTE_DAYS);
    await server.app.notices.deliver();
    await server.app.notices.deliver();
    expect(smsTo(phone)).toHaveLength(1);
    const verified = await agent.post('/api/profile/phone/verify', { code: lastCode(phone) });
    expect(verified.status).toBe(200);
    clock.advanceDays(-2 * MINUTE_DAYS);
  });
});
