import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, CategorySummary } from '../../src/common/types.ts';
import { Agent, addBook, signUp, validBook } from '../support/agent.ts';
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
