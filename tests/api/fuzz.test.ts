/**
 * Every endpoint fed arbitrary input: wrong types, deep and huge JSON, odd Unicode, broken
 * percent-encoding, injection strings. The answer is never a 500; an error is always a JSON 4xx
 * with a code, and a refused request changes nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBook, signUp, type Agent } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const nasty = fc.constantFrom(
  "' OR '1'='1",
  '"; DROP TABLE loan; --',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '%FF%FE',
  '%C0%AF',
  '%00',
  '../../etc/passwd',
  '\u0000',
  '\uD800',
  '𝔓𝔞𝔱𝔥𝔞𝔤𝔞𝔯',
  'পাঠাগার',
  '9'.repeat(400),
  '{"$ne":null}',
);
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  nasty,
);
/** A path segment: mostly encoded, sometimes raw and possibly broken percent-encoding. */
const percentEncode = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
const segment = fc.oneof(text.map(percentEncode), nasty);
const deep = fc
  .integer({ min: 50, max: 3000 })
  .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc
    .dictionary(
      fc.constantFrom(
        'name',
        'author',
        'category',
        'quantity',
        'rating',
        'shortDescription',
        'image',
        'content',
        'isbn',
        'publisher',
        'publishedYear',
        'language',
        'bookId',
        'borrowedDate',
        'returnDate',
        'email',
        'password',
        '__proto__',
        'constructor',
      ),
      fc.oneof(fc.jsonValue({ maxDepth: 2 }), text),
    )
    .map((value) => JSON.stringify(value)),
  text,
  deep,
);
const query = fc
  .dictionary(
    fc.constantFrom(
      'category',
      'available',
      'q',
      'limit',
      'cursor',
      'page',
      'bookId',
      'email',
      'x',
    ),
    segment,
    { maxKeys: 4 },
  )
  .map((params) =>
    Object.entries(params)
      .map(([key, value]) => `${key}=${value}`)
      .join('&'),
  );

type Call = { method: string; url: string; payload?: string };
const endpoints = (bookId: string): fc.Arbitrary<Call>[] => [
  query.map((q) => ({ method: 'GET', url: `/api/books?${q}` })),
  segment.map((id) => ({ method: 'GET', url: `/api/books/${id}` })),
  body.map((payload) => ({ method: 'POST', url: '/api/books', payload })),
  body.map((payload) => ({ method: 'PATCH', url: `/api/books/${bookId}`, payload })),
  segment.map((id) => ({ method: 'PATCH', url: `/api/books/${id}/increment` })),
  query.map((q) => ({ method: 'GET', url: `/api/borrowedBooks/check?${q}` })),
  query.map((q) => ({ method: 'GET', url: `/api/borrowedBooks?${q}` })),
  body.map((payload) => ({ method: 'POST', url: '/api/borrowedBooks', payload })),
  segment.map((id) => ({ method: 'DELETE', url: `/api/borrowedBooks/${id}` })),
  query.map((q) => ({ method: 'GET', url: `/api/borrowedBooks/history?${q}` })),
  segment.map((id) => ({ method: 'POST', url: `/api/borrowedBooks/${id}/renew` })),
  body.map((payload) => ({ method: 'POST', url: '/api/holds', payload })),
  segment.map((id) => ({ method: 'DELETE', url: `/api/holds/${id}` })),
  body.map((payload) => ({ method: 'PATCH', url: '/api/profile/notice-choices', payload })),
  query.map((q) => ({ method: 'GET', url: `/api/profile/notices?${q}` })),
  query.map((q) => ({ method: 'GET', url: `/api/profile/data?${q}` })),
  body.map((payload) => ({ method: 'POST', url: '/api/auth/sign-in/email', payload })),
  body.map((payload) => ({ method: 'POST', url: '/api/auth/sign-up/email', payload })),
];

describe.each(databaseKinds)('fuzzing every endpoint on %s', (kind) => {
  let server: TestApp;
  let member: Agent;
  let bookId: string;

  beforeAll(async () => {
    server = await startTestApp(kind);
    member = (await signUp(server.app)).agent;
    bookId = await addBook(member, { quantity: 2 });
  });
  afterAll(() => server.close());

  const snapshot = async () => {
    const { db } = server.app.database;
    return {
      books: await db.selectFrom('book').selectAll().orderBy('id').execute(),
      loans: await db.selectFrom('loan').selectAll().orderBy('id').execute(),
      holds: await db.selectFrom('hold').selectAll().orderBy('id').execute(),
      noticeChoices: await db
        .selectFrom('noticeOptOut')
        .selectAll()
        .orderBy('userId')
        .orderBy('kind')
        .execute(),
    };
  };

  it('never answers 500, and a refused request changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(...endpoints(bookId)), async (call) => {
        const before = await snapshot();
        const response = await member.request({
          ...call,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          expect(response.body).toMatchObject({
            error: expect.any(String),
            code: expect.any(String),
          });
          expect(await snapshot()).toEqual(before);
        }
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
