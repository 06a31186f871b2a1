import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, CategorySummary } from '../../src/common/types.ts';
import { insertBook } from '../../src/server/books/book-rows.ts';
import { Agent, addBook, signUp, validBook, loanDates } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(databaseKinds)('catalogue API on %s', (kind) => {
  let server: TestApp;
  let member: Agent;
  let visitor: Agent;

  beforeAll(async () => {
    server = await startTestApp(kind);
    member = (await signUp(server.app)).agent;
    visitor = new Agent(server.app);
  });
  afterAll(() => server.close());

  it('adds a book for a member and shows it to anyone', async () => {
    const added = await member.post<{ acknowledged: boolean; insertedId: string }>(
      '/api/books',
      validBook,
    );
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });

    const fetched = await visitor.get<Book>(`/api/books/${added.body.insertedId}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ ...validBook, _id: added.body.insertedId });
    expect(fetched.body.createdAt).toBe(fetched.body.updatedAt);
  });

  it('refuses to add a book for a visitor', async () => {
    const response = await visitor.post('/api/books', validBook);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED' });
  });

  it.each([
    ['a missing name', { name: '' }, 'name'],
    ['an unknown category', { category: 'Poetry' }, 'category'],
    ['a quantity below 1', { quantity: 0 }, 'quantity'],
    ['a fractional quantity', { quantity: 1.5 }, 'quantity'],
    ['a rating below 1', { rating: 0.5 }, 'rating'],
    ['a rating above 5', { rating: 5.1 }, 'rating'],
    ['a rating off the 0.1 step', { rating: 4.25 }, 'rating'],
    ['a quantity given as text', { quantity: '3' }, 'quantity'],
    ['a javascript: image', { image: 'javascript:alert(1)' }, 'image'],
    ['a protocol-relative image', { image: '//evil.example/x.png' }, 'image'],
    // Browsers read a backslash as a slash: both name the host evil.example (issue 16).
    ['a backslashed path naming another host', { image: '/\\evil.example/x.png' }, 'image'],
    ['a mixed-slash path naming another host', { image: '/\\/evil.example/x.png' }, 'image'],
  ])('answers 400 for %s and adds nothing', async (_label, change, field) => {
    const before = await visitor.get('/api/books');
    const response = await member.post<{ code: string; issues: { path: string }[] }>('/api/books', {
      ...validBook,
      ...change,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION');
    expect(response.body.issues.map((issue) => issue.path)).toContain(field);
    const after = await visitor.get('/api/books');
    expect(after.headers['x-total-count']).toBe(before.headers['x-total-count']);
  });

  it('refuses an update whose image path names another host, and keeps the image', async () => {
    const id = await addBook(member);
    const response = await member.patch(`/api/books/${id}`, {
      ...validBook,
      image: '/\\evil.example/x.png',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION' });
    expect((await visitor.get<Book>(`/api/books/${id}`)).body.image).toBe(validBook.image);
  });

  it('updates a book, answering matched and modified counts', async () => {
    const id = await addBook(member);
    const update = { ...validBook, name: 'Aparajito', rating: 0, quantity: 0 };
    const response = await member.patch(`/api/books/${id}`, update);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const book = (await visitor.get<Book>(`/api/books/${id}`)).body;
    expect(book).toMatchObject({ name: 'Aparajito', rating: 0, quantity: 0 });

    const unchanged = await member.patch(`/api/books/${id}`, update);
    expect(unchanged.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
  });

  it('refuses an update without name or author, with the reason in error', async () => {
    const id = await addBook(member);
    const response = await member.patch<{ error: string; code: string }>(`/api/books/${id}`, {
      author: 'Someone',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/name/i);
    expect((await visitor.get<Book>(`/api/books/${id}`)).body.author).toBe(validBook.author);
  });

  it('answers 404 for updating, incrementing or reading a missing book', async () => {
    expect((await member.patch('/api/books/missing', validBook)).status).toBe(404);
    expect((await member.patch('/api/books/missing/increment')).status).toBe(404);
    const read = await visitor.get('/api/books/missing');
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ error: expect.any(String), code: 'BOOK_NOT_FOUND' });
  });

  it('adds one copy on increment, for members only', async () => {
    const id = await addBook(member, { quantity: 2 });
    expect((await visitor.patch(`/api/books/${id}/increment`)).status).toBe(401);
    const response = await member.patch(`/api/books/${id}/increment`);
    expect(response.status).toBe(200);
    expect((await visitor.get<Book>(`/api/books/${id}`)).body.quantity).toBe(3);
  });

  describe('copies one request makes (issue 33, item 1)', () => {
    it('refuses a book of a million copies at once, while the server goes on answering', async () => {
      const before = await visitor.get('/api/books');
      const refused = member.post<{ code: string; error: string; issues: { path: string }[] }>(
        '/api/books',
        { ...validBook, quantity: 1_000_000 },
      );
      // It once held every request for 17.7 s making copies, then answered 500. A generous
      // bound: the health check must not wait for work done per copy asked for.
      const started = performance.now();
      expect((await visitor.get('/api/health')).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
      const answer = await refused;
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION');
      expect(answer.body.error).toContain('At most 100 copies');
      expect(answer.body.issues.map((issue) => issue.path)).toEqual(['quantity']);
      const after = await visitor.get('/api/books');
      expect(after.headers['x-total-count']).toBe(before.headers['x-total-count']);
    });

    it('adds 100 copies with a book, and no more', async () => {
      const id = await addBook(member, { quantity: 100 });
      expect((await visitor.get<Book>(`/api/books/${id}`)).body.quantity).toBe(100);
      expect((await member.post('/api/books', { ...validBook, quantity: 101 })).status).toBe(400);
    });

    it('refuses an update moving the shelf by more than 100 copies, and changes nothing', async () => {
      const id = await addBook(member, { quantity: 1 });
      for (const quantity of [10_000, 102]) {
        const refused = await member.patch<{ code: string; error: string }>(`/api/books/${id}`, {
          ...validBook,
          name: 'Renamed in vain',
          quantity,
        });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ code: 'VALIDATION' });
        expect(refused.body.error).toContain('100 copies');
      }
      const kept = (await visitor.get<Book>(`/api/books/${id}`)).body;
      expect(kept).toMatchObject({ name: validBook.name, quantity: 1 });
      const raised = await member.patch(`/api/books/${id}`, { ...validBook, quantity: 101 });
      expect(raised.status).toBe(200);
      const lowered = await member.patch(`/api/books/${id}`, { ...validBook, quantity: 1 });
      expect(lowered.status).toBe(200);
      expect((await visitor.get<Book>(`/api/books/${id}`)).body.quantity).toBe(1);
    });
  });
});

describe.each(databaseKinds)('catalogue listing on %s', (kind) => {
  let server: TestApp;
  let member: Agent;
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startTestApp(kind);
    member = (await signUp(server.app)).agent;
    const books = [
      { name: 'Gitanjali', author: 'Rabindranath Tagore', category: 'Drama', quantity: 2 },
      { name: 'Nineteen Eighty-Four', author: 'George Orwell', category: 'Sci-Fi', quantity: 0 },
      { name: 'Foundation', author: 'Isaac Asimov', category: 'Sci-Fi', quantity: 4 },
      {
        name: 'The Murder of Roger Ackroyd',
        author: 'Agatha Christie',
        category: 'Thriller',
        quantity: 1,
      },
      { name: 'Sultana’s Dream', author: 'Begum Rokeya', category: 'Sci-Fi', quantity: 5 },
    ];
    for (const book of books) {
      const id = await addBook(member, { ...book, quantity: Math.max(book.quantity, 1) });
      if (book.quantity === 0) await member.patch(`/api/books/${id}`, { ...validBook, ...book });
      ids.push(id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  afterAll(() => server.close());

  it('lists every book newest first with the total in X-Total-Count', async () => {
    const response = await member.get<Book[]>('/api/books');
    expect(response.status).toBe(200);
    expect(response.body.map((book) => book._id)).toEqual([...ids].reverse());
    expect(response.headers['x-total-count']).toBe('5');
    expect(response.headers.link).toBeUndefined();
  });

  it('filters by category and by availability', async () => {
    const sciFi = await member.get<Book[]>('/api/books?category=Sci-Fi');
    expect(sciFi.body.map((book) => book.name)).toEqual([
      'Sultana’s Dream',
      'Foundation',
      'Nineteen Eighty-Four',
    ]);
    const available = await member.get<Book[]>('/api/books?category=Sci-Fi&available=true');
    expect(available.body.map((book) => book.name)).toEqual(['Sultana’s Dream', 'Foundation']);
    expect(available.headers['x-total-count']).toBe('2');
  });

  it('searches words in name or author, case-insensitively', async () => {
    const byAuthor = await member.get<Book[]>('/api/books?q=TAGORE');
    expect(byAuthor.body.map((book) => book.name)).toEqual(['Gitanjali']);
    const twoWords = await member.get<Book[]>('/api/books?q=roger%20christie');
    expect(twoWords.body.map((book) => book.name)).toEqual(['The Murder of Roger Ackroyd']);
    const wildcard = await member.get<Book[]>('/api/books?q=%25');
    expect(wildcard.body).toEqual([]);
    expect(wildcard.headers['x-total-count']).toBe('0');
  });

  it('pages with a cursor through Link headers until the end', async () => {
    const seen: string[] = [];
    let url: string | undefined = '/api/books?limit=2';
    let pages = 0;
    while (url) {
      const response: { body: Book[]; headers: Record<string, unknown> } =
        await member.get<Book[]>(url);
      expect(response.body.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.map((book) => book._id));
      const link = response.headers.link as string | undefined;
      url = link?.match(/<([^>]+)>; rel="next"/)?.[1];
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('pages by page number too', async () => {
    const second = await member.get<Book[]>('/api/books?limit=2&page=2');
    expect(second.body.map((book) => book._id)).toEqual([ids[2], ids[1]]);
    expect(second.headers.link).toBe('</api/books?limit=2&page=3>; rel="next"');
  });

  it.each([
    'limit=0',
    'limit=201',
    'limit=abc',
    'page=0',
    'cursor=not-a-cursor',
    'available=maybe',
  ])('answers 400 for %s', async (query) => {
    const response = await member.get(`/api/books?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION', error: expect.any(String) });
  });

  it('summarises categories with their counts and a cover', async () => {
    const response = await member.get<CategorySummary[]>('/api/categories');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { name: 'Drama', count: 1, image: validBook.image },
      { name: 'Sci-Fi', count: 3, image: validBook.image },
      { name: 'Thriller', count: 1, image: validBook.image },
    ]);
  });
});

describe.each(databaseKinds)('catalogue search on %s', (kind) => {
  let server: TestApp;
  let member: Agent;
  const namesOf = (books: Book[]) => books.map((book) => book.name);
  const search = async (q: string) =>
    namesOf((await member.get<Book[]>(`/api/books?q=${encodeURIComponent(q)}`)).body);

  beforeAll(async () => {
    server = await startTestApp(kind);
    member = (await signUp(server.app)).agent;
    const books = [
      { name: 'Gitanjali', author: 'Rabindranath Tagore' },
      { name: 'Cien años de soledad', author: 'Gabriel García Márquez' },
      { name: 'পথের পাঁচালী', author: 'বিভূতিভূষণ বন্দ্যোপাধ্যায়' },
      { name: 'গোরা', author: 'রবীন্দ্রনাথ ঠাকুর' },
      { name: 'The Murder of Roger Ackroyd', author: 'Agatha Christie' },
      { name: 'Fifty "Percent" 50% Off', author: 'A. N. Other' },
    ];
    for (const book of books) {
      await addBook(member, book);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  afterAll(() => server.close());

  it('finds a word by its beginning or by any part of it', async () => {
    expect(await search('tag')).toEqual(['Gitanjali']);
    expect(await search('anjali')).toEqual(['Gitanjali']);
    expect(await search('ack rog')).toEqual(['The Murder of Roger Ackroyd']);
  });

  it('matches words shorter than three letters, alone or with longer ones', async () => {
    expect(await search('of roger')).toEqual(['The Murder of Roger Ackroyd']);
    expect(await search('ño')).toEqual(['Cien años de soledad']);
    expect(await search('zz')).toEqual([]);
  });

  it('ignores case and the accents of Latin letters, both typed and stored', async () => {
    expect(await search('MARQUEZ')).toEqual(['Cien años de soledad']);
    expect(await search('García anos')).toEqual(['Cien años de soledad']);
    expect(await search('garcia márquez')).toEqual(['Cien años de soledad']);
  });

  it('finds Bengali words whole or in part, typed in either Unicode form', async () => {
    expect(await search('পাঁচালী')).toEqual(['পথের পাঁচালী']);
    expect(await search('বিভূতি')).toEqual(['পথের পাঁচালী']);
    // ো typed as one code point (U+09CB) or as its two parts (U+09C7 U+09BE).
    expect(await search('\u0997\u09CB\u09B0\u09BE')).toEqual(['গোরা']);
    expect(await search('\u0997\u09C7\u09BE\u09B0\u09BE')).toEqual(['গোরা']);
  });

  it('answers the same words alike in any order, case or number of times', async () => {
    const answer = async (q: string) => {
      const response = await member.get<Book[]>(`/api/books?q=${encodeURIComponent(q)}`);
      return { names: namesOf(response.body), total: response.headers['x-total-count'] };
    };
    const expected = { names: ['The Murder of Roger Ackroyd'], total: '1' };
    expect(await answer('roger christie')).toEqual(expected);
    expect(await answer('CHRISTIE Roger roger')).toEqual(expected);
    expect(await answer('christie  ROGER')).toEqual(expected);
  });

  it('takes quotes, wildcards and search syntax as characters that part words, never as syntax', async () => {
    expect(await search('50%')).toEqual(['Fifty "Percent" 50% Off']);
    expect(await search('"percent"')).toEqual(['Fifty "Percent" 50% Off']);
    expect(await search('tag*')).toEqual(['Gitanjali']);
    // Alone, they are no word, and find nothing.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('tagore OR christie')).toEqual([]);
    expect(await search('tagore NOT christie')).toEqual([]);
    expect(await search('{title} : christie')).toEqual([]);
  });

  it('answers matches newest first when asked, counted in X-Total-Count, page by page with a cursor', async () => {
    const all = await member.get<Book[]>('/api/books?q=a&sort=newest');
    expect(all.headers['x-total-count']).toBe(String(all.body.length));
    const dates = all.body.map((book) => book.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const seen: string[] = [];
    let url: string | undefined = '/api/books?q=a&sort=newest&limit=2';
    while (url) {
      const page: { body: Book[]; headers: Record<string, unknown> } =
        await member.get<Book[]>(url);
      expect(page.body.length).toBeLessThanOrEqual(2);
      expect(page.headers['x-total-count']).toBe(String(all.body.length));
      seen.push(...namesOf(page.body));
      url = (page.headers.link as string | undefined)?.match(/<([^>]+)>; rel="next"/)?.[1];
    }
    expect(seen).toEqual(namesOf(all.body));
    const second = await member.get<Book[]>('/api/books?q=a&sort=newest&limit=2&page=2');
    expect(namesOf(second.body)).toEqual(namesOf(all.body).slice(2, 4));
  });

  it('searches a renamed book by its new name only', async () => {
    const id = await addBook(member, { name: 'Shesher Kobita', author: 'Rabindranath Tagore' });
    await member.patch(`/api/books/${id}`, { name: 'Chokher Bali', author: 'Tagore' });
    expect(await search('kobita')).toEqual([]);
    expect(await search('chokher tagore')).toEqual(['Chokher Bali']);
  });

  it('narrows a search by category and by copies on the shelf', async () => {
    const rokeya = { author: 'Begum Rokeya', shortDescription: 'Essays.' };
    await addBook(member, { ...rokeya, name: 'Rokeya Reader', category: 'History' });
    const lent = await addBook(member, { ...rokeya, name: 'Rokeya Letters', category: 'Drama' });
    await member.patch(`/api/books/${lent}`, { ...rokeya, name: 'Rokeya Letters', quantity: 0 });
    expect(await search('rokeya')).toEqual(['Rokeya Letters', 'Rokeya Reader']);
    for (const [query, names] of [
      ['q=rokeya&category=History', ['Rokeya Reader']],
      ['q=rokeya&available=true', ['Rokeya Reader']],
      ['q=ro%20rokeya&category=Drama', ['Rokeya Letters']],
      ['q=rokeya&category=Drama&available=true', []],
    ] as const) {
      const response = await member.get<Book[]>(`/api/books?${query}`);
      expect(namesOf(response.body)).toEqual(names);
      expect(response.headers['x-total-count']).toBe(String(names.length));
    }
  });

  it('orders matches by when the books were added, whatever order they were written in', async () => {
    const { db } = server.app.database;
    for (const [name, addedOn] of [
      ['Anandamath Second', '2024-05-01T10:00:00.000Z'],
      ['Anandamath First', '2020-05-01T10:00:00.000Z'],
      ['Anandamath Third', '2025-05-01T10:00:00.000Z'],
    ] as const) {
      await insertBook(
        db,
        { ...validBook, category: 'Novel', name, author: 'Bankim' },
        new Date(addedOn),
      );
    }
    expect(await search('anandamath')).toEqual([
      'Anandamath Third',
      'Anandamath Second',
      'Anandamath First',
    ]);
  });

  it('pages through books added in the same millisecond, each once', async () => {
    const { db } = server.app.database;
    const sameMoment = new Date('2023-03-03T03:03:03.333Z');
    for (const name of ['Kapalkundala One', 'Kapalkundala Two', 'Kapalkundala Three']) {
      await insertBook(db, { ...validBook, category: 'Novel', name, author: 'Bankim' }, sameMoment);
    }
    const everyOne = await search('kapalkundala');
    expect([...everyOne].sort()).toEqual([
      'Kapalkundala One',
      'Kapalkundala Three',
      'Kapalkundala Two',
    ]);
    const paged: string[] = [];
    let url: string | undefined = '/api/books?q=kapalkundala&limit=1';
    while (url) {
      const page: { body: Book[]; headers: Record<string, unknown> } =
        await member.get<Book[]>(url);
      paged.push(...namesOf(page.body));
      url = (page.headers.link as string | undefined)?.match(/<([^>]+)>; rel="next"/)?.[1];
    }
    expect(paged).toEqual(everyOne);
  });
});

describe.each(databaseKinds)('category figures on %s', (kind) => {
  let server: TestApp;
  let member: Agent;

  const categories = async () =>
    (await member.get<CategorySummary[]>('/api/categories')).body.map(({ name, count }) => ({
      name,
      count,
    }));
  const total = async (query: string) =>
    (await member.get(`/api/books?${query}`)).headers['x-total-count'];

  beforeAll(async () => {
    server = await startTestApp(kind);
    member = (await signUp(server.app)).agent;
  });
  afterAll(() => server.close());

  it('stay right through adds, a change of category and concurrent adds', async () => {
    expect(await member.get('/api/categories')).toMatchObject({ status: 200, body: [] });
    expect(await total('')).toBe('0');

    const moved = await addBook(member, { category: 'Drama', image: '/covers/drama.svg' });
    await addBook(member, { category: 'Drama', image: '/covers/newest-drama.svg' });
    await member.patch(`/api/books/${moved}`, { ...validBook, category: 'History' });
    expect(await categories()).toEqual([
      { name: 'Drama', count: 1 },
      { name: 'History', count: 1 },
    ]);

    const adds = ['Novel', 'Novel', 'Thriller', 'History', 'Novel', 'Sci-Fi', 'Drama', 'Novel'];
    await Promise.all(adds.map((category) => addBook(member, { category })));
    expect(await categories()).toEqual([
      { name: 'Drama', count: 2 },
      { name: 'History', count: 2 },
      { name: 'Novel', count: 4 },
      { name: 'Sci-Fi', count: 1 },
      { name: 'Thriller', count: 1 },
    ]);
    expect(await total('')).toBe('10');
    expect(await total('category=Novel')).toBe('4');
    expect(await total('category=Poetry')).toBe('0');
  });

  it('show the cover of the newest book, and drop a category left empty', async () => {
    const only = await addBook(member, { category: 'Sci-Fi', image: '/covers/only.svg' });
    const sciFi = (await member.get<CategorySummary[]>('/api/categories')).body.find(
      (category) => category.name === 'Sci-Fi',
    );
    expect(sciFi).toEqual({ name: 'Sci-Fi', count: 2, image: '/covers/only.svg' });
    const [thriller] = (await member.get<Book[]>('/api/books?category=Thriller')).body;
    await member.patch(`/api/books/${thriller?._id}`, { ...validBook, category: 'Novel' });
    expect((await categories()).map(({ name }) => name)).not.toContain('Thriller');
    await member.patch(`/api/books/${only}`, { ...validBook, category: 'Thriller' });
    expect(await categories()).toContainEqual({ name: 'Thriller', count: 1 });
  });

  it('count the books on the shelf as copies are borrowed, returned and corrected', async () => {
    const id = await addBook(member, { category: 'History', quantity: 1 });
    const before = Number(await total('available=true'));
    expect(Number(await total('available=true&category=History'))).toBe(3);

    const dates = loanDates();
    const loan = await member.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId: id,
      ...dates,
    });
    expect(Number(await total('available=true'))).toBe(before - 1);
    await member.delete(`/api/borrowedBooks/${loan.body.insertedId}`);
    expect(Number(await total('available=true'))).toBe(before);

    await member.patch(`/api/books/${id}`, { ...validBook, quantity: 0, category: 'Drama' });
    expect(Number(await total('available=true'))).toBe(before - 1);
    expect(await total('available=true&category=History')).toBe('2');
    const listed = await member.get<Book[]>('/api/books?available=true&limit=200');
    expect(listed.body).toHaveLength(before - 1);
  });
});
