/**
 * The digital library (docs/product/digital-library.md) on both databases: uploads checked
 * before anything is stored, e-loans that end by themselves, early returns, the waiting list
 * served in order with kept copies, who may have the file (with Range and Cache-Control), and
 * reading positions. Time moves with the test's clock, never by waiting.
 */
import { setExpiry } from '../../src/server/membership/membership.repository.ts';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, EbookLoanListing, EbookWait } from '../../src/common/types.ts';
import { writeEpub } from '../../src/server/ebooks/epub-writer.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { addBook, signUp, type Agent } from '../support/agent.ts';
import { multipartBody } from '../support/image-files.ts';
import { databaseKinds, MovableClock, startTestApp, type TestApp } from '../support/test-app.ts';

const epub = (title = 'A Test Book') =>
  Buffer.from(
    writeEpub({
      identifier: `urn:uuid:test-${title}`,
      title,
      author: 'Tester',
      language: 'en',
      chapters: [{ title: 'One', paragraphs: ['The first page of the test book.'] }],
    }),
  );

const mimetype = [strToU8('application/epub+zip'), { level: 0 as const }] as const;

describe.each(databaseKinds)('the digital library on %s', (kind) => {
  const clock = new MovableClock();
  let server: TestApp;
  let librarian: Agent;
  let visitor: Agent;
  const member = async () => (await signUp(server.app)).agent;

  const upload = (agent: Agent, bookId: string, bytes: Buffer) => {
    const { payload, headers } = multipartBody(bytes, {
      filename: 'book.epub',
      type: 'application/epub+zip',
    });
    return agent.request<{ ebook: Record<string, unknown> }>({
      method: 'PUT',
      url: `/api/books/${bookId}/ebook`,
      payload,
      headers,
    });
  };
  const ebookOf = async (bookId: string) =>
    (await visitor.get<Book>(`/api/books/${bookId}`)).body.ebook;
  /** A book with a lent e-book of `copies` digital copies. */
  const lentTitle = async (copies = 1) => {
    const bookId = await addBook(librarian);
    expect((await upload(librarian, bookId, epub())).status).toBe(201);
    if (copies !== 1) await librarian.patch(`/api/books/${bookId}/ebook`, { copies });
    return bookId;
  };
  const borrow = (agent: Agent, bookId: string) =>
    agent.post<{ loan: { _id: string; expiresAt: string } }>(`/api/ebooks/${bookId}/loans`);
  const waitsOf = async (agent: Agent) =>
    (await agent.get<EbookWait[]>('/api/ebooks/waitlist')).body;

  beforeAll(async () => {
    server = await startTestApp(kind, { EBOOK_MAX_MB: '1' }, clock);
    const signedUp = await signUp(server.app, 'Librarian');
    await setRoleByEmail(server.app.database.db, signedUp.email, 'librarian');
    librarian = signedUp.agent;
    visitor = (await signUp(server.app)).agent;
    await visitor.post('/api/auth/sign-out', {});
  });
  afterAll(() => server.close());

  describe('uploads', () => {
    it('stores a valid EPUB as a lent title with one copy, and every book answer carries it', async () => {
      const plain = await addBook(librarian);
      const before = (await visitor.get<Book>(`/api/books/${plain}`)).body;
      expect(before.ebook).toBeNull();

      const bookId = await addBook(librarian);
      const response = await upload(librarian, bookId, epub());
      expect(response.status).toBe(201);
      expect(response.body.ebook).toMatchObject({
        bookId,
        access: 'lend',
        copies: 1,
        available: 1,
        waiting: 0,
        size: epub().length,
      });
      expect(await ebookOf(bookId)).toEqual({
        access: 'lend',
        copies: 1,
        available: 1,
        waiting: 0,
      });
      const listed = (await visitor.get<Book[]>('/api/books?limit=200')).body;
      expect(listed.find((book) => book._id === bookId)?.ebook).toMatchObject({ access: 'lend' });
    });

    it.each([
      ['not a ZIP', Buffer.from('This is plain text, not an EPUB at all.')],
      [
        'a ZIP without mimetype',
        Buffer.from(zipSync({ 'META-INF/container.xml': strToU8('<container/>') })),
      ],
      [
        'a ZIP whose container names a missing package',
        Buffer.from(
          zipSync({
            mimetype: [...mimetype],
            'META-INF/container.xml': strToU8('<rootfile full-path="EPUB/none.opf"/>'),
          }),
        ),
      ],
      [
        'a zip bomb (a few kB that unpack past ten times EBOOK_MAX_MB)',
        Buffer.from(
          zipSync(
            { mimetype: [...mimetype], 'EPUB/zeros.xhtml': new Uint8Array(12 * 1024 * 1024) },
            { level: 9 },
          ),
        ),
      ],
    ])('refuses %s with 400 INVALID_EBOOK and stores nothing', async (_name, bytes) => {
      const bookId = await addBook(librarian);
      const response = await upload(librarian, bookId, bytes);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'INVALID_EBOOK' });
      expect(await ebookOf(bookId)).toBeNull();
    });

    it('refuses a file over EBOOK_MAX_MB with 413 and stores nothing', async () => {
      const bookId = await addBook(librarian);
      const response = await upload(librarian, bookId, Buffer.alloc(1024 * 1024 + 10, 7));
      expect(response.status).toBe(413);
      expect(await ebookOf(bookId)).toBeNull();
    });

    it('lets only librarians upload, change and remove', async () => {
      const bookId = await addBook(librarian);
      const someone = await member();
      expect((await upload(someone, bookId, epub())).status).toBe(403);
      expect((await upload(visitor, bookId, epub())).status).toBe(401);
      expect(await ebookOf(bookId)).toBeNull();
      expect((await someone.patch(`/api/books/${bookId}/ebook`, { copies: 2 })).status).toBe(403);
      expect((await someone.delete(`/api/books/${bookId}/ebook`)).status).toBe(403);
    });

    it('lists e-books by access and words, and opens a title to everyone', async () => {
      const bookId = await addBook(librarian, { name: 'Quiet Harbour Lights' });
      await upload(librarian, bookId, epub());
      const opened = await librarian.patch(`/api/books/${bookId}/ebook`, { access: 'open' });
      expect(opened.body).toMatchObject({ ebook: { access: 'open' } });
      const open = (await visitor.get<Book[]>('/api/ebooks?access=open&q=harbour')).body;
      expect(open.map((book) => book._id)).toEqual([bookId]);
      const lent = (await visitor.get<Book[]>('/api/ebooks?access=lend')).body;
      expect(lent.every((book) => book.ebook?.access === 'lend')).toBe(true);
      expect((await librarian.patch(`/api/books/${bookId}/ebook`, { copies: 0 })).status).toBe(400);
    });
  });

  describe('lending', () => {
    it('lends the one copy, ends a loan early, and serves the waiting list in order', async () => {
      const bookId = await lentTitle();
      const [reader, first, second, outsider] = await Promise.all([
        member(),
        member(),
        member(),
        member(),
      ]);
      const loan = await borrow(reader, bookId);
      expect(loan.status).toBe(201);
      expect((await borrow(reader, bookId)).body).toMatchObject({ code: 'ALREADY_BORROWED' });
      expect((await borrow(first, bookId)).body).toMatchObject({ code: 'EBOOK_NOT_AVAILABLE' });
      expect((await first.post(`/api/ebooks/${bookId}/waitlist`)).body).toEqual({ position: 1 });
      expect((await second.post(`/api/ebooks/${bookId}/waitlist`)).body).toEqual({ position: 2 });
      expect((await first.post(`/api/ebooks/${bookId}/waitlist`)).body).toMatchObject({
        code: 'ALREADY_WAITING',
      });
      expect(await ebookOf(bookId)).toMatchObject({ available: 0, waiting: 2 });

      expect((await reader.delete(`/api/ebooks/loans/${loan.body.loan._id}`)).status).toBe(200);
      expect((await reader.delete(`/api/ebooks/loans/${loan.body.loan._id}`)).status).toBe(404);
      expect((await waitsOf(first))[0]).toMatchObject({ status: 'ready', position: null });
      expect((await waitsOf(second))[0]).toMatchObject({ status: 'waiting', position: 1 });
      // The freed copy is kept for the first in line: nobody else may take it.
      expect((await borrow(outsider, bookId)).body).toMatchObject({ code: 'EBOOK_NOT_AVAILABLE' });
      expect((await borrow(first, bookId)).status).toBe(201);
      expect(await waitsOf(first)).toEqual([]);
      const kept = await server.app.database.db
        .selectFrom('notice')
        .select('kind')
        .where('bookId', '=', bookId)
        .execute();
      expect(kept).toEqual([{ kind: 'ebookReady' }]);
    });

    it('keeps a freed copy like a hold: until closing time on the last of its open days (issue 39)', async () => {
      // A Wednesday at 01:52 in Dhaka: kept until Saturday 20:00, the Friday skipped, not 48 hours.
      clock.moveTo('2026-12-01T19:52:00.000Z');
      const bookId = await lentTitle();
      const [reader, waiting] = await Promise.all([member(), member()]);
      const loan = await borrow(reader, bookId);
      await waiting.post(`/api/ebooks/${bookId}/waitlist`);
      await reader.delete(`/api/ebooks/loans/${loan.body.loan._id}`);
      const [kept] = await waitsOf(waiting);
      expect(kept).toMatchObject({ status: 'ready', readyUntil: '2026-12-05T14:00:00.000Z' });
      const hold = await server.app.database.db
        .selectFrom('notice')
        .select('until')
        .where('bookId', '=', bookId)
        .where('kind', '=', 'ebookReady')
        .executeTakeFirstOrThrow();
      expect(hold.until).toBe('2026-12-05T14:00:00.000Z');
    });

    it('ends loans by themselves, and passes a kept copy on when it is not taken in time', async () => {
      const bookId = await lentTitle();
      const [reader, first, second] = await Promise.all([member(), member(), member()]);
      await borrow(reader, bookId);
      await first.post(`/api/ebooks/${bookId}/waitlist`);
      await second.post(`/api/ebooks/${bookId}/waitlist`);
      expect((await reader.get(`/api/ebooks/${bookId}/file`)).status).toBe(200);

      clock.advanceDays(14.01);
      // Ended at its time, before any sweep: the file and the list say so at once.
      expect((await reader.get(`/api/ebooks/${bookId}/file`)).body).toMatchObject({
        code: 'EBOOK_LOAN_REQUIRED',
      });
      expect((await reader.get<EbookLoanListing[]>('/api/ebooks/loans')).body).toEqual([]);
      await server.app.ebooks.sweep();
      expect((await waitsOf(first))[0]).toMatchObject({ status: 'ready' });

      // Past closing time on the last of its pickup days, whichever day it was kept on.
      clock.advanceDays(4);
      await server.app.ebooks.sweep();
      expect(await waitsOf(first)).toEqual([]);
      expect((await waitsOf(second))[0]).toMatchObject({ status: 'ready' });
      expect(await ebookOf(bookId)).toMatchObject({ available: 0, waiting: 0 });
    });

    it('holds to EBOOK_LOANS_MAX, refuses blocked members and open titles', async () => {
      const titles = await Promise.all([lentTitle(), lentTitle(), lentTitle(), lentTitle()]);
      const reader = await member();
      for (const bookId of titles.slice(0, 3))
        expect((await borrow(reader, bookId)).status).toBe(201);
      expect((await borrow(reader, titles[3]!)).body).toMatchObject({ code: 'EBOOK_LOAN_LIMIT' });

      const blocked = await signUp(server.app);
      const id = (await blocked.agent.get<{ user: { id: string } }>('/api/auth/get-session')).body
        .user.id;
      expect((await librarian.patch(`/api/desk/members/${id}`, { blocked: true })).status).toBe(
        200,
      );
      expect((await borrow(blocked.agent, titles[3]!)).body).toMatchObject({
        code: 'MEMBER_BLOCKED',
      });
      const lapsed = await signUp(server.app);
      const lapsedId = (await lapsed.agent.get<{ user: { id: string } }>('/api/auth/get-session'))
        .body.user.id;
      await setExpiry(server.app.database.db, lapsedId, '2000-01-01');
      expect((await borrow(lapsed.agent, titles[3]!)).body).toMatchObject({
        code: 'MEMBERSHIP_EXPIRED',
      });

      await librarian.patch(`/api/books/${titles[3]}/ebook`, { access: 'open' });
      expect((await borrow(reader, titles[3]!)).body).toMatchObject({ code: 'EBOOK_OPEN' });
      expect((await borrow(reader, await addBook(librarian))).body).toMatchObject({
        code: 'EBOOK_NOT_FOUND',
      });
    });

    it('refuses fewer copies than are lent, and removing an e-book while it is lent', async () => {
      const bookId = await lentTitle(2);
      const [one, two] = await Promise.all([member(), member()]);
      const loan = await borrow(one, bookId);
      await borrow(two, bookId);
      expect(
        (await librarian.patch(`/api/books/${bookId}/ebook`, { copies: 1 })).body,
      ).toMatchObject({ code: 'EBOOK_IN_USE' });
      expect((await librarian.delete(`/api/books/${bookId}/ebook`)).body).toMatchObject({
        code: 'EBOOK_IN_USE',
      });
      await one.delete(`/api/ebooks/loans/${loan.body.loan._id}`);
      expect((await librarian.patch(`/api/books/${bookId}/ebook`, { copies: 1 })).status).toBe(200);
      clock.advanceDays(15);
      expect((await librarian.delete(`/api/books/${bookId}/ebook`)).status).toBe(200);
      expect(await ebookOf(bookId)).toBeNull();
      expect((await visitor.get(`/api/ebooks/${bookId}/file`)).status).toBe(404);
    });
  });

  describe('the file', () => {
    it('goes to anyone for an open title, revalidated, with its ranges', async () => {
      const bookId = await lentTitle();
      await librarian.patch(`/api/books/${bookId}/ebook`, { access: 'open' });
      const whole = await visitor.request({ method: 'GET', url: `/api/ebooks/${bookId}/file` });
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toBe('application/epub+zip');
      expect(whole.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(whole.headers['content-security-policy']).toContain("script-src 'none'");
      const size = epub().length;
      expect(Number(whole.headers['content-length'])).toBe(size);

      const part = await visitor.request({
        method: 'GET',
        url: `/api/ebooks/${bookId}/file`,
        headers: { range: 'bytes=0-9' },
      });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-9/${size}`);
      expect(String(part.body).startsWith('PK')).toBe(true);
      expect(Number(part.headers['content-length'])).toBe(10);
      const tail = await visitor.request({
        method: 'GET',
        url: `/api/ebooks/${bookId}/file`,
        headers: { range: 'bytes=-5' },
      });
      expect(tail.headers['content-range']).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
      const past = await visitor.request({
        method: 'GET',
        url: `/api/ebooks/${bookId}/file`,
        headers: { range: `bytes=${size}-` },
      });
      expect(past.status).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${size}`);
    });

    it('goes for a lent title only to a member with a current e-loan, never to be stored', async () => {
      const bookId = await lentTitle();
      const [reader, other] = await Promise.all([member(), member()]);
      const file = (agent: Agent) => agent.get(`/api/ebooks/${bookId}/file`);
      expect((await file(visitor)).status).toBe(401);
      expect((await file(other)).body).toMatchObject({ code: 'EBOOK_LOAN_REQUIRED' });
      expect((await file(other)).status).toBe(403);
      await borrow(reader, bookId);
      const lent = await reader.request({
        method: 'GET',
        url: `/api/ebooks/${bookId}/file`,
        headers: { range: 'bytes=2-' },
      });
      expect(lent.status).toBe(206);
      expect(lent.headers['cache-control']).toBe('private, no-store');
      clock.advanceDays(14.01);
      expect((await file(reader)).status).toBe(403);
    });
  });

  it('keeps where a member is, for whoever may read', async () => {
    const bookId = await lentTitle();
    const [reader, other] = await Promise.all([member(), member()]);
    await borrow(reader, bookId);
    const url = `/api/ebooks/${bookId}/position`;
    expect((await reader.get(url)).body).toEqual({ locator: null, progress: 0, updatedAt: null });
    const place = { locator: 'epubcfi(/6/4!/4/2/1:0)', progress: 0.25 };
    expect((await reader.request({ method: 'PUT', url, payload: place })).status).toBe(200);
    expect((await reader.get(url)).body).toMatchObject(place);
    expect((await other.request({ method: 'PUT', url, payload: place })).status).toBe(403);
    expect((await visitor.get(url)).status).toBe(401);
    const bad = await reader.request({ method: 'PUT', url, payload: { locator: '', progress: 2 } });
    expect(bad.status).toBe(400);
  });

  it('refuses to withdraw a book whose e-book is lent, and never lends one withdrawn (issue 33, item 11)', async () => {
    const bookId = await lentTitle();
    const reader = await member();
    const loan = await borrow(reader, bookId);
    const refused = await librarian.delete<{ code: string }>(`/api/books/${bookId}`);
    expect(refused).toMatchObject({ status: 409, body: { code: 'EBOOK_IN_USE' } });
    expect((await reader.get<EbookLoanListing[]>('/api/ebooks/loans')).body).toHaveLength(1);
    await reader.delete(`/api/ebooks/loans/${loan.body.loan._id}`);
    expect((await librarian.delete(`/api/books/${bookId}`)).status).toBe(200);

    // Withdrawing races borrowing: either the book goes and nobody borrowed it, or the loan stands.
    for (let round = 0; round < 4; round += 1) {
      const title = await lentTitle();
      const racer = await member();
      const [withdrawn, borrowed] = await Promise.all([
        librarian.delete(`/api/books/${title}`),
        borrow(racer, title),
      ]);
      if (withdrawn.status === 200) expect(borrowed.status).not.toBe(201);
      else {
        expect(withdrawn.status).toBe(409);
        expect(borrowed.status).toBe(201);
      }
      const loans = await server.app.database.db
        .selectFrom('ebookLoan')
        .leftJoin('book', 'book.id', 'ebookLoan.bookId')
        .select('book.id')
        .where('ebookLoan.bookId', '=', title)
        .execute();
      expect(loans.every((row) => row.id === title)).toBe(true);
    }
  });
});
