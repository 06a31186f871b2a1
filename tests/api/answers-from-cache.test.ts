/**
 * Books, list answers, totals and categories are answered from the cache once read
 * (books/books.service.ts). Whatever changes a book, through this server, another instance or
 * behind their backs, the next answer must show it (another process's change: within a
 * millisecond on SQLite, once its notice arrives on PostgreSQL); what changes no book (a sign-in,
 * a borrow of another book) leaves the cached answer of a book's answer alone, and a borrow or a return
 * leaves the lists and searches that do not show the book in the cache.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Book, CategorySummary } from '../../src/common/types.ts';
import { OTHERS_COMMITS_CHECK_MS } from '../../src/server/db/change-version.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { insertBook } from '../../src/server/books/book-rows.ts';
import { buildApp } from '../../src/server/app.ts';
import { Agent, VALID_PASSWORD, addBook, signUp, validBook, loanDates } from '../support/agent.ts';
import { databaseKinds, startTestApp, testConfig, type TestApp } from '../support/test-app.ts';

const dates = loanDates();
/** How long PostgreSQL's notice of another process's change may take to arrive. */
const NOTICE_WAIT = { timeout: 3000, interval: 20 };
/** Enough for the server to see its listening connection end. */
const LOSS_NOTICED_MS = 200;

describe.each(databaseKinds)('books kept in the cache on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  let visitor: Agent;
  /** Another connection to the same database: what a second server process would write through. */
  let elsewhere: Database;

  /** How many connections to this test's database listen for notices (the server's one, or none). */
  const listening = async () =>
    (
      await sql<{ count: string }>`select count(*) as "count" from pg_stat_activity
        where datname = current_database() and query like 'listen %'`.execute(elsewhere.db)
    ).rows[0]?.count;

  beforeAll(async () => {
    server = await startTestApp(kind);
    librarian = (await signUp(server.app, 'Librarian')).agent;
    visitor = new Agent(server.app);
    elsewhere = openDatabase(server.databaseUrl);
    // The first read starts the server listening; until it listens, it keeps nothing.
    await visitor.get('/api/books?limit=1');
    if (kind === 'postgres')
      await vi.waitFor(async () => expect(await listening()).toBe('1'), NOTICE_WAIT);
  });
  afterAll(async () => {
    await elsewhere.close();
    await server.close();
  });

  /** The book as each answer shows it: alone, and on its category's first page. */
  async function shown(id: string): Promise<Book[]> {
    const alone = (await visitor.get<Book>(`/api/books/${id}`)).body;
    const page = (await visitor.get<Book[]>(`/api/books?category=${alone.category}&limit=200`))
      .body;
    return [alone, page.find((book) => book._id === id) as Book];
  }
  const quantitiesShown = async (id: string) => (await shown(id)).map((book) => book.quantity);

  it('shows every change made through the API in the very next answer', async () => {
    const id = await addBook(librarian, { quantity: 2, category: 'Drama' });
    expect(await quantitiesShown(id)).toEqual([2, 2]);

    await librarian.patch(`/api/books/${id}`, {
      name: 'Nakshi Kanthar Math',
      author: 'Jasimuddin',
    });
    expect((await shown(id)).map((book) => book.name)).toEqual([
      'Nakshi Kanthar Math',
      'Nakshi Kanthar Math',
    ]);

    const loan = await librarian.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId: id,
      ...dates,
    });
    expect(await quantitiesShown(id)).toEqual([1, 1]);

    await librarian.delete(`/api/borrowedBooks/${loan.body.insertedId}`);
    expect(await quantitiesShown(id)).toEqual([2, 2]);

    await librarian.patch(`/api/books/${id}/increment`);
    expect(await quantitiesShown(id)).toEqual([3, 3]);
  });

  it('shows a change written by another connection to the database', async () => {
    const id = await addBook(librarian, { quantity: 4, category: 'History' });
    expect(await quantitiesShown(id)).toEqual([4, 4]);

    await elsewhere.db.updateTable('book').set({ quantity: 9 }).where('id', '=', id).execute();

    if (kind === 'sqlite') {
      await new Promise((resolve) => setTimeout(resolve, 2 * OTHERS_COMMITS_CHECK_MS));
      expect(await quantitiesShown(id)).toEqual([9, 9]);
    } else await expect.poll(() => quantitiesShown(id), NOTICE_WAIT).toEqual([9, 9]);
  });

  it('counts a search again once the catalogue changes, by this server or another', async () => {
    const word = `Tilottama${Date.now()}`;
    const total = async (filters = '') =>
      (await visitor.get(`/api/books?q=${word}${filters}`)).headers['x-total-count'];
    expect(await total()).toBe('0');

    const first = await addBook(librarian, { name: `${word} One`, quantity: 1 });
    expect(await total()).toBe('1');
    expect(await total('&available=true')).toBe('1');

    await librarian.post('/api/borrowedBooks', { bookId: first, ...dates });
    expect(await total('&available=true')).toBe('0');

    await insertBook(
      elsewhere.db,
      { ...validBook, category: 'Novel', name: `${word} Two` },
      new Date(),
    );
    if (kind === 'sqlite') {
      await new Promise((resolve) => setTimeout(resolve, 2 * OTHERS_COMMITS_CHECK_MS));
      expect(await total()).toBe('2');
    } else await expect.poll(() => total(), NOTICE_WAIT).toBe('2');
  });

  it("lists a category's pages and the categories again once the catalogue changes", async () => {
    const firstPage = async () => {
      const response = await visitor.get<Book[]>(
        '/api/books?category=Sci-Fi&available=true&limit=3',
      );
      return {
        ids: response.body.map((book) => book._id),
        total: response.headers['x-total-count'],
      };
    };
    const sciFi = async () =>
      (await visitor.get<CategorySummary[]>('/api/categories')).body.find(
        (category) => category.name === 'Sci-Fi',
      );
    const before = { page: await firstPage(), category: await sciFi() };

    const added = await addBook(librarian, {
      category: 'Sci-Fi',
      quantity: 1,
      image: '/covers/added-just-now.svg',
    });
    const afterAdding = await firstPage();
    expect(afterAdding.ids[0]).toBe(added);
    expect(Number(afterAdding.total)).toBe(Number(before.page.total) + 1);
    expect(await sciFi()).toEqual({
      name: 'Sci-Fi',
      image: '/covers/added-just-now.svg',
      count: (before.category?.count ?? 0) + 1,
    });

    await librarian.post('/api/borrowedBooks', { bookId: added, ...dates });
    expect(await firstPage()).toEqual(before.page);

    const other = await insertBook(elsewhere.db, { ...validBook, category: 'Sci-Fi' }, new Date());
    const showsOther = async () => (await firstPage()).ids[0] === other;
    if (kind === 'sqlite') {
      await new Promise((resolve) => setTimeout(resolve, 2 * OTHERS_COMMITS_CHECK_MS));
      expect(await showsOther()).toBe(true);
    } else await expect.poll(showsOther, NOTICE_WAIT).toBe(true);
  });

  it('sends kept answers compressed as the client accepts, never an older compressed copy', async () => {
    const id = await addBook(librarian, {
      category: 'Thriller',
      content: 'A long night. '.repeat(100),
    });
    const asSent = async (url: string, acceptEncoding?: string) => {
      const response = await server.app.inject({
        method: 'GET',
        url,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      const encoding = response.headers['content-encoding'];
      const decoded =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(response.rawPayload)
            : response.rawPayload;
      return { encoding, vary: response.headers.vary, json: JSON.parse(decoded.toString()) };
    };
    const urls = [`/api/books/${id}`, '/api/books?category=Thriller&limit=5'];

    for (const url of urls) {
      const plain = await asSent(url);
      expect(plain.encoding, url).toBeUndefined();
      expect(await asSent(url, 'gzip, deflate, br')).toEqual({ ...plain, encoding: 'br' });
      expect(await asSent(url, 'gzip, deflate, br')).toEqual({ ...plain, encoding: 'br' });
      expect(await asSent(url, 'br;q=0, gzip')).toEqual({ ...plain, encoding: 'gzip' });
      expect(await asSent(url, 'deflate')).toEqual(plain);
      expect(plain.vary).toBe('accept-encoding');
    }

    await librarian.patch(`/api/books/${id}`, {
      name: 'Raat Bhore Brishti',
      author: 'Buddhadeva Bose',
    });
    expect((await asSent(urls[0] ?? '', 'br')).json.name).toBe('Raat Bhore Brishti');
    expect((await asSent(urls[1] ?? '', 'gzip')).json[0].name).toBe('Raat Bhore Brishti');
  });

  it('sends a small answer as it is, whatever the client accepts', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/books?category=Thriller&limit=1&q=no-such-words-anywhere',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.body).toBe('[]');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  /** Whether the server answered `read`'s one request for a book or a list from the cache. */
  async function fromCache(app: FastifyInstance, read: () => Promise<unknown>): Promise<boolean> {
    const before = app.books.cacheFigures();
    await read();
    const after = app.books.cacheFigures();
    expect(after.reads - before.reads).toBe(1);
    return after.fromCache > before.fromCache;
  }
  const readBook = (agent: Agent, id: string) => () => agent.get<Book>(`/api/books/${id}`);

  it("keeps a book's answer through sign-ins, sign-ups and other books' loans, and forgets it when the book changes", async () => {
    const kept = await addBook(librarian, { quantity: 2, category: 'Drama' });
    const other = await addBook(librarian, { quantity: 2, category: 'Drama' });
    await visitor.get(`/api/books/${kept}`);
    await visitor.get(`/api/books/${other}`);
    expect(await fromCache(server.app, readBook(visitor, kept))).toBe(true);

    const { agent: member, email } = await signUp(server.app, 'Reader');
    const again = new Agent(server.app);
    await again.get('/api/health');
    expect(
      (await again.post('/api/auth/sign-in/email', { email, password: VALID_PASSWORD })).status,
    ).toBe(200);
    expect(
      await again.post('/api/auth/sign-in/email', { email, password: 'Wrong12345' }),
    ).toMatchObject({ status: 401 });
    expect(await fromCache(server.app, readBook(visitor, kept))).toBe(true);

    const loan = await member.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId: other,
      ...dates,
    });
    expect(loan.status).toBe(201);
    expect(await fromCache(server.app, readBook(visitor, kept))).toBe(true);
    expect(await fromCache(server.app, readBook(visitor, other))).toBe(false);
    expect((await visitor.get<Book>(`/api/books/${other}`)).body.quantity).toBe(1);

    await librarian.patch(`/api/books/${kept}/increment`);
    expect(await fromCache(server.app, readBook(visitor, kept))).toBe(false);
    expect((await visitor.get<Book>(`/api/books/${kept}`)).body.quantity).toBe(3);
    expect(await fromCache(server.app, readBook(visitor, kept))).toBe(true);

    await member.delete(`/api/borrowedBooks/${loan.body.insertedId}`);
    expect(await fromCache(server.app, readBook(visitor, kept))).toBe(true);
    expect((await visitor.get<Book>(`/api/books/${other}`)).body.quantity).toBe(2);
  });

  it('forgets lists and totals when a book is added, and keeps them through sign-ins', async () => {
    const listUrl = '/api/books?category=Drama&limit=5';
    await visitor.get(listUrl);
    expect(await fromCache(server.app, () => visitor.get(listUrl))).toBe(true);
    await signUp(server.app, 'Another Reader');
    expect(await fromCache(server.app, () => visitor.get(listUrl))).toBe(true);
    await addBook(librarian, { category: 'Novel' });
    expect(await fromCache(server.app, () => visitor.get(listUrl))).toBe(false);
  });

  /** A book on the shelf, and lists that show it and lists that do not (books.service.ts). */
  async function borrowedBookAndLists() {
    const word = `Kapalkundala${Date.now()}`;
    const elsewhereWord = `Durgeshnandini${Date.now()}`;
    const book = await addBook(librarian, { name: `${word} Ekti`, category: 'Novel', quantity: 1 });
    await addBook(librarian, { name: `${elsewhereWord} Ekti`, category: 'History' });
    const urls = {
      /** A category's first page and a search that do not show the book. */
      history: '/api/books?category=History&limit=5',
      search: `/api/books?q=${elsewhereWord}`,
      /** A search that shows it, with every copy and with those on the shelf only. */
      shows: `/api/books?q=${word}`,
      onShelf: `/api/books?q=${word}&available=true`,
      facets: `/api/books/facets?q=${word}`,
    };
    return { book, urls };
  }
  const quantityIn = async (agent: Agent, url: string) =>
    (await agent.get<Book[]>(url)).body.map((book) => book.quantity);
  const onShelfTotal = async (agent: Agent, url: string) =>
    (await agent.get(url)).headers['x-total-count'];
  const availableCounted = async (agent: Agent, url: string) =>
    (await agent.get<{ available: number }>(url)).body.available;

  it('keeps the lists a borrowed or returned book is not in, and shows its copies everywhere else at once', async () => {
    const { book, urls } = await borrowedBookAndLists();
    const member = (await signUp(server.app, 'Borrower')).agent;
    const kept = (url: string) => fromCache(server.app, () => visitor.get(url));
    for (const url of Object.values(urls)) await visitor.get(url);
    await visitor.get('/api/categories');
    expect(await kept(urls.history)).toBe(true);
    expect(await kept(urls.search)).toBe(true);

    const loan = await member.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId: book,
      ...dates,
    });
    expect(loan.status).toBe(201);
    expect(await kept(urls.history)).toBe(true);
    expect(await kept(urls.search)).toBe(true);
    expect(await kept('/api/categories')).toBe(true);
    expect(await quantityIn(visitor, urls.shows)).toEqual([0]);
    expect(await onShelfTotal(visitor, urls.onShelf)).toBe('0');
    expect(await quantityIn(visitor, urls.onShelf)).toEqual([]);
    expect(await availableCounted(visitor, urls.facets)).toBe(0);

    expect((await member.delete(`/api/borrowedBooks/${loan.body.insertedId}`)).status).toBe(200);
    expect(await kept(urls.history)).toBe(true);
    expect(await kept(urls.search)).toBe(true);
    expect(await quantityIn(visitor, urls.shows)).toEqual([1]);
    expect(await onShelfTotal(visitor, urls.onShelf)).toBe('1');
    expect(await quantityIn(visitor, urls.onShelf)).toEqual([1]);
    expect(await availableCounted(visitor, urls.facets)).toBe(1);

    // An edit of anything but the copies empties every list: the book is found by its new name.
    const renamed = `Rajsingha${Date.now()}`;
    const edit = { name: `${renamed} Ekti`, author: validBook.author };
    expect((await librarian.patch(`/api/books/${book}`, edit)).status).toBe(200);
    expect(await kept(urls.history)).toBe(false);
    expect((await visitor.get<Book[]>(`/api/books?q=${renamed}`)).body.map((b) => b._id)).toEqual([
      book,
    ]);
    expect(await quantityIn(visitor, urls.shows)).toEqual([]);
  });

  it("shows another instance's changes, and keeps the books they did not touch", async () => {
    const other = await buildApp(testConfig(server.databaseUrl), { logger: false });
    try {
      const reader = new Agent(other);
      const untouched = await addBook(librarian, { quantity: 2, category: 'History' });
      const borrowed = await addBook(librarian, { quantity: 2, category: 'History' });
      const shownThere = async (id: string) => (await reader.get<Book>(`/api/books/${id}`)).body;
      // The other instance reads both, and keeps them once it follows the changes. Both are
      // asked for: a read made before it started following is not kept, and the other may be.
      await expect
        .poll(async () => {
          await shownThere(untouched);
          await shownThere(borrowed);
          return [
            await fromCache(other, readBook(reader, untouched)),
            await fromCache(other, readBook(reader, borrowed)),
          ];
        }, NOTICE_WAIT)
        .toEqual([true, true]);

      await librarian.post('/api/borrowedBooks', { bookId: borrowed, ...dates });
      await expect.poll(async () => (await shownThere(borrowed)).quantity, NOTICE_WAIT).toBe(1);
      expect(await fromCache(other, readBook(reader, untouched))).toBe(true);

      const renamed = await librarian.patch(`/api/books/${untouched}`, {
        name: 'Padma Nadir Majhi',
        author: 'Manik Bandopadhyay',
      });
      expect(renamed.status).toBe(200);
      await expect
        .poll(async () => (await shownThere(untouched)).name, NOTICE_WAIT)
        .toBe('Padma Nadir Majhi');
    } finally {
      await other.close();
    }
  });

  it("learns that another instance's borrow moved only copies, and keeps the lists without the book", async () => {
    const other = await buildApp(testConfig(server.databaseUrl), { logger: false });
    try {
      const reader = new Agent(other);
      const { book, urls } = await borrowedBookAndLists();
      const keptThere = (url: string) => fromCache(other, () => reader.get(url));
      // The other instance reads them, and keeps them once it follows the changes.
      await expect
        .poll(async () => {
          for (const url of Object.values(urls)) await reader.get(url);
          return (await keptThere(urls.history)) && (await keptThere(urls.shows));
        }, NOTICE_WAIT)
        .toBe(true);

      const member = (await signUp(server.app, 'Borrower')).agent;
      const loan = await member.post('/api/borrowedBooks', { bookId: book, ...dates });
      expect(loan.status).toBe(201);
      await expect.poll(() => quantityIn(reader, urls.shows), NOTICE_WAIT).toEqual([0]);
      expect(await keptThere(urls.history)).toBe(true);
      expect(await keptThere(urls.search)).toBe(true);
      expect(await onShelfTotal(reader, urls.onShelf)).toBe('0');
      expect(await availableCounted(reader, urls.facets)).toBe(0);

      const renamed = `Anandamath${Date.now()}`;
      const edit = { name: `${renamed} Ekti`, author: validBook.author };
      expect((await librarian.patch(`/api/books/${book}`, edit)).status).toBe(200);
      // The kept search by the old name shows the book until the other instance hears of the
      // edit. A search by the new name would prove nothing: it is new, so read afresh at once.
      await expect.poll(() => quantityIn(reader, urls.shows), NOTICE_WAIT).toEqual([]);
      expect(await keptThere(urls.history)).toBe(false);
      expect((await reader.get<Book[]>(`/api/books?q=${renamed}`)).body.length).toBe(1);
    } finally {
      await other.close();
    }
  });

  if (kind === 'postgres')
    it('keeps nothing while it cannot hear of changes, and hears again once reconnected', async () => {
      const id = await addBook(librarian, { quantity: 3, category: 'Novel' });
      expect(await quantitiesShown(id)).toEqual([3, 3]);

      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'listen %'`.execute(elsewhere.db);
      await expect.poll(listening, NOTICE_WAIT).toBe('0');
      // Well inside the second the server waits before listening again.
      await new Promise((resolve) => setTimeout(resolve, LOSS_NOTICED_MS));
      await elsewhere.db.updateTable('book').set({ quantity: 5 }).where('id', '=', id).execute();
      expect(await quantitiesShown(id)).toEqual([5, 5]);

      // Listening again: a later change arrives by notice as before.
      await expect.poll(listening, NOTICE_WAIT).toBe('1');
      await expect.poll(() => quantitiesShown(id), NOTICE_WAIT).toEqual([5, 5]);
      await elsewhere.db.updateTable('book').set({ quantity: 6 }).where('id', '=', id).execute();
      await expect.poll(() => quantitiesShown(id), NOTICE_WAIT).toEqual([6, 6]);
    });
});
