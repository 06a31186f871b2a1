/**
 * What the desk's Scan tab needs about money (docs/product/desk.md, issue 35 items 3, 9 and 12), on
 * both databases, with the clock moved: a scanned card's balance, accruing fines, overdue loans
 * and membership end; what a check-in charged and where the copy goes next; receipts that name
 * the library, the time, the card, the librarian and what they settle; and the member's copy by
 * mail, written with the payment or not at all.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckinResult, Copy, DeskCard, LibraryCard } from '../../src/common/copies.ts';
import type { FineEntryCreated, FineReceipt, Fines } from '../../src/common/types.ts';
import { addBook, loanDates, signUp, signUpLibrarian, type Agent } from '../support/agent.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

const HEAD = 'head.money@example.org';
const LIBRARY = 'Rajshahi Public Library';

describe.each(databaseKinds)('money at the desk on %s', (kind) => {
  let smtp: SmtpCatcher;
  let server: TestApp;
  let librarian: Agent;
  const clock = new MovableClock();
  let moved = 0;
  const advance = (days: number) => {
    clock.advanceDays(days);
    moved += days;
  };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startTestApp(
      kind,
      { LIBRARIAN_EMAILS: HEAD, SMTP_URL: smtp.url, APP_NAME: LIBRARY },
      clock,
    );
    librarian = await signUpLibrarian(server, HEAD, 'Shirin Sultana');
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });
  afterEach(() => {
    clock.advanceDays(-moved);
    moved = 0;
  });

  const member = async (name: string) => {
    const signed = await signUp(server.app, name);
    const card = (await signed.agent.get<LibraryCard>('/api/card')).body;
    const session = await signed.agent.get<{ user: { id: string } }>('/api/auth/get-session');
    return { ...signed, id: session.body.user.id, cardNumber: card.cardNumber };
  };
  const copyOf = async (name: string, shelfMark?: string) => {
    const bookId = await addBook(librarian, { name, quantity: 1 });
    const [copy] = (await librarian.get<Copy[]>(`/api/books/${bookId}/copies`)).body;
    if (shelfMark) await librarian.patch(`/api/copies/${copy?._id}`, { shelfMark });
    return { bookId, barcode: copy?.barcode ?? '' };
  };
  const checkout = async (cardNumber: string, barcode: string) => {
    const lent = await librarian.post<{ loan: { _id: string } }>('/api/desk/checkout', {
      cardNumber,
      barcode,
    });
    expect(lent.status).toBe(201);
    return lent.body.loan._id;
  };
  const checkin = (barcode: string) =>
    librarian.post<CheckinResult>('/api/desk/checkin', { barcode });
  const card = async (cardNumber: string) =>
    (await librarian.get<DeskCard>(`/api/desk/cards/${cardNumber}`)).body;
  const receiptRows = (userId: string) =>
    server.app.database.db
      .selectFrom('notice')
      .select(['subjectId', 'createdAt'])
      .where('kind', '=', 'receipt')
      .where('userId', '=', userId)
      .execute();
  /** A member owing 20 taka for "Aranyak" (10 days late), then 500 for a lost "Debdas". */
  const owing = async (name: string) => {
    const reader = await member(name);
    const late = await copyOf('Aranyak');
    const lost = await copyOf('Debdas');
    await checkout(reader.cardNumber, late.barcode);
    advance(24);
    expect((await checkin(late.barcode)).body.fine).toMatchObject({ amount: 20 });
    advance(1);
    const lostLoan = await checkout(reader.cardNumber, lost.barcode);
    expect((await librarian.post(`/api/desk/loans/${lostLoan}/lost`)).status).toBe(200);
    return reader;
  };

  it('opens a scanned card with the balance, what accrues, the overdue loans and the membership’s end', async () => {
    const reader = await member('Scan Reader');
    const first = await copyOf('Kapalkundala');
    const second = await copyOf('Chokher Bali');
    await checkout(reader.cardNumber, first.barcode);
    await checkout(reader.cardNumber, second.barcode);
    advance(17);
    expect((await checkin(first.barcode)).body.fine).toMatchObject({ kind: 'overdue', amount: 6 });

    const opened = await card(reader.cardNumber);
    expect(opened.fines).toEqual({ balance: 6, accruing: 6 });
    expect(
      opened.loans.map((loan) => [loan.bookDetails.name, loan.overdue, loan.fineAccrued]),
    ).toEqual([['Chokher Bali', true, 6]]);
    const { expiresOn } = (await reader.agent.get<LibraryCard>('/api/card')).body;
    expect(opened.member).toMatchObject({ expiresOn, expired: false });

    // The day after its last day, the membership shows as ended.
    const today = loanDates(0, clock.date()).borrowedDate;
    const daysLeft = Math.round((Date.parse(expiresOn) - Date.parse(today)) / 86_400_000);
    advance(daysLeft);
    expect((await card(reader.cardNumber)).member.expired).toBe(false);
    advance(1);
    const ended = await card(reader.cardNumber);
    expect(ended.member.expired).toBe(true);
    expect(ended.fines.accruing).toBe(100);
  });

  it('says what a check-in charged and where the copy goes: the hold shelf for whom, or its shelf', async () => {
    const reader = await member('Returning Reader');
    const waiting = await member('Waiting Reader');
    const shelved = await copyOf('Gitanjali', '891.44 TAG');
    const wanted = await copyOf('Padma Nadir Majhi', '891.443 BAN');
    await checkout(reader.cardNumber, shelved.barcode);
    await checkout(reader.cardNumber, wanted.barcode);
    const held = await waiting.agent.post('/api/holds', { bookId: wanted.bookId });
    expect(held.status).toBe(201);

    const onTime = await checkin(shelved.barcode);
    expect(onTime.status).toBe(200);
    expect(onTime.body).toMatchObject({ fine: null, hold: null, shelfMark: '891.44 TAG' });

    advance(19);
    const late = await checkin(wanted.barcode);
    expect(late.status).toBe(200);
    expect(late.body.fine).toMatchObject({
      kind: 'overdue',
      amount: 10,
      bookName: 'Padma Nadir Majhi',
    });
    expect(late.body.hold).toMatchObject({
      memberName: 'Waiting Reader',
      cardNumber: waiting.cardNumber,
      readyUntil: expect.any(String),
    });
    expect(late.body.shelfMark).toBe('891.443 BAN');
  });

  it('gives a receipt naming the library, the time, the card, the librarian and what it settles', async () => {
    const reader = await owing('Receipt Reader');
    expect((await reader.agent.get<Fines>('/api/fines')).body.balance).toBe(520);

    const before = clock.now();
    const paid = await librarian.post<FineEntryCreated>(`/api/desk/members/${reader.id}/payments`, {
      amount: 30,
      note: 'Cash',
    });
    const after = clock.now();
    expect(paid.status).toBe(201);
    const receipt = await librarian.get<FineReceipt>(`/api/desk/receipts/${paid.body.entry._id}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toEqual({
      library: LIBRARY,
      entry: expect.objectContaining({ kind: 'payment', amount: 30, note: 'Cash' }),
      member: {
        _id: reader.id,
        name: 'Receipt Reader',
        email: reader.email,
        cardNumber: reader.cardNumber,
      },
      takenBy: 'Shirin Sultana',
      // The oldest charge first: all of the late return, then part of the lost copy.
      settles: [
        { kind: 'overdue', bookName: 'Aranyak', amount: 20 },
        { kind: 'lost', bookName: 'Debdas', amount: 10 },
      ],
      balance: 490,
    });
    const taken = Date.parse(receipt.body.entry.createdAt);
    expect(taken >= before && taken <= after).toBe(true);

    const waived = await librarian.post<FineEntryCreated>(
      `/api/desk/members/${reader.id}/waivers`,
      {
        amount: 100,
        note: 'Flood',
      },
    );
    const waiver = await librarian.get<FineReceipt>(`/api/desk/receipts/${waived.body.entry._id}`);
    expect(waiver.body).toMatchObject({
      entry: { kind: 'waiver', amount: 100, note: 'Flood' },
      takenBy: 'Shirin Sultana',
      settles: [{ kind: 'lost', bookName: 'Debdas', amount: 100 }],
      balance: 390,
    });
    // A charge's own receipt settles nothing.
    const charges = (await reader.agent.get<Fines>('/api/fines')).body.entries.filter(
      (entry) => entry.kind === 'lost',
    );
    const charge = await librarian.get<FineReceipt>(`/api/desk/receipts/${charges[0]?._id}`);
    expect(charge.body).toMatchObject({ settles: [], takenBy: '' });
  });

  it('mails the member their receipt through the outbox, written with the payment, in their language', async () => {
    const reader = await owing('Rina Das');
    const paid = await librarian.post<FineEntryCreated>(`/api/desk/members/${reader.id}/payments`, {
      amount: 25,
    });
    expect(paid.status).toBe(201);
    // In the outbox as the payment answers: written by its transaction, at its moment.
    expect(await receiptRows(reader.id)).toEqual([
      { subjectId: paid.body.entry._id, createdAt: paid.body.entry.createdAt },
    ]);
    const receiptsMailed = () =>
      smtp.mails.filter(
        (mail) => mail.to.includes(reader.email) && mail.subject.includes('receipt'),
      );
    await server.app.notices.deliver();
    await expect.poll(() => receiptsMailed().length).toBe(1);
    const mails = receiptsMailed();
    const [mail] = mails;
    expect(mail?.subject).toBe(`Your receipt: ৳25 paid to ${LIBRARY}`);
    const year = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Dhaka' }).format(
      clock.date(),
    );
    expect(mail?.text).toContain(`The desk of ${LIBRARY} took your payment of ৳25 on `);
    expect(mail?.text).toContain(year);
    expect(mail?.text).toContain(`library card ${reader.cardNumber}`);
    expect(mail?.text).toContain('taken by Shirin Sultana');
    expect(mail?.text).toContain('– "Aranyak", late return: ৳20');
    expect(mail?.text).toContain('– "Debdas", lost copy: ৳5');
    expect(mail?.text).toContain('You now owe ৳495.');

    // In Bangla for a member who chose it, with Bengali digits.
    expect((await reader.agent.post('/api/auth/update-user', { lang: 'bn' })).status).toBe(200);
    const again = await librarian.post<FineEntryCreated>(
      `/api/desk/members/${reader.id}/payments`,
      {
        amount: 95,
      },
    );
    expect(again.status).toBe(201);
    await server.app.notices.deliver();
    const bangla = smtp.mails.find(
      (each) => each.to.includes(reader.email) && each.subject.includes('রসিদ'),
    );
    expect(bangla?.subject).toBe(`আপনার রসিদ: ${LIBRARY}-এ ৯৫৳ পরিশোধ`);
    expect(bangla?.text).toContain('– “Debdas”, হারানো কপি: ৯৫৳');
    expect(bangla?.text).toContain('এখন আপনার কাছে পাওনা ৪০০৳।');
    expect(bangla?.text).toMatch(/[০-৯]{4}/);
  });

  it('writes nothing for a payment refused: over the balance, at 0, or for nobody', async () => {
    const reader = await owing('Refused Reader');
    const before = (await reader.agent.get<Fines>('/api/fines')).body;
    for (const amount of [521, 0, -1]) {
      const refused = await librarian.post<{ code: string }>(
        `/api/desk/members/${reader.id}/payments`,
        { amount },
      );
      expect(refused.status, String(amount)).toBe(400);
    }
    const over = await librarian.post<{ code: string }>(`/api/desk/members/${reader.id}/payments`, {
      amount: 521,
    });
    expect(over.body.code).toBe('INVALID_AMOUNT');
    expect((await librarian.post('/api/desk/members/nobody/payments', { amount: 5 })).status).toBe(
      404,
    );
    expect((await reader.agent.get<Fines>('/api/fines')).body).toEqual(before);
    expect(await receiptRows(reader.id)).toEqual([]);
    const settlements = await server.app.database.db
      .selectFrom('fineSettlement')
      .innerJoin('fineEntry', 'fineEntry.id', 'fineSettlement.chargeId')
      .select('fineSettlement.amount')
      .where('fineEntry.userId', '=', reader.id)
      .execute();
    expect(settlements).toEqual([]);
  });
});
