/**
 * Circulation as docs/product.md#circulation describes it: dates set by the rules, overdue, history, renewals
 * and holds, on both databases, with time moved by the server's clock instead of waited for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn } from '../../src/common/calendar.ts';
import { weekdayOf } from '../../src/common/opening-hours.ts';
import type {
  Book,
  BorrowCheck,
  CirculationRules,
  Hold,
  HoldPlaced,
  Loan,
} from '../../src/common/types.ts';
import { addBook, loanDates, signUp, type Agent } from '../support/agent.ts';
import { expectCirculationInvariants } from '../support/invariants.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

/** A day as the English pages write it (5 Mar 2026), as refusals name dates (issue 36). */
const readableDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

describe.each(databaseKinds)('circulation rules on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  const clock = new MovableClock();

  beforeAll(async () => {
    server = await startTestApp(kind, {}, clock);
    librarian = (await signUp(server.app, 'Librarian')).agent;
  });
  afterAll(() => server.close());

  const today = () => loanDates(14, clock.date()).borrowedDate;
  const member = async () => (await signUp(server.app)).agent;
  const bookOf = async (id: string) => (await librarian.get<Book>(`/api/books/${id}`)).body;
  const borrow = (agent: Agent, bookId: string, dates = loanDates(14, clock.date())) =>
    agent.post<{ insertedId: string; code?: string; error?: string }>('/api/borrowedBooks', {
      bookId,
      ...dates,
    });
  const loansOf = async (agent: Agent) => (await agent.get<Loan[]>('/api/borrowedBooks')).body;
  const holdsOf = async (agent: Agent) => (await agent.get<Hold[]>('/api/holds')).body;
  const placeHold = (agent: Agent, bookId: string) =>
    agent.post<HoldPlaced & { code?: string }>('/api/holds', { bookId });
  const giveBack = (agent: Agent, loanId: string) => agent.delete(`/api/borrowedBooks/${loanId}`);
  const checked = async () => expectCirculationInvariants(server.app.database.db);

  describe('dates', () => {
    it('tells the rules in force and the library’s today', async () => {
      const rules = await librarian.get<CirculationRules>('/api/circulation/rules');
      expect(rules.body).toEqual({
        today: today(),
        timeZone: 'Asia/Dhaka',
        loanDays: 14,
        renewalsMax: 2,
        holdsMax: 3,
        holdPickupDays: 2,
        borrowLimit: 3,
      });
    });

    it.each([
      [
        'a loan from 2019 to 2035',
        () => ({ borrowedDate: '2019-01-01', returnDate: '2035-01-01' }),
      ],
      ['a borrowed date two days ago', () => loanDates(10, new Date(clock.now() - 2 * 86_400_000))],
      ['a loan longer than the loan period', () => loanDates(15, clock.date())],
      ['a loan that ends the day it starts', () => loanDates(0, clock.date())],
    ])('refuses %s with INVALID_DATES naming the range, taking no copy', async (_, dates) => {
      const agent = await member();
      const bookId = await addBook(librarian, { quantity: 1 });
      const refused = await borrow(agent, bookId, dates());
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('INVALID_DATES');
      // A date as the pages write it (5 Mar 2026), never YYYY-MM-DD (issue 36).
      expect(refused.body.error).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
      expect(refused.body.error).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect((await bookOf(bookId)).quantity).toBe(1);
    });

    it('names the allowed return dates in the refusal', async () => {
      const agent = await member();
      const bookId = await addBook(librarian);
      const refused = await borrow(agent, bookId, loanDates(30, clock.date()));
      expect(refused.body.error).toContain(
        `from ${readableDay(addDays(today(), 1))} to ${readableDay(addDays(today(), 14))}`,
      );
    });

    it('names the allowed dates in the language of a Bangla page, and in English to any other', async () => {
      const agent = await member();
      const bookId = await addBook(librarian, { quantity: 1 });
      // As the loans pages write a day in Bangla: ২৪ নভে, ২০২৬.
      const bengali = (date: string) =>
        new Intl.DateTimeFormat('bn-BD', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        }).format(new Date(`${date}T00:00:00Z`));
      const send = (acceptLanguage: string) =>
        agent.request<{ error: string; code: string }>({
          method: 'POST',
          url: '/api/borrowedBooks',
          headers: { 'accept-language': acceptLanguage },
          payload: { bookId, ...loanDates(30, clock.date()) },
        });
      const bangla = await send('bn-BD,bn;q=0.9,en;q=0.5');
      expect(bangla.status).toBe(400);
      expect(bangla.body.code).toBe('INVALID_DATES');
      expect(bangla.body.error).toBe(
        `ফেরতের তারিখ হতে হবে ${bengali(addDays(today(), 1))} থেকে ${bengali(addDays(today(), 14))}-এর মধ্যে। একবারে সর্বোচ্চ ১৪ দিনের জন্য ধার নেওয়া যায়।`,
      );
      const english = await send('fr-FR,fr;q=0.9');
      expect(english.body.error).toBe(
        `Return Date must be from ${readableDay(addDays(today(), 1))} to ${readableDay(addDays(today(), 14))}: a loan lasts at most 14 days`,
      );
      expect((await bookOf(bookId)).quantity).toBe(1);
    });

    it('accepts a borrowed date a day either side of today, for members’ clocks', async () => {
      const agent = await member();
      const yesterday = addDays(today(), -1);
      const tomorrow = addDays(today(), 1);
      for (const borrowedDate of [yesterday, tomorrow]) {
        const bookId = await addBook(librarian);
        const response = await borrow(agent, bookId, {
          borrowedDate,
          returnDate: addDays(borrowedDate, 14),
        });
        expect(response.status).toBe(201);
      }
    });
  });

  describe('overdue', () => {
    it('marks a loan overdue once its return date passes, and then refuses borrowing and holds', async () => {
      const agent = await member();
      const first = await addBook(librarian);
      const wanted = await addBook(librarian);
      const outOfStock = await addBook(librarian, { quantity: 1 });
      await borrow(await member(), outOfStock);
      await borrow(agent, first, loanDates(3, clock.date()));
      expect(await loansOf(agent)).toMatchObject([{ overdue: false, daysLeft: 3 }]);

      clock.advanceDays(5);
      expect(await loansOf(agent)).toMatchObject([{ overdue: true, daysLeft: -2 }]);
      const refused = await borrow(agent, wanted);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'OVERDUE_LOANS',
        error:
          'Please return your overdue books first: nothing is borrowed, renewed or held while a book is overdue.',
      });
      expect(
        (await agent.get<BorrowCheck>(`/api/borrowedBooks/check?bookId=${wanted}`)).body,
      ).toEqual({ canBorrow: false, reason: 'OVERDUE_LOANS' });
      expect((await placeHold(agent, outOfStock)).body.code).toBe('OVERDUE_LOANS');

      const [loan] = await loansOf(agent);
      await giveBack(agent, loan?._id ?? '');
      expect((await borrow(agent, wanted)).status).toBe(201);
    });
  });

  describe('history', () => {
    it('keeps a returned loan as history, newest return first, paginated like books', async () => {
      const agent = await member();
      const names = ['Gora', 'Chokher Bali', 'Devdas'];
      for (const name of names) {
        const bookId = await addBook(librarian, { name });
        const { body } = await borrow(agent, bookId);
        const returned = await giveBack(agent, body.insertedId);
        expect(returned.body).toEqual({ acknowledged: true, deletedCount: 1 });
      }
      expect(await loansOf(agent)).toEqual([]);

      const first = await agent.get<Loan[]>('/api/borrowedBooks/history?limit=2');
      expect(first.headers['x-total-count']).toBe('3');
      expect(first.body.map((loan) => loan.bookDetails.name)).toEqual(['Devdas', 'Chokher Bali']);
      expect(first.body[0]).toMatchObject({ returnedAt: expect.any(String), renewable: false });
      const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
      expect(next).toBeDefined();
      const second = await agent.get<Loan[]>(next ?? '');
      expect(second.body.map((loan) => loan.bookDetails.name)).toEqual(['Gora']);
      expect(second.headers.link).toBeUndefined();

      const byPage = await agent.get<Loan[]>('/api/borrowedBooks/history?limit=2&page=2');
      expect(byPage.body.map((loan) => loan.bookDetails.name)).toEqual(['Gora']);
      expect((await (await member()).get<Loan[]>('/api/borrowedBooks/history')).body).toEqual([]);
    });

    it('answers 404 to returning a loan twice, and keeps one record', async () => {
      const agent = await member();
      const bookId = await addBook(librarian, { quantity: 1 });
      const { body } = await borrow(agent, bookId);
      expect((await giveBack(agent, body.insertedId)).status).toBe(200);
      const again = await giveBack(agent, body.insertedId);
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ code: 'LOAN_NOT_FOUND' });
      expect((await bookOf(bookId)).quantity).toBe(1);
      expect((await agent.get<Loan[]>('/api/borrowedBooks/history')).body).toHaveLength(1);
    });
  });

  describe('renewals', () => {
    it('moves the return date a loan period on, up to RENEWALS_MAX times', async () => {
      const agent = await member();
      const bookId = await addBook(librarian);
      const { body } = await borrow(agent, bookId);
      const renew = () =>
        agent.post<Loan & { code?: string }>(`/api/borrowedBooks/${body.insertedId}/renew`);
      const once = await renew();
      expect(once.status).toBe(200);
      expect(once.body).toMatchObject({
        _id: body.insertedId,
        returnDate: addDays(today(), 28),
        renewals: 1,
        renewable: true,
      });
      expect((await renew()).body).toMatchObject({ renewals: 2, renewable: false });
      const third = await renew();
      expect(third.status).toBe(409);
      expect(third.body.code).toBe('RENEWAL_LIMIT');
      expect((await loansOf(agent))[0]).toMatchObject({ returnDate: addDays(today(), 42) });
    });

    it('refuses a renewal while another member waits, and another member’s loan as 404', async () => {
      const reader = await member();
      const waiting = await member();
      const bookId = await addBook(librarian, { quantity: 1 });
      const { body } = await borrow(reader, bookId);
      expect((await loansOf(reader))[0]?.renewable).toBe(true);
      expect((await placeHold(waiting, bookId)).status).toBe(201);
      expect((await loansOf(reader))[0]?.renewable).toBe(false);
      const refused = await reader.post(`/api/borrowedBooks/${body.insertedId}/renew`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'HOLD_QUEUE' });
      const stranger = await waiting.post(`/api/borrowedBooks/${body.insertedId}/renew`);
      expect(stranger.status).toBe(404);
      expect(stranger.body).toMatchObject({ code: 'LOAN_NOT_FOUND' });
      expect((await loansOf(reader))[0]?.renewals).toBe(0);
    });
  });

  describe('holds', () => {
    it('refuses a hold when a copy is on the shelf, twice, on a book held, and past HOLDS_MAX', async () => {
      const agent = await member();
      const onShelf = await addBook(librarian, { quantity: 1 });
      expect((await placeHold(agent, onShelf)).body).toMatchObject({ code: 'COPIES_AVAILABLE' });
      await borrow(agent, onShelf);
      expect((await placeHold(agent, onShelf)).body).toMatchObject({ code: 'ALREADY_BORROWED' });
      const missing = await placeHold(agent, 'no-such-book');
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('BOOK_NOT_FOUND');

      const lender = await member();
      const gone: string[] = [];
      for (let index = 0; index < 4; index += 1) {
        const bookId = await addBook(librarian, { quantity: 1 });
        if (index < 3) await borrow(lender, bookId);
        else await borrow(await member(), bookId);
        gone.push(bookId);
      }
      for (const bookId of gone.slice(0, 3)) {
        expect((await placeHold(agent, bookId)).status).toBe(201);
      }
      expect((await placeHold(agent, gone[0] ?? '')).body.code).toBe('ALREADY_ON_HOLD');
      const over = await placeHold(agent, gone[3] ?? '');
      expect(over.status).toBe(409);
      expect(over.body.code).toBe('HOLD_LIMIT_REACHED');
      expect(await holdsOf(agent)).toHaveLength(3);
      await checked();
    });

    it('queues members in order; a returned copy is kept for the first, who alone may borrow it', async () => {
      const reader = await member();
      const [first, second, other] = [await member(), await member(), await member()];
      const bookId = await addBook(librarian, { quantity: 1 });
      const loan = (await borrow(reader, bookId)).body.insertedId;
      expect((await placeHold(first, bookId)).body).toMatchObject({ position: 1 });
      expect((await placeHold(second, bookId)).body).toMatchObject({ position: 2 });
      expect(await bookOf(bookId)).toMatchObject({ quantity: 0, holds: 2 });
      expect(await holdsOf(second)).toMatchObject([
        { bookId, status: 'waiting', position: 2, readyUntil: null, bookDetails: { _id: bookId } },
      ]);

      await giveBack(reader, loan);
      expect(await bookOf(bookId)).toMatchObject({ quantity: 0, holds: 1 });
      const [ready] = await holdsOf(first);
      expect(ready).toMatchObject({ status: 'ready', position: null });
      expect(Date.parse(ready?.readyUntil ?? '')).toBeGreaterThan(clock.now() + 86_400_000);
      expect((await holdsOf(second))[0]).toMatchObject({ status: 'waiting', position: 1 });

      expect((await borrow(other, bookId)).body.code).toBe('NOT_AVAILABLE');
      expect(
        (await first.get<BorrowCheck>(`/api/borrowedBooks/check?bookId=${bookId}`)).body,
      ).toEqual({ canBorrow: true, reason: null });
      expect((await borrow(first, bookId)).status).toBe(201);
      expect(await holdsOf(first)).toEqual([]);
      expect(await bookOf(bookId)).toMatchObject({ quantity: 0, holds: 1 });
      await checked();
    });

    it('keeps a copy ready at 01:52 on a Wednesday until Saturday’s closing, skipping Friday', async () => {
      let wednesday = addDays(dayIn('Asia/Dhaka', clock.date()), 1);
      while (weekdayOf(wednesday) !== 'wed') wednesday = addDays(wednesday, 1);
      clock.moveTo(`${wednesday}T01:52:00+06:00`);
      const [reader, waiter] = [await member(), await member()];
      const bookId = await addBook(librarian, { quantity: 1 });
      const loan = (await borrow(reader, bookId)).body.insertedId;
      await placeHold(waiter, bookId);
      await giveBack(reader, loan);
      // LIBRARY_HOURS 09:00-20:00 and LIBRARY_CLOSED_DAYS fri, the defaults, on Dhaka's clock (UTC+6).
      const [ready] = await holdsOf(waiter);
      expect(ready).toMatchObject({
        status: 'ready',
        readyUntil: `${addDays(wednesday, 3)}T14:00:00.000Z`,
      });
      // Given up, so no later test's sweep finds it.
      expect((await waiter.delete(`/api/holds/${ready?._id}`)).status).toBe(200);
      await checked();
    });

    it('passes an expired ready hold’s copy to the next member, then to the shelf', async () => {
      const reader = await member();
      const [first, second] = [await member(), await member()];
      const bookId = await addBook(librarian, { quantity: 1 });
      const loan = (await borrow(reader, bookId)).body.insertedId;
      await placeHold(first, bookId);
      await placeHold(second, bookId);
      await giveBack(reader, loan);

      // Past the pickup: closing time on the second open day is at most 3 days 20 hours away.
      clock.advanceDays(4);
      expect(await server.app.holds.sweepExpired()).toBe(1);
      expect(await server.app.holds.sweepExpired()).toBe(0);
      expect(await holdsOf(first)).toEqual([]);
      expect((await holdsOf(second))[0]).toMatchObject({ status: 'ready' });

      // No sweep this time: touching the book applies the expiry.
      clock.advanceDays(4);
      expect((await borrow(await member(), bookId)).status).toBe(201);
      expect(await holdsOf(second)).toEqual([]);
      await checked();
    });

    it('cancels holds: a waiting one leaves the queue, a ready one passes its copy on', async () => {
      const reader = await member();
      const [first, second] = [await member(), await member()];
      const bookId = await addBook(librarian, { quantity: 1 });
      const loan = (await borrow(reader, bookId)).body.insertedId;
      const firstHold = (await placeHold(first, bookId)).body.insertedId;
      const secondHold = (await placeHold(second, bookId)).body.insertedId;
      expect((await second.delete(`/api/holds/${firstHold}`)).body).toMatchObject({
        code: 'HOLD_NOT_FOUND',
      });

      await giveBack(reader, loan);
      expect((await first.delete(`/api/holds/${firstHold}`)).body).toEqual({
        acknowledged: true,
        deletedCount: 1,
      });
      expect((await holdsOf(second))[0]).toMatchObject({ status: 'ready' });
      await second.delete(`/api/holds/${secondHold}`);
      expect(await bookOf(bookId)).toMatchObject({ quantity: 1, holds: 0 });
      await checked();
    });

    it('gives copies added by increment or update to the waiting holds first', async () => {
      const bookId = await addBook(librarian, { quantity: 1 });
      await borrow(await member(), bookId);
      const [first, second] = [await member(), await member()];
      await placeHold(first, bookId);
      await placeHold(second, bookId);
      await librarian.patch(`/api/books/${bookId}/increment`);
      expect((await holdsOf(first))[0]?.status).toBe('ready');
      const update = await librarian.patch(`/api/books/${bookId}`, {
        name: 'Pather Panchali',
        author: 'Bibhutibhushan Bandyopadhyay',
        quantity: 2,
      });
      expect(update.status).toBe(200);
      expect((await holdsOf(second))[0]?.status).toBe('ready');
      expect(await bookOf(bookId)).toMatchObject({ quantity: 1, holds: 0 });
      await checked();
    });
  });

  it('never changes the stock when an edit does not name the quantity', async () => {
    const bookId = await addBook(librarian, { quantity: 2 });
    const loan = (await borrow(await member(), bookId)).body.insertedId;
    const rename = await librarian.patch(`/api/books/${bookId}`, {
      name: 'Aparajito',
      author: 'Bibhutibhushan Bandyopadhyay',
    });
    expect(rename.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect(await bookOf(bookId)).toMatchObject({ name: 'Aparajito', quantity: 1 });
    expect(loan).toBeTruthy();
  });
});
