/**
 * What a shared cache (a proxy, a CDN) may keep (issue 16, items 3 and 4): answers that depend on
 * who asks are `no-store` and vary by the credentials; the catalogue keeps its caching; the XSRF
 * cookie rides only on answers nobody else can be handed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsertResult } from '../../src/common/types.ts';
import { buildApp } from '../../src/server/app.ts';
import { Agent, addBook, signUp, uniqueEmail, validBook } from '../support/agent.ts';
import type { AgentResponse } from '../support/agent.ts';
import {
  createTestDatabase,
  databaseKinds,
  startTestApp,
  testConfig,
  type TestApp,
} from '../support/test-app.ts';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function expectPrivate(label: string, response: AgentResponse) {
  expect(response.headers['cache-control'], label).toMatch(/\bno-store\b/);
  const vary = String(response.headers.vary ?? '').toLowerCase();
  expect(vary, label).toMatch(/\bcookie\b/);
  expect(vary, label).toMatch(/\bauthorization\b/);
}

const setsXsrfCookie = (response: { headers: AgentResponse['headers'] }) =>
  ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .some((cookie) => cookie.startsWith('XSRF-TOKEN='));

describe.each(databaseKinds)('answers that depend on who asks, on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it('are never kept by a shared cache: loans, the check, writes, auth', async () => {
    const { agent, email } = await signUp(server.app);
    const bookId = await addBook(agent, { quantity: 2 });
    const answers: [string, AgentResponse][] = [
      ['add', await agent.post('/api/books', validBook)],
      ['update', await agent.patch(`/api/books/${bookId}`, { ...validBook, name: 'Updated' })],
      ['increment', await agent.patch(`/api/books/${bookId}/increment`)],
      ['check', await agent.get(`/api/borrowedBooks/check?bookId=${bookId}`)],
    ];
    const borrow = await agent.post<InsertResult>('/api/borrowedBooks', {
      bookId,
      borrowedDate: day(0),
      returnDate: day(7),
    });
    answers.push(['borrow', borrow]);
    answers.push(['loans', await agent.get('/api/borrowedBooks')]);
    answers.push(['return', await agent.delete(`/api/borrowedBooks/${borrow.body.insertedId}`)]);
    answers.push(['session', await agent.get('/api/auth/get-session')]);
    answers.push(['sign-out', await agent.post('/api/auth/sign-out', {})]);
    const visitor = new Agent(server.app);
    answers.push(['visitor loans', await visitor.get('/api/borrowedBooks')]);
    answers.push(['visitor session', await visitor.get('/api/auth/get-session')]);
    answers.push([
      'sign-in',
      await visitor.post('/api/auth/sign-in/email', { email, password: 'Library123' }),
    ]);
    answers.push([
      'sign-up',
      await new Agent(server.app).post('/api/auth/sign-up/email', {
        name: 'Nasrin',
        email: uniqueEmail(),
        password: 'Library123',
      }),
    ]);
    expect(answers.map(([label, response]) => [label, response.status < 500])).toEqual(
      answers.map(([label]) => [label, true]),
    );
    for (const [label, response] of answers) expectPrivate(label, response);
  });

  it('leave the catalogue’s answers as they were: the same for everyone', async () => {
    const { agent } = await signUp(server.app);
    const bookId = await addBook(agent);
    for (const url of ['/api/books', '/api/categories', `/api/books/${bookId}`]) {
      for (const response of [await agent.get(url), await new Agent(server.app).get(url)]) {
        expect(response.status, url).toBe(200);
        expect(String(response.headers['cache-control'] ?? ''), url).not.toMatch(
          /no-store|private/,
        );
        expect(String(response.headers.vary ?? '').toLowerCase(), url).not.toMatch(/cookie/);
        expect(setsXsrfCookie(response), url).toBe(false);
      }
    }
  });

  it('hand out the XSRF cookie, which the catalogue’s shared answers do not', async () => {
    for (const url of ['/api/health', '/api/auth/get-session', '/api/borrowedBooks']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(setsXsrfCookie(response), url).toBe(true);
      expect(response.headers['cache-control'], url).toMatch(/no-store/);
    }
  });
});

describe('the XSRF cookie and the built client', () => {
  let clientDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  /** A book that exists: an unknown book's page answers 404 since issue 14. */
  let bookId: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'pathagar-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>Pathagar</title></head><body></body></html>',
    );
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1);');
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>');
    const database = await createTestDatabase('sqlite');
    drop = database.drop;
    app = await buildApp({ ...testConfig(database.url), clientDir }, { logger: false });
    bookId = await addBook((await signUp(app)).agent);
  });
  afterAll(async () => {
    await app.close();
    await drop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it.each(['/assets/app-abc123.js', '/favicon.svg', '/', '/books/:id'])(
    'is not set on %s, which a shared cache may keep',
    async (pattern) => {
      const url = pattern.replace(':id', bookId);
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(setsXsrfCookie(response)).toBe(false);
    },
  );
});
