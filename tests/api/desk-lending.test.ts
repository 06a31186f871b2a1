/**
 * Copies, library cards and lending at the desk (docs/product/desk.md), on both databases: the
 * copy endpoints, cards, checkout and check-in with every refusal, holds kept for the right
 * member, and the desk's own safety (RETURNS=desk: desk-returns.test.ts). Who may call what is in
 * authorization.test.ts.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/common/calendar.ts';
import type {
  BookCopy,
  CheckinResult,
  CheckoutResult,
  Copy,
  CopyLookup,
  DeskCard,
  LabelCopy,
  LibraryCard,
} from '../../src/common/copies.ts';
import type { Book, Hold, Loan } from '../../src/common/types.ts';
import { addBook, loanDates, signUp, signUpLibrarian, type Agent } from '../support/agent.ts';
import { expectCirculationInvariants } from '../support/invariants.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

const HEAD = 'head.desk@example.org';

interface Refusal {
  code: string;
  error: string;
}

describe.each(databaseKinds)('lending at the desk on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  let librarianId: string;
  const clock = new MovableClock();
  const outbox = path.join(tmpdir(), `pathagar-desk-outbox-${kind}-${process.pid}`);

  beforeAll(async () => {
    server = await startTestApp(kind, { LIBRARIAN_EMAILS: HEAD, OUTBOX_DIR: outbox }, clock);
    librarian = await signUpLibrarian(server, HEAD);
    librarianId = (await librarian.get<{ user: { id: string } }>('/api/auth/get-session')).body.user
      .id;
  });
  afterAll(async () => {
    await expectCirculationInvariants(server.app.database.db);
    await server.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const member = async (name = 'Reader') => {
    const signed = await signUp(server.app, name);
    const card = await signed.agent.get<LibraryCard>('/api/card');
    const session = await signed.agent.get<{ user: { id: string } }>('/api/auth/get-session');
    return { ...signed, id: session.body.user.id, cardNumber: card.body.cardNumber };
  };
  const copiesOf = async (bookId: string) =>
    (await librarian.get<Copy[]>(`/api/books/${bookId}/copies`)).body;
  const quantityOf = async (bookId: string) =>
    (await librarian.get<Book>(`/api/books/${bookId}`)).body.quantity;
  const checkout = (cardNumber: string, barcode: string) =>
    librarian.post<CheckoutResult & Refusal>('/api/desk/checkout', { cardNumber, barcode });
  const checkin = (barcode: string) =>
    librarian.post<CheckinResult & Refusal>('/api/desk/checkin', { barcode });
  const today = () => loanDates(14, clock.date()).borrowedDate;
  /** A book with `quantity` copies, and their barcodes. */
  const bookWithCopies = async (quantity: number) => {
    const bookId = await addBook(librarian, { quantity });
    const barcodes = (await copiesOf(bookId)).map((copy) => copy.barcode);
    return { bookId, barcodes };
  };
  const expectRefused = (
    answer: { status: number; body: Refusal },
    status: number,
    code: string,
  ) => {
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
    expect(answer.body.error.length).toBeGreaterThan(0);
  };

  describe('library cards', () => {
    it('gives every account its own card number at sign-up, kept in the barcode registry', async () => {
      const first = await signUp(server.app);
      const second = await signUp(server.app);
      const cards = await server.app.database.db
        .selectFrom('libraryCard')
        .innerJoin('user', 'user.id', 'libraryCard.userId')
        .select(['user.email', 'libraryCard.cardNumber'])
        .where('user.email', 'in', [first.email, second.email])
        .execute();
      expect(cards).toHaveLength(2);
      const [one, two] = await Promise.all(
        [first, second].map(async ({ agent }) => (await agent.get<LibraryCard>('/api/card')).body),
      );
      expect(one?.cardNumber).toMatch(/^2\d{9}$/);
      expect(one?.cardNumber).not.toBe(two?.cardNumber);
      expect(one?.name).toBe('Test Member');
      const registry = await server.app.database.db
        .selectFrom('barcode')
        .select('kind')
        .where('code', '=', one?.cardNumber ?? '')
        .executeTakeFirst();
      expect(registry).toEqual({ kind: 'card' });
    });

    it('opens a member by card at the desk, and says 404 MEMBER_NOT_FOUND for an unknown card', async () => {
      const reader = await member('Card Reader');
      const opened = await librarian.get<DeskCard>(
        `/api/desk/cards/${reader.cardNumber.toLowerCase()}`,
      );
      expect(opened.status).toBe(200);
      expect(opened.body).toEqual({
        member: {
          _id: reader.id,
          name: 'Card Reader',
          email: reader.email,
          cardNumber: reader.cardNumber,
          blocked: false,
          expiresOn: expect.any(String),
          expired: false,
        },
        loans: [],
        holds: [],
        fines: { balance: 0, accruing: 0 },
      });
      expectRefused(
        await librarian.get<Refusal>('/api/desk/cards/ZZZZ9999'),
        404,
        'MEMBER_NOT_FOUND',
      );
      expect((await librarian.get('/api/desk/cards/a!')).status).toBe(400);
    });
  });

  describe('copies', () => {
    it('gives a new book its copies, each with its own barcode, and counts them as quantity', async () => {
      const { bookId, barcodes } = await bookWithCopies(2);
      const copies = await copiesOf(bookId);
      expect(copies.map((copy) => copy.status)).toEqual(['available', 'available']);
      expect(new Set(barcodes).size).toBe(2);
      for (const code of barcodes) expect(code).toMatch(/^3\d{9}$/);
      expect(copies[0]).toEqual({
        _id: expect.any(String),
        bookId,
        barcode: barcodes[0],
        status: 'available',
        shelfMark: null,
        note: null,
        borrower: null,
      });
    });

    it('adds a copy with a given or a new barcode, refusing one a copy or card already has', async () => {
      const { bookId, barcodes } = await bookWithCopies(1);
      const given = await librarian.post<{ copy: Copy }>(`/api/books/${bookId}/copies`, {
        barcode: ' pg0101 ',
        shelfMark: '891.44 BAN',
      });
      expect(given.status).toBe(201);
      expect(given.body.copy).toMatchObject({
        barcode: 'PG0101',
        status: 'available',
        shelfMark: '891.44 BAN',
      });
      const fresh = await librarian.post<{ copy: Copy }>(`/api/books/${bookId}/copies`, {});
      expect(fresh.status).toBe(201);
      expect(fresh.body.copy.barcode).toMatch(/^3\d{9}$/);
      expect(await quantityOf(bookId)).toBe(3);
      const reader = await member();
      for (const taken of [barcodes[0], reader.cardNumber]) {
        expectRefused(
          await librarian.post<Refusal>(`/api/books/${bookId}/copies`, { barcode: taken }),
          409,
          'DUPLICATE_BARCODE',
        );
      }
      for (const bad of ['AB1', 'A'.repeat(21), 'AB-12']) {
        const answer = await librarian.post<Refusal>(`/api/books/${bookId}/copies`, {
          barcode: bad,
        });
        expect(answer.status).toBe(400);
      }
      expect(await quantityOf(bookId)).toBe(3);
      expectRefused(
        await librarian.post<Refusal>('/api/books/no-such-book/copies', {}),
        404,
        'BOOK_NOT_FOUND',
      );
    });

    it("lists a book's copies a page at a time (issue 33, item 1)", async () => {
      const { bookId } = await bookWithCopies(60);
      const first = await librarian.get<Copy[]>(`/api/books/${bookId}/copies?limit=50`);
      expect(first.body).toHaveLength(50);
      expect(first.headers['x-total-count']).toBe('60');
      expect(first.headers.link).toBe(`</api/books/${bookId}/copies?limit=50&page=2>; rel="next"`);
      const second = await librarian.get<Copy[]>(`/api/books/${bookId}/copies?limit=50&page=2`);
      expect(second.body).toHaveLength(10);
      expect(second.headers.link).toBeUndefined();
      const barcodes = new Set([...first.body, ...second.body].map((copy) => copy.barcode));
      expect(barcodes.size).toBe(60);
      expectRefused(
        await librarian.get<Refusal>(`/api/books/${bookId}/copies?limit=100000`),
        400,
        'VALIDATION',
      );
    });

    it('marks copies damaged, lost, withdrawn and available again, moving quantity with them', async () => {
      const { bookId } = await bookWithCopies(3);
      const [first, second] = await copiesOf(bookId);
      const damaged = await librarian.patch<Copy>(`/api/copies/${first?._id}`, {
        status: 'damaged',
        note: 'Spine cracked',
      });
      expect(damaged.body).toMatchObject({ status: 'damaged', note: 'Spine cracked' });
      await librarian.patch(`/api/copies/${second?._id}`, { status: 'lost' });
      expect(await quantityOf(bookId)).toBe(1);
      await librarian.patch(`/api/copies/${second?._id}`, { status: 'withdrawn' });
      expect(await quantityOf(bookId)).toBe(1);
      const back = await librarian.patch<Copy>(`/api/copies/${first?._id}`, {
        status: 'available',
        shelfMark: ' ',
      });
      expect(back.body).toMatchObject({ status: 'available', shelfMark: null });
      expect(await quantityOf(bookId)).toBe(2);
      expect(
        (await librarian.patch(`/api/copies/${first?._id}`, { status: 'onLoan' })).status,
      ).toBe(400);
      expectRefused(
        await librarian.patch<Refusal>('/api/copies/nothing', { status: 'lost' }),
        404,
        'COPY_NOT_FOUND',
      );
    });

    it('refuses to change the status of a copy on loan or held: 409 COPY_IN_CIRCULATION', async () => {
      const { bookId, barcodes } = await bookWithCopies(1);
      const reader = await member();
      expect((await checkout(reader.cardNumber, barcodes[0] as string)).status).toBe(201);
      const [copy] = await copiesOf(bookId);
      expectRefused(
        await librarian.patch<Refusal>(`/api/copies/${copy?._id}`, { status: 'lost' }),
        409,
        'COPY_IN_CIRCULATION',
      );
      // A shelf mark or note may change whatever the status.
      const marked = await librarian.patch<Copy>(`/api/copies/${copy?._id}`, { shelfMark: 'X 1' });
      expect(marked.body).toMatchObject({ status: 'onLoan', shelfMark: 'X 1' });
    });

    it('adds a copy by increment and withdraws shelf copies when an update lowers quantity', async () => {
      const { bookId } = await bookWithCopies(2);
      expect((await librarian.patch(`/api/books/${bookId}/increment`)).status).toBe(200);
      expect((await copiesOf(bookId)).filter((copy) => copy.status === 'available')).toHaveLength(
        3,
      );
      const lowered = await librarian.patch(`/api/books/${bookId}`, {
        name: 'Pather Panchali',
        author: 'Bibhutibhushan Bandyopadhyay',
        quantity: 1,
      });
      expect(lowered.status).toBe(200);
      const statuses = (await copiesOf(bookId)).map((copy) => copy.status).sort();
      expect(statuses).toEqual(['available', 'withdrawn', 'withdrawn']);
    });

    it('finds a copy by barcode with its book and current loan', async () => {
      const { bookId, barcodes } = await bookWithCopies(1);
      const code = barcodes[0] as string;
      const shelved = await librarian.get<CopyLookup>(`/api/copies/by-barcode/${code}`);
      expect(shelved.body).toMatchObject({
        copy: { barcode: code, status: 'available' },
        book: { _id: bookId, name: 'Pather Panchali' },
        loan: null,
      });
      const reader = await member();
      await checkout(reader.cardNumber, code);
      const lent = await librarian.get<CopyLookup>(`/api/copies/by-barcode/${code}`);
      expect(lent.body.loan).toMatchObject({ userEmail: reader.email, barcode: code });
      expectRefused(
        await librarian.get<Refusal>('/api/copies/by-barcode/NOPE0000'),
        404,
        'COPY_NOT_FOUND',
      );
    });

    it("names the borrower's card beside a copy on loan in the book's list, and nobody beside the others", async () => {
      const { bookId, barcodes } = await bookWithCopies(2);
      const reader = await member('Nasreen Borrower');
      await checkout(reader.cardNumber, barcodes[0] as string);
      const listed = (await librarian.get<BookCopy[]>(`/api/books/${bookId}/copies`)).body;
      expect(
        listed.map(({ barcode, status, borrower }) => ({ barcode, status, borrower })),
      ).toEqual([
        {
          barcode: barcodes[0],
          status: 'onLoan',
          borrower: { name: 'Nasreen Borrower', cardNumber: reader.cardNumber },
        },
        { barcode: barcodes[1], status: 'available', borrower: null },
      ]);
      await checkin(barcodes[0] as string);
      const back = (await librarian.get<BookCopy[]>(`/api/books/${bookId}/copies`)).body;
      expect(back.map((copy) => copy.borrower)).toEqual([null, null]);
    });

    it('gives the copies a labels page names by id, with their titles, in the order asked', async () => {
      const first = await bookWithCopies(2);
      const second = await bookWithCopies(1);
      const [a, b] = await copiesOf(first.bookId);
      const [c] = await copiesOf(second.bookId);
      const ids = [c?._id, a?._id, 'no-such-copy', b?._id, a?._id].join(',');
      const labels = await librarian.get<LabelCopy[]>(`/api/copies?ids=${ids}`);
      expect(labels.status).toBe(200);
      expect(labels.body.map((copy) => [copy.barcode, copy.title, copy.author])).toEqual([
        [c?.barcode, 'Pather Panchali', 'Bibhutibhushan Bandyopadhyay'],
        [a?.barcode, 'Pather Panchali', 'Bibhutibhushan Bandyopadhyay'],
        [b?.barcode, 'Pather Panchali', 'Bibhutibhushan Bandyopadhyay'],
      ]);
      const tooMany = Array.from({ length: 101 }, (_, index) => `copy-${index}`).join(',');
      expectRefused(await librarian.get<Refusal>(`/api/copies?ids=${tooMany}`), 400, 'VALIDATION');
      expectRefused(await librarian.get<Refusal>('/api/copies?ids=,'), 400, 'VALIDATION');
      expectRefused(await librarian.get<Refusal>('/api/copies'), 400, 'VALIDATION');
    });
  });

  describe('checkout and check-in', () => {
    it('lends a scanned copy for the loan period and checks it in again', async () => {
      const { bookId, barcodes } = await bookWithCopies(2);
      const reader = await member();
      const code = barcodes[1] as string;
      const lent = await checkout(reader.cardNumber, code.toLowerCase());
      expect(lent.status).toBe(201);
      expect(lent.body).toMatchObject({
        acknowledged: true,
        insertedId: expect.any(String),
        loan: {
          _id: lent.body.insertedId,
          bookId,
          userEmail: reader.email,
          borrowedDate: today(),
          returnDate: addDays(today(), 14),
          barcode: code,
          returnedAt: null,
        },
      });
      expect(await quantityOf(bookId)).toBe(1);
      const theirs = await reader.agent.get<Loan[]>('/api/borrowedBooks');
      expect(theirs.body.map((loan) => loan._id)).toEqual([lent.body.insertedId]);
      const card = await librarian.get<DeskCard>(`/api/desk/cards/${reader.cardNumber}`);
      expect(card.body.loans.map((loan) => loan.barcode)).toEqual([code]);

      const back = await checkin(code);
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({
        loan: { _id: lent.body.insertedId, returnedAt: expect.any(String) },
        fine: null,
        hold: null,
      });
      expect(await quantityOf(bookId)).toBe(2);
      expectRefused(await checkin(code), 409, 'COPY_NOT_ON_LOAN');
      expectRefused(await checkin('UNKNOWN1'), 404, 'COPY_NOT_FOUND');
    });

    it('refuses an unknown card or copy, and a copy on loan, damaged or withdrawn', async () => {
      const { barcodes } = await bookWithCopies(2);
      const [lentCode, damagedCode] = barcodes as [string, string];
      const reader = await member();
      const other = await member();
      expectRefused(await checkout('NOCARD00', lentCode), 404, 'MEMBER_NOT_FOUND');
      expectRefused(await checkout(reader.cardNumber, 'NOCOPY00'), 404, 'COPY_NOT_FOUND');
      expect((await checkout(reader.cardNumber, lentCode)).status).toBe(201);
      expectRefused(await checkout(other.cardNumber, lentCode), 409, 'COPY_NOT_AVAILABLE');
      const lookup = await librarian.get<CopyLookup>(`/api/copies/by-barcode/${damagedCode}`);
      for (const status of ['damaged', 'withdrawn', 'lost']) {
        await librarian.patch(`/api/copies/${lookup.body.copy._id}`, { status });
        expectRefused(await checkout(other.cardNumber, damagedCode), 409, 'COPY_NOT_AVAILABLE');
      }
      expect((await librarian.post('/api/desk/checkout', { cardNumber: 'x' })).status).toBe(400);
    });

    it("applies a member's own borrowing rules: blocked, overdue, already borrowed, limit", async () => {
      const books = await Promise.all([1, 2, 3, 4, 5].map(() => bookWithCopies(2)));
      const code = (index: number, copy = 0) => books[index]?.barcodes[copy] as string;
      const reader = await member();
      expect((await checkout(reader.cardNumber, code(0))).status).toBe(201);
      expectRefused(await checkout(reader.cardNumber, code(0, 1)), 409, 'ALREADY_BORROWED');
      expect((await checkout(reader.cardNumber, code(1))).status).toBe(201);
      expect((await checkout(reader.cardNumber, code(2))).status).toBe(201);
      expectRefused(await checkout(reader.cardNumber, code(3)), 409, 'LIMIT_REACHED');

      const blocked = await member();
      await librarian.patch(`/api/desk/members/${blocked.id}`, { blocked: true });
      expectRefused(await checkout(blocked.cardNumber, code(3)), 409, 'MEMBER_BLOCKED');

      const late = await member();
      expect((await checkout(late.cardNumber, code(3))).status).toBe(201);
      clock.advanceDays(15);
      try {
        expectRefused(await checkout(late.cardNumber, code(4)), 409, 'OVERDUE_LOANS');
      } finally {
        clock.advanceDays(-15);
      }
      // Nothing refused moved a copy.
      expect(await quantityOf(books[3]?.bookId as string)).toBe(1);
      expect(await quantityOf(books[4]?.bookId as string)).toBe(2);
    });

    it('keeps a checked-in copy for the oldest hold and says for whom; only that member may take it', async () => {
      const { bookId, barcodes } = await bookWithCopies(1);
      const code = barcodes[0] as string;
      const first = await member('First Reader');
      const waiting = await member('Waiting Reader');
      const stranger = await member('Stranger');
      expect((await checkout(first.cardNumber, code)).status).toBe(201);
      expect((await waiting.agent.post('/api/holds', { bookId })).status).toBe(201);

      const back = await checkin(code);
      expect(back.body.hold).toEqual({
        memberName: 'Waiting Reader',
        cardNumber: waiting.cardNumber,
        readyUntil: expect.any(String),
      });
      expect(await quantityOf(bookId)).toBe(0);
      const [copy] = await copiesOf(bookId);
      expect(copy?.status).toBe('held');
      expectRefused(await checkout(stranger.cardNumber, code), 409, 'COPY_HELD');
      const online = await stranger.agent.post<Refusal>('/api/borrowedBooks', {
        bookId,
        ...loanDates(14, clock.date()),
      });
      expectRefused(online, 409, 'NOT_AVAILABLE');

      const fulfilled = await checkout(waiting.cardNumber, code);
      expect(fulfilled.status).toBe(201);
      expect((await waiting.agent.get<Hold[]>('/api/holds')).body).toEqual([]);
      expect((await copiesOf(bookId))[0]?.status).toBe('onLoan');
    });

    it('keeps each checked-in copy for its own member, in the order the holds were placed', async () => {
      const { bookId, barcodes } = await bookWithCopies(2);
      const [keptCode, otherCode] = barcodes as [string, string];
      const lenders = [await member(), await member()];
      const waiting = await member('Ready Reader');
      const next = await member('Next Reader');
      expect((await checkout(lenders[0]?.cardNumber as string, keptCode)).status).toBe(201);
      expect((await checkout(lenders[1]?.cardNumber as string, otherCode)).status).toBe(201);
      await waiting.agent.post('/api/holds', { bookId });
      await next.agent.post('/api/holds', { bookId });
      expect((await checkin(keptCode)).body.hold?.memberName).toBe('Ready Reader');
      expect((await checkin(otherCode)).body.hold?.memberName).toBe('Next Reader');
      // Each copy is kept for its own member.
      const swapped = await checkout(waiting.cardNumber, otherCode);
      expectRefused(swapped, 409, 'COPY_HELD');
      expect((await checkout(waiting.cardNumber, keptCode)).status).toBe(201);
      expect((await checkout(next.cardNumber, otherCode)).status).toBe(201);
      expect(await quantityOf(bookId)).toBe(0);
    });

    it('lets a member with a ready hold take a shelf copy instead; the kept copy goes back', async () => {
      const { bookId, barcodes } = await bookWithCopies(1);
      const kept = barcodes[0] as string;
      const holder = await member('Holder');
      expect((await checkout((await member()).cardNumber, kept)).status).toBe(201);
      await holder.agent.post('/api/holds', { bookId });
      expect((await checkin(kept)).body.hold?.memberName).toBe('Holder');
      // Nobody else waits, so a copy added now stays on the shelf.
      const added = await librarian.post<{ copy: Copy }>(`/api/books/${bookId}/copies`, {});
      expect(added.body.copy.status).toBe('available');
      expect((await checkout(holder.cardNumber, added.body.copy.barcode)).status).toBe(201);
      expect((await holder.agent.get<Hold[]>('/api/holds')).body).toEqual([]);
      const statuses = Object.fromEntries(
        (await copiesOf(bookId)).map((copy) => [copy.barcode, copy.status]),
      );
      expect(statuses).toEqual({ [kept]: 'available', [added.body.copy.barcode]: 'onLoan' });
      expect(await quantityOf(bookId)).toBe(1);
    });
  });

  describe("the desk's own safety", () => {
    it('refuses a librarian revoking or blocking themselves: 409 SELF_CHANGE', async () => {
      for (const change of [{ role: 'member' }, { blocked: true }]) {
        expectRefused(
          await librarian.patch<Refusal>(`/api/desk/members/${librarianId}`, change),
          409,
          'SELF_CHANGE',
        );
      }
      const session = await librarian.get<{ user: { role: string } }>('/api/auth/get-session');
      expect(session.body.user.role).toBe('librarian');
    });

    it('refuses revoking the last librarian: 409 LAST_LIBRARIAN', async () => {
      const deputy = await member('Deputy');
      await librarian.patch(`/api/desk/members/${deputy.id}`, { role: 'librarian' });
      // The deputy revokes the head; then nobody may revoke the deputy, the last one.
      expect(
        (await deputy.agent.patch(`/api/desk/members/${librarianId}`, { role: 'member' })).status,
      ).toBe(200);
      expectRefused(
        await deputy.agent.patch<Refusal>(`/api/desk/members/${deputy.id}`, { role: 'member' }),
        409,
        'SELF_CHANGE',
      );
      await server.app.database.db
        .updateTable('user')
        .set({ role: 'librarian' })
        .where('id', '=', librarianId)
        .execute();
      expect(
        (await librarian.patch(`/api/desk/members/${deputy.id}`, { role: 'member' })).status,
      ).toBe(200);
      await server.app.database.db
        .updateTable('user')
        .set({ role: 'member' })
        .where('role', '=', 'librarian')
        .where('id', '<>', librarianId)
        .execute();
      const alone = await member('Alone');
      await librarian.patch(`/api/desk/members/${alone.id}`, { role: 'librarian' });
      expect(
        (await librarian.patch(`/api/desk/members/${alone.id}`, { role: 'member' })).status,
      ).toBe(200);
    });

    it('cancels any hold at the desk and mails its member', async () => {
      const { bookId, barcodes } = await bookWithCopies(1);
      const reader = await member('Cancelled Reader');
      await checkout((await member()).cardNumber, barcodes[0] as string);
      const placed = await reader.agent.post<{ insertedId: string }>('/api/holds', { bookId });
      const cancelled = await librarian.delete(`/api/desk/holds/${placed.body.insertedId}`);
      expect(cancelled.status).toBe(200);
      expect((await reader.agent.get<Hold[]>('/api/holds')).body).toEqual([]);
      expectRefused(
        await librarian.delete<Refusal>(`/api/desk/holds/${placed.body.insertedId}`),
        404,
        'HOLD_NOT_FOUND',
      );
      await expect
        .poll(() =>
          readdirSync(outbox)
            .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
            .some((mail) => mail.includes(reader.email) && mail.includes('was cancelled')),
        )
        .toBe(true);
    });
  });
});
