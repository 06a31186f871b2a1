import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../src/common/types.ts';
import {
  Agent,
  addBook,
  signUp,
  uniqueEmail,
  validBook,
  VALID_PASSWORD,
} from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(databaseKinds)('hostile input on %s', (kind) => {
  let server: TestApp;
  let member: Agent;
  let bookId: string;

  beforeAll(async () => {
    server = await startTestApp(kind);
    member = (await signUp(server.app)).agent;
    bookId = await addBook(member, { quantity: 2 });
  });
  afterAll(() => server.close());

  const snapshot = async () => ({
    books: (await member.get<Book[]>('/api/books?limit=200')).body,
    loans: (await member.get('/api/borrowedBooks')).body,
  });

  const raw = (method: string, url: string, payload: string, contentType = 'application/json') =>
    member.request({ method, url, payload, headers: { 'content-type': contentType } });

  it.each([
    ['malformed JSON', () => raw('POST', '/api/books', '{"name": "x",')],
    ['an empty JSON body', () => raw('POST', '/api/borrowedBooks', '')],
    ['a JSON array', () => raw('POST', '/api/books', '[1,2,3]')],
    ['JSON null', () => raw('PATCH', `/api/books/${'x'}`, 'null')],
    ['a string body', () => raw('POST', '/api/borrowedBooks', '"borrow"')],
    [
      'a form-encoded body',
      () => raw('POST', '/api/books', 'name=x', 'application/x-www-form-urlencoded'),
    ],
    [
      'a body of 1 MB',
      () => raw('POST', '/api/books', JSON.stringify({ name: 'x'.repeat(1024 * 1024) })),
    ],
    [
      'deeply nested JSON',
      () => raw('POST', '/api/books', `${'['.repeat(5000)}${']'.repeat(5000)}`),
    ],
    [
      'a prototype-polluting body',
      () => raw('POST', '/api/books', '{"__proto__": {"admin": true}, "name": "x"}'),
    ],
    [
      'invalid UTF-8',
      () =>
        member.request({
          method: 'POST',
          url: '/api/books',
          payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
          headers: { 'content-type': 'application/json' },
        }),
    ],
    [
      'an SQL injection in the id',
      () => member.get(`/api/books/${encodeURIComponent("' OR '1'='1")}`),
    ],
    ['a huge limit', () => member.get('/api/books?limit=99999999999999999999')],
    ['a negative page', () => member.get('/api/books?page=-1')],
    [
      'a forged cursor',
      () => member.get(`/api/books?cursor=${Buffer.from('["x"]').toString('base64url')}`),
    ],
    [
      'an object as book id',
      () =>
        member.post('/api/borrowedBooks', {
          bookId: { $ne: null },
          borrowedDate: '2026-01-01',
          returnDate: '2026-01-02',
        }),
    ],
    [
      'an injection as loan id',
      () => member.delete(`/api/borrowedBooks/${encodeURIComponent("1' OR '1'='1")}`),
    ],
    [
      'a rating as NaN text',
      () => member.patch(`/api/books/${'x'}`, { name: 'a', author: 'b', rating: 'NaN' }),
    ],
    ['a NUL in the book id', () => member.get('/api/books/%00')],
    ['a NUL in a book field', () => raw('POST', '/api/books', '{"name":"a\\u0000b"}')],
    [
      'a NUL in a sign-up e-mail',
      () =>
        raw(
          'POST',
          '/api/auth/sign-up/email',
          '{"name":"x","email":"a\\u0000@example.org","password":"Library123"}',
        ),
    ],
    ['an unknown method', () => member.request({ method: 'PUT', url: '/api/books' })],
  ])('answers %s with a JSON 4xx and changes nothing', async (_label, send) => {
    const before = await snapshot();
    const response = await send();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['category', "Novel' OR 1=1 --"],
    ['q', "'; DROP TABLE book; --"],
    ['q', '%'],
    ['category', '" OR ""="'],
  ])('treats an injection in %s as text that matches nothing', async (parameter, value) => {
    const before = await snapshot();
    const response = await member.get(`/api/books?${parameter}=${encodeURIComponent(value)}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps injection-like text as plain data', async () => {
    const name = `Robert'); DROP TABLE book;--`;
    const shortDescription = '<script>alert(1)</script>';
    const id = await addBook(member, { name, shortDescription });
    const book = (await member.get<Book>(`/api/books/${id}`)).body;
    expect([book.name, book.shortDescription]).toEqual([name, shortDescription]);
    expect(
      (await member.get<Book[]>(`/api/books?q=${encodeURIComponent('drop table')}`)).body.map(
        (book) => book._id,
      ),
    ).toEqual([id]);
  });

  it('still answers the book it had', async () => {
    expect((await member.get<Book>(`/api/books/${bookId}`)).body.quantity).toBe(2);
  });

  /** What a name may not hold (issue 30): markup, and control characters that break a mail's lines. */
  const UNSAFE_NAMES = [
    ['markup', '<b id="inj">Mallory</b><style>body{display:none}</style>'],
    ['a lone >', 'Mallory > Alice'],
    ['a line break', 'Mallory\nPlease restore your card at https://phish.example'],
    ['a carriage return', 'Mallory\rX'],
    ['a line separator', 'Mallory\u2028Restore your card'],
    ['a paragraph separator', 'Mallory\u2029Restore your card'],
    ['a bell', 'Mallory\u0007'],
    ['a C1 control', 'Mallory\u0085next'],
    // Bidirectional controls reverse the text after them on the desk and in receipts (issue 33).
    ['a right-to-left override', 'Mallory\u202Egnp.exe'],
    ['a left-to-right embedding', 'Mallory\u202Ax'],
    ['a right-to-left isolate', 'Mallory\u2067x\u2069'],
    ['a right-to-left mark', 'Mallory\u200F'],
  ] as const;

  it.each(UNSAFE_NAMES)('refuses a book named with %s, and an author too', async (_label, name) => {
    const before = await snapshot();
    for (const field of ['name', 'author']) {
      const added = await member.post('/api/books', { ...validBook, [field]: name });
      expect(added.status).toBe(400);
      expect(added.body).toMatchObject({ code: 'VALIDATION', issues: [{ path: field }] });
    }
    const updated = await member.patch(`/api/books/${bookId}`, { ...validBook, name });
    expect(updated.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it.each(UNSAFE_NAMES)('refuses a member named with %s', async (_label, name) => {
    const visitor = new Agent(server.app);
    const email = uniqueEmail('unsafe');
    const signedUp = await visitor.post('/api/auth/sign-up/email', {
      name,
      email,
      password: VALID_PASSWORD,
    });
    expect(signedUp.status).toBe(400);
    expect(signedUp.body).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'name' }] });
    const renamed = await member.post('/api/auth/update-user', { name });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'name' }] });
    const session = await member.get<{ user: { name: string } }>('/api/auth/get-session');
    expect(session.body.user.name).toBe('Test Member');
  });

  it('takes names in any script, with their punctuation', async () => {
    // The zero-width non-joiner and joiner are part of Bengali spelling.
    const name = 'রবীন্দ্রনাথ ঠাকুর & Co. — "Gitanjali" (1910), l’été, র‌্যাব, ক্‍ষ';
    const id = await addBook(member, { name, author: name });
    expect((await member.get<Book>(`/api/books/${id}`)).body.name).toBe(name);
    expect((await member.post('/api/auth/update-user', { name })).status).toBe(200);
    await member.post('/api/auth/update-user', { name: 'Test Member' });
  });
});
