/**
 * Fines and membership (docs/product/fines-and-membership.md) on both databases, with the clock
 * moved rather than waited for: the charge of a late return and its cap, the ledger, the block at
 * FINES_BLOCK_AT, payments and waivers at the desk, renewals of overdue loans, and memberships
 * that end, are noticed and are renewed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween } from '../../src/common/calendar.ts';
import type {
  Book,
  BorrowCheck,
  DeskMember,
  FineEntryCreated,
  FineReceipt,
  Fines,
  Loan,
  MemberDataExport,
  Membership,
  Notice,
} from '../../src/common/types.ts';
import type {
  CheckinResult,
  Copy,
  DeskCard,
  LibraryCard,
  LostResult,
} from '../../src/common/copies.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { addBook, loanDates, signUp, validBook, type Agent } from '../support/agent.ts';

interface Refusal {
  code: string;
}
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(databaseKinds)('fines and membership on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  const clock = new MovableClock();
  /** Days the current test moved the clock, put back after it. */
  let moved = 0;
  const advance = (days: number) => {
    clock.advanceDays(days);
    moved += days;
  };

  beforeAll(async () => {
    server = await startTestApp(kind, {}, clock);
    const signedUp = await signUp(server.app, 'Librarian');
    await setRoleByEmail(server.app.database.db, signedUp.email, 'librarian');
    librarian = signedUp.agent;
  });
  afterAll(() => server.close());
  afterEach(() => {
    clock.advanceDays(-moved);
    moved = 0;
  });

  const member = async (name = 'Reader') => {
    const { agent } = await signUp(server.app, name);
    const session = await agent.get<{ user: { id: string } }>('/api/auth/get-session');
    return { agent, id: session.body.user.id };
  };
  const borrow = async (agent: Agent, days = 14) => {
    const bookId = await addBook(librarian, { quantity: 5 });
    const response = await agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId,
      ...loanDates(days, clock.date()),
    });
    expect(response.status).toBe(201);
    return { bookId, loanId: response.body.insertedId };
  };
  const finesOf = async (agent: Agent) => (await agent.get<Fines>('/api/fines')).body;
  const check = async (agent: Agent, bookId: string) =>
    (await agent.get<BorrowCheck>(`/api/borrowedBooks/check?bookId=${bookId}`)).body;
  const pay = (memberId: string, amount: unknown, note?: string) =>
    librarian.post<FineEntryCreated & { code?: string }>(`/api/desk/members/${memberId}/payments`, {
      amount,
      ...(note === undefined ? {} : { note }),
    });

  it('charges 2, 20 and 100 taka for 1, 10 and 60 days late, once each, and blocks at 50', async () => {
    const { agent, id } = await member();
    const [first, second, third] = [await borrow(agent), await borrow(agent), await borrow(agent)];

    advance(15);
    const loans = (await agent.get<Loan[]>('/api/borrowedBooks')).body;
    expect(loans.map((loan) => loan.fineAccrued)).toEqual([2, 2, 2]);
    expect(loans.every((loan) => loan.overdue && !loan.renewable)).toBe(true);
    expect(await finesOf(agent)).toEqual({ balance: 0, accruing: 6, entries: [] });
    const renewal = await agent.post<{ code: string }>(`/api/borrowedBooks/${first?.loanId}/renew`);
    expect(renewal).toMatchObject({ status: 409, body: { code: 'OVERDUE_LOANS' } });
    expect((await agent.delete(`/api/borrowedBooks/${first?.loanId}`)).status).toBe(200);

    advance(9);
    expect((await librarian.post(`/api/desk/loans/${second?.loanId}/return`)).status).toBe(200);
    advance(50);
    expect((await agent.delete(`/api/borrowedBooks/${third?.loanId}`)).status).toBe(200);
    // Returned again: nothing more to close, nothing more charged.
    expect((await agent.delete(`/api/borrowedBooks/${third?.loanId}`)).status).toBe(404);

    const fines = await finesOf(agent);
    expect(fines.balance).toBe(122);
    expect(fines.accruing).toBe(0);
    expect(fines.entries.map(({ kind, amount, loanId }) => ({ kind, amount, loanId }))).toEqual([
      { kind: 'overdue', amount: 100, loanId: third?.loanId },
      { kind: 'overdue', amount: 20, loanId: second?.loanId },
      { kind: 'overdue', amount: 2, loanId: first?.loanId },
    ]);
    expect(fines.entries[0]?.bookName).toBe('Pather Panchali');

    // 122 owed: at or above FINES_BLOCK_AT (50) nothing more is lent, renewed or held.
    const next = await addBook(librarian, { quantity: 1 });
    expect(await check(agent, next)).toEqual({ canBorrow: false, reason: 'FINES_OWED' });
    const refused = await agent.post<{ code: string; error: string }>('/api/borrowedBooks', {
      bookId: next,
      ...loanDates(14, clock.date()),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'FINES_OWED',
      error: 'Please pay your fines at the desk before borrowing again.',
    });

    expect((await pay(id, 72)).body.balance).toBe(50);
    expect(await check(agent, next)).toEqual({ canBorrow: false, reason: 'FINES_OWED' });
    expect((await pay(id, 2)).body.balance).toBe(48);
    expect(await check(agent, next)).toEqual({ canBorrow: true, reason: null });
  });

  it('takes payments of whole taka from 1 to the balance, and waivers with a note', async () => {
    const { agent, id } = await member();
    const { loanId } = await borrow(agent);
    advance(24);
    await agent.delete(`/api/borrowedBooks/${loanId}`);
    expect((await finesOf(agent)).balance).toBe(20);

    for (const amount of [21, 0, -5, 2.5, '10', null]) {
      const response = await pay(id, amount);
      expect(response.status, String(amount)).toBe(400);
    }
    expect((await pay(id, 21)).body.code).toBe('INVALID_AMOUNT');
    expect((await pay('no-such-member', 5)).status).toBe(404);
    const noNote = await librarian.post(`/api/desk/members/${id}/waivers`, { amount: 5 });
    expect(noNote.status).toBe(400);
    expect((await finesOf(agent)).balance).toBe(20);

    const waived = await librarian.post<FineEntryCreated>(`/api/desk/members/${id}/waivers`, {
      amount: 5,
      note: 'Flood in the neighbourhood',
    });
    expect(waived.status).toBe(201);
    expect(waived.body).toMatchObject({
      entry: { kind: 'waiver', amount: 5, note: 'Flood in the neighbourhood' },
      balance: 15,
    });
    const paid = await pay(id, 15, 'Cash');
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ entry: { kind: 'payment', amount: 15 }, balance: 0 });
    expect((await pay(id, 1)).status).toBe(400);

    const receipt = await librarian.get<FineReceipt>(`/api/desk/receipts/${paid.body.entry._id}`);
    expect(receipt.body).toMatchObject({
      entry: { _id: paid.body.entry._id, amount: 15, note: 'Cash' },
      member: { _id: id, name: 'Reader' },
      balance: 0,
    });
    expect((await librarian.get('/api/desk/receipts/nothing')).status).toBe(404);

    const listed = await librarian.get<DeskMember[]>(`/api/desk/members?q=reader`);
    expect(listed.body.find((row) => row._id === id)).toMatchObject({ balance: 0 });
    const exported = (await agent.get<MemberDataExport>('/api/profile/data')).body;
    expect(exported.fines.entries.map((entry) => entry.kind)).toEqual([
      'payment',
      'waiver',
      'overdue',
    ]);
    expect(exported.membership.expired).toBe(false);
  });

  it('refuses to renew any loan while another is overdue', async () => {
    const { agent } = await member();
    const early = await borrow(agent, 3);
    const later = await borrow(agent, 14);
    advance(5);
    const renewal = await agent.post<{ code: string }>(`/api/borrowedBooks/${later.loanId}/renew`);
    expect(renewal).toMatchObject({ status: 409, body: { code: 'OVERDUE_LOANS' } });
    expect((await librarian.post(`/api/desk/loans/${later.loanId}/renew`)).status).toBe(409);
    await agent.delete(`/api/borrowedBooks/${early.loanId}`);
    expect((await agent.post(`/api/borrowedBooks/${later.loanId}/renew`)).status).toBe(200);
  });

  it('ends a membership after its last day, notices it 14 days before, once, and renews it', async () => {
    const { agent, id } = await member();
    const bookId = await addBook(librarian, { quantity: 3 });
    const started = (await agent.get<Membership>('/api/membership')).body;
    const today = started.memberSince;
    expect(started).toEqual({
      memberSince: today,
      expiresOn: addMonths(today, 12),
      expired: false,
    });
    const term = daysBetween(today, started.expiresOn);

    advance(term - 14);
    await server.app.notices.sweep();
    await server.app.notices.sweep();
    const notices = (await agent.get<Notice[]>('/api/profile/notices')).body;
    expect(notices.filter((notice) => notice.kind === 'membershipExpiring')).toEqual([
      expect.objectContaining({ until: started.expiresOn }),
    ]);

    advance(14);
    expect(await check(agent, bookId)).toEqual({ canBorrow: true, reason: null });
    advance(1);
    expect(await check(agent, bookId)).toEqual({ canBorrow: false, reason: 'MEMBERSHIP_EXPIRED' });
    const hold = await agent.post<{ code: string }>('/api/holds', { bookId });
    expect(hold).toMatchObject({ status: 409, body: { code: 'MEMBERSHIP_EXPIRED' } });

    // Renewed after it ended: a full term from today.
    const renewed = await librarian.post<{ expiresOn: string }>(
      `/api/desk/members/${id}/membership`,
    );
    expect(renewed.body.expiresOn).toBe(addMonths(addDays(started.expiresOn, 1), 12));
    expect(await check(agent, bookId)).toEqual({ canBorrow: true, reason: null });
    // Renewed again at once (a double click, or two librarians): still one term ahead, unchanged.
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        librarian.post<{ expiresOn: string }>(`/api/desk/members/${id}/membership`),
      ),
    );
    expect(again.map((answer) => answer.body.expiresOn)).toEqual(
      Array<string>(5).fill(renewed.body.expiresOn),
    );
    // Renewed before it ends, once less than a term is left: a term from its last day.
    advance(30);
    const early = await librarian.post<{ expiresOn: string }>(`/api/desk/members/${id}/membership`);
    expect(early.body.expiresOn).toBe(addMonths(renewed.body.expiresOn, 12));
    expect((await librarian.post('/api/desk/members/nobody/membership')).status).toBe(404);
  });

  it('charges a lost copy its book’s replacement cost, which only librarians set (issue 35, item 4)', async () => {
    const { agent } = await member('Replacing Reader');
    const { cardNumber } = (await agent.get<LibraryCard>('/api/card')).body;
    const bookId = await addBook(librarian, { quantity: 1, replacementCost: 750 });
    expect((await librarian.get<Book>(`/api/books/${bookId}`)).body.replacementCost).toBe(750);
    // A member may edit the catalogue (CATALOGUE_EDITORS=members), not what a loss costs.
    const byMember = await agent.patch<Refusal>(`/api/books/${bookId}`, {
      name: validBook.name,
      author: validBook.author,
      replacementCost: 1,
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe('FORBIDDEN');
    expect((await agent.post('/api/books', { ...validBook, replacementCost: 1 })).status).toBe(403);
    for (const wrong of [-1, 2.5, 1_000_001, 'much'])
      expect(
        (
          await librarian.patch(`/api/books/${bookId}`, {
            name: validBook.name,
            author: validBook.author,
            replacementCost: wrong,
          })
        ).status,
      ).toBe(400);
    const changed = await librarian.patch(`/api/books/${bookId}`, {
      name: validBook.name,
      author: validBook.author,
      replacementCost: 900,
    });
    expect(changed.status).toBe(200);
    expect((await agent.get<Book>(`/api/books/${bookId}`)).body.replacementCost).toBe(900);

    const [copy] = (await librarian.get<Copy[]>(`/api/books/${bookId}/copies`)).body;
    const lent = await librarian.post<{ loan: { _id: string } }>('/api/desk/checkout', {
      cardNumber,
      barcode: copy?.barcode,
    });
    const lost = await librarian.post<LostResult>(`/api/desk/loans/${lent.body.loan._id}/lost`);
    expect(lost.body.lost).toMatchObject({ kind: 'lost', amount: 900 });
  });

  it('charges a late copy at desk check-in, and a lost one until it is found', async () => {
    const { agent, id } = await member('Desk Reader');
    const { cardNumber, expiresOn } = (await agent.get<LibraryCard>('/api/card')).body;
    expect(expiresOn).toBe((await agent.get<Membership>('/api/membership')).body.expiresOn);
    const bookId = await addBook(librarian, { quantity: 1 });
    const [copy] = (await librarian.get<Copy[]>(`/api/books/${bookId}/copies`)).body;
    const barcode = copy?.barcode ?? '';
    const checkout = () =>
      librarian.post<{ loan: { _id: string }; code?: string }>('/api/desk/checkout', {
        cardNumber,
        barcode,
      });
    expect((await checkout()).status).toBe(201);

    advance(15);
    const opened = (await librarian.get<DeskCard>(`/api/desk/cards/${cardNumber}`)).body;
    expect(opened.member.expiresOn).toBe(expiresOn);
    expect(opened.fines).toEqual({ balance: 0, accruing: 2 });
    const checkedIn = await librarian.post<CheckinResult>('/api/desk/checkin', { barcode });
    expect(checkedIn.body.fine).toMatchObject({ kind: 'overdue', amount: 2 });

    const lent = await checkout();
    const lost = await librarian.post<LostResult>(`/api/desk/loans/${lent.body.loan._id}/lost`);
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({
      loan: { returnedAt: expect.any(String) },
      fine: null,
      lost: { kind: 'lost', amount: 500 },
    });
    expect((await librarian.post(`/api/desk/loans/${lent.body.loan._id}/lost`)).status).toBe(404);
    expect((await finesOf(agent)).balance).toBe(502);
    const stillLost = (await librarian.get<Copy[]>(`/api/books/${bookId}/copies`)).body;
    expect(stillLost[0]?.status).toBe('lost');
    const opensOwing = await librarian.get<DeskCard>(`/api/desk/cards/${cardNumber}`);
    expect(opensOwing.body.fines.balance).toBe(502);
    const other = await addBook(librarian, { quantity: 1 });
    const [otherCopy] = (await librarian.get<Copy[]>(`/api/books/${other}/copies`)).body;
    const refused = await librarian.post<{ code: string }>('/api/desk/checkout', {
      cardNumber,
      barcode: otherCopy?.barcode,
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'FINES_OWED' } });

    // Found: back on the shelf, the lost charge waived, the overdue fine kept.
    const found = await librarian.post<CheckinResult>('/api/desk/checkin', { barcode });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ fine: null, loan: { _id: lent.body.loan._id } });
    const fines = await finesOf(agent);
    expect(fines.balance).toBe(2);
    expect(fines.entries[0]).toMatchObject({ kind: 'waiver', amount: 500 });
    const shelved = (await librarian.get<Copy[]>(`/api/books/${bookId}/copies`)).body;
    expect(shelved[0]?.status).toBe('available');
    expect((await librarian.post('/api/desk/checkin', { barcode })).status).toBe(409);
    expect((await pay(id, 2)).status).toBe(201);

    // Set lost by hand after it was found: lost on no loan, so a check-in waives nothing again
    // (it answered 500 against the one waiver a loan may have, issue 33, item 7).
    await librarian.patch(`/api/copies/${copy?._id}`, { status: 'lost' });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = await librarian.post<{ code: string }>('/api/desk/checkin', { barcode });
      expect(again).toMatchObject({ status: 409, body: { code: 'COPY_NOT_ON_LOAN' } });
    }
    expect((await finesOf(agent)).entries.filter((entry) => entry.kind === 'waiver')).toHaveLength(
      1,
    );
    // Found again by hand, it is lent and returned as any copy.
    await librarian.patch(`/api/copies/${copy?._id}`, { status: 'available' });
    const lentAgain = await checkout();
    expect(lentAgain.status).toBe(201);
    expect((await librarian.post('/api/desk/checkin', { barcode })).status).toBe(200);
  });
});
