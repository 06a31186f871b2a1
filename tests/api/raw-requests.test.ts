/**
 * What an outside review sent over raw sockets (issue 16): other spellings of a path, absolute-form
 * request lines, slow and malformed requests. Each answer is the app's own, `{ error, code }` with
 * the API's security headers, and nothing is changed without the XSRF token.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/common/error-codes.ts';
import type { Book } from '../../src/common/types.ts';
import { addBook, signUp, validBook, type Agent } from '../support/agent.ts';
import {
  listenLocally,
  openSocket,
  parseResponse,
  rawRequest,
  readUntilClosed,
  type RawResponse,
} from '../support/raw-http.ts';
import {
  appWithClientFiles,
  databaseKinds,
  startTestApp,
  type TestApp,
} from '../support/test-app.ts';

const SESSION_COOKIE = 'pathagar.session_token';
const json = JSON.stringify(validBook);

/** The Cookie header of a signed-in member's raw request. */
const sessionCookies = (agent: Agent) =>
  [SESSION_COOKIE, 'XSRF-TOKEN'].map((name) => `${name}=${agent.cookie(name)}`).join('; ');

/** The app's error shape, with the headers every API answer carries. */
function expectAppError(response: RawResponse, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as { error: unknown; code: unknown };
  expect(body).toEqual({ error: expect.any(String), code: expect.any(String) });
  expect(ERROR_CODES).toContain(body.code);
  expect(response.headers['content-security-policy']).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  return body;
}

describe.each(databaseKinds)('the XSRF check over raw request lines on %s', (kind) => {
  let server: TestApp;
  let port: number;
  let member: Agent;
  let bookId: string;
  let sessionOnly: string;

  beforeAll(async () => {
    server = await startTestApp(kind);
    port = await listenLocally(server.app);
    member = (await signUp(server.app)).agent;
    bookId = await addBook(member, { quantity: 2 });
    // What a forged cross-site request carries: the session cookie, and no X-XSRF-TOKEN header.
    sessionOnly = `Cookie: ${SESSION_COOKIE}=${member.cookie(SESSION_COOKIE)}\r\n`;
  });
  afterAll(() => server.close());

  const quantity = async () => (await member.get<Book>(`/api/books/${bookId}`)).body.quantity;
  const total = async () => (await member.get('/api/books')).headers['x-total-count'];
  const withBody = `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n`;

  it.each([
    ['the path spelled with an escape', `/%61pi/books/{id}/increment`],
    ['an absolute-form request line', `http://localhost/api/books/{id}/increment`],
    ['an absolute-form line with an escaped path', `http://localhost/%61p%69/books/{id}/increment`],
  ])('refuses an increment by %s without the token', async (_label, target) => {
    const response = await rawRequest(
      port,
      `PATCH ${target.replace('{id}', bookId)} HTTP/1.1\r\nHost: localhost\r\n${sessionOnly}Connection: close\r\n\r\n`,
    );
    expect(expectAppError(response, 403).code).toBe('CSRF');
    expect(await quantity()).toBe(2);
  });

  it.each([
    ['the path spelled with an escape', '/%61pi/books'],
    ['an absolute-form request line', 'http://localhost/api/books'],
  ])('refuses adding a book by %s without the token', async (_label, target) => {
    const before = await total();
    const response = await rawRequest(
      port,
      `POST ${target} HTTP/1.1\r\nHost: localhost\r\n${sessionOnly}${withBody}Connection: close\r\n\r\n${json}`,
    );
    expect(expectAppError(response, 403).code).toBe('CSRF');
    expect(await total()).toBe(before);
  });

  it('routes the escaped spelling to the same route, which works with the token', async () => {
    const before = await quantity();
    const xsrf = member.cookie('XSRF-TOKEN');
    const response = await rawRequest(
      port,
      `PATCH /%61pi/books/${bookId}/increment HTTP/1.1\r\nHost: localhost\r\nCookie: ${SESSION_COOKIE}=${member.cookie(SESSION_COOKIE)}; XSRF-TOKEN=${xsrf}\r\nX-XSRF-TOKEN: ${xsrf}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(200);
    expect(await quantity()).toBe(before + 1);
  });
});

describe('slow clients', () => {
  let server: TestApp;
  let port: number;

  beforeAll(async () => {
    server = await startTestApp('sqlite', {
      REQUEST_TIMEOUT: '2',
      HEADERS_TIMEOUT: '1',
      KEEP_ALIVE_TIMEOUT: '1',
    });
    port = await listenLocally(server.app);
  });
  afterAll(() => server.close());

  /** Writes one byte of `text` every `everyMs` until the socket closes. */
  function trickle(socket: Awaited<ReturnType<typeof openSocket>>, text: string, everyMs: number) {
    let at = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || at >= text.length) clearInterval(timer);
      else socket.write(text[at++] ?? '');
    }, everyMs);
    socket.on('close', () => clearInterval(timer));
  }

  it('closes a socket that trickles a body, with a 408 in the API’s shape', async () => {
    // A member's: a visitor's request is refused before its body is read (the next test).
    const { agent } = await signUp(server.app);
    const socket = await openSocket(port);
    const closed = readUntilClosed(socket, 8000);
    const started = Date.now();
    socket.write(
      `POST /api/books HTTP/1.1\r\nHost: localhost\r\nCookie: ${sessionCookies(agent)}\r\n` +
        `X-XSRF-TOKEN: ${agent.cookie('XSRF-TOKEN')}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n`,
    );
    trickle(socket, json, 200);
    const response = parseResponse(await closed);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(expectAppError(response, 408).code).toBe('REQUEST_TIMEOUT');
  });

  it('refuses a visitor’s body before reading it, whatever its pace', async () => {
    // The XSRF token of a member's browser, without the member's session.
    const { agent } = await signUp(server.app);
    const xsrf = agent.cookie('XSRF-TOKEN');
    const socket = await openSocket(port);
    const closed = readUntilClosed(socket, 8000);
    socket.write(
      `POST /api/books HTTP/1.1\r\nHost: localhost\r\nCookie: XSRF-TOKEN=${xsrf}\r\n` +
        `X-XSRF-TOKEN: ${xsrf}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${json.length}\r\nConnection: close\r\n\r\n`,
    );
    trickle(socket, json, 200);
    const response = parseResponse(await closed);
    expect(expectAppError(response, 401).code).toBe('UNAUTHORIZED');
  });

  it('closes a socket that trickles an image upload, with a 408', async () => {
    const { agent } = await signUp(server.app);
    const part = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${'a'.repeat(500)}`;
    const socket = await openSocket(port);
    const closed = readUntilClosed(socket, 8000);
    socket.write(
      `POST /api/images HTTP/1.1\r\nHost: localhost\r\nCookie: ${sessionCookies(agent)}\r\n` +
        `X-XSRF-TOKEN: ${agent.cookie('XSRF-TOKEN')}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n`,
    );
    trickle(socket, part, 100);
    const response = parseResponse(await closed);
    expect(expectAppError(response, 408).code).toBe('REQUEST_TIMEOUT');
  });

  it('closes a socket that trickles its headers', async () => {
    const socket = await openSocket(port);
    const closed = readUntilClosed(socket, 8000);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    trickle(socket, `X-Slow: ${'a'.repeat(100)}`, 200);
    const response = parseResponse(await closed);
    expect(expectAppError(response, 408).code).toBe('REQUEST_TIMEOUT');
  });

  it('closes a kept-alive socket that stays idle after its answer', async () => {
    const socket = await openSocket(port);
    const closed = readUntilClosed(socket, 8000);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const received = await closed;
    expect(parseResponse(received).status).toBe(200);
  });
});

describe('malformed and oversized requests', () => {
  let server: TestApp;
  let port: number;

  beforeAll(async () => {
    server = await startTestApp('sqlite');
    port = await listenLocally(server.app);
  });
  afterAll(() => server.close());

  const get = (target: string) =>
    rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);

  it('answers a malformed percent-escape with a 400, without echoing the path', async () => {
    const response = await get('/api/books/%F0%9F%98');
    expect(expectAppError(response, 400).code).toBe('VALIDATION');
    expect(response.body).not.toContain('%F0');
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('answers an over-long path parameter with a 414', async () => {
    const response = await get(`/api/books/${'a'.repeat(150)}`);
    expect(expectAppError(response, 414).code).toBe('URI_TOO_LONG');
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('answers a 20 KB query with a 431 that has a code', async () => {
    const response = await get(`/api/books?q=${'a'.repeat(20_000)}`);
    expect(expectAppError(response, 431).code).toBe('HEADERS_TOO_LARGE');
  });

  it('answers an asterisk-form request line in the API’s shape', async () => {
    const response = await rawRequest(
      port,
      'OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a request line that is not HTTP with a 400 in the API’s shape', async () => {
    const response = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expect(expectAppError(response, 400).code).toBe('VALIDATION');
  });
});

describe('an over-long page path', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await appWithClientFiles({
      'index.html': '<!doctype html><html><head><title>Pathagar</title></head><body></body></html>',
      'assets/.keep': '',
    }));
  });
  afterAll(() => close());

  it('is answered like any other unknown page', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/no/such/page' });
    const long = await app.inject({ method: 'GET', url: `/${'a'.repeat(300)}` });
    expect(long.statusCode).toBe(unknown.statusCode);
    expect(long.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(long.body).toBe(unknown.body);
  });
});
