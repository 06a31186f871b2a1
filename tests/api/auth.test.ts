import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  VALID_PASSWORD,
  addBook,
  signUp,
  uniqueEmail,
  validBook,
} from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const registration = (email: string, password = VALID_PASSWORD) => ({
  name: 'Nasrin Akter',
  email,
  password,
  image: '/images/avatar-placeholder.svg',
});

describe.each(databaseKinds)('sign-in and sessions on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it('signs a new member up with name, e-mail and photo, and starts a session', async () => {
    const agent = new Agent(server.app);
    const email = uniqueEmail();
    const response = await agent.post('/api/auth/sign-up/email', registration(email));
    expect(response.status).toBe(200);
    const session = await agent.get<{ user: { name: string; email: string; image: string } }>(
      '/api/auth/get-session',
    );
    expect(session.body.user).toMatchObject({
      name: 'Nasrin Akter',
      email,
      image: '/images/avatar-placeholder.svg',
    });
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const agent = new Agent(server.app);
    const response = await agent.post('/api/auth/sign-up/email', registration(uniqueEmail()));
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const sessionCookie = cookies.find((cookie) => cookie.startsWith('pathagar.session_token='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
  });

  it.each(['short', 'alllowercase1', 'ALLUPPERCASE1', 'Ab1'])(
    'refuses the weak password %s',
    async (password) => {
      const agent = new Agent(server.app);
      const email = uniqueEmail();
      const response = await agent.post('/api/auth/sign-up/email', registration(email, password));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.any(String), code: 'WEAK_PASSWORD' });
      const signIn = await agent.post('/api/auth/sign-in/email', { email, password });
      expect(signIn.status).toBe(401);
    },
  );

  it('refuses a second account with the same e-mail as EMAIL_EXISTS', async () => {
    const email = uniqueEmail();
    await new Agent(server.app).post('/api/auth/sign-up/email', registration(email));
    const again = await new Agent(server.app).post('/api/auth/sign-up/email', registration(email));
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(again.body).toMatchObject({ code: 'EMAIL_EXISTS', error: expect.any(String) });
  });

  it('signs in with the right password only', async () => {
    const { email } = await signUp(server.app);
    const wrong = await new Agent(server.app).post('/api/auth/sign-in/email', {
      email,
      password: 'Wrong123',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const agent = new Agent(server.app);
    const right = await agent.post('/api/auth/sign-in/email', { email, password: VALID_PASSWORD });
    expect(right.status).toBe(200);
    expect((await agent.get('/api/borrowedBooks')).status).toBe(200);
  });

  it('ends the session on the server at sign-out', async () => {
    const { agent } = await signUp(server.app);
    const token = agent.cookie('pathagar.session_token');
    expect((await agent.post('/api/auth/sign-out', {})).status).toBe(200);
    const replay = new Agent(server.app);
    await replay.get('/api/health');
    const response = await replay.request({
      method: 'GET',
      url: '/api/borrowedBooks',
      headers: { cookie: `pathagar.session_token=${token}` },
    });
    expect(response.status).toBe(401);
  });

  it('accepts a bearer token from a non-browser client without any cookie', async () => {
    const email = uniqueEmail();
    const signUpResponse = await new Agent(server.app).post(
      '/api/auth/sign-up/email',
      registration(email),
    );
    const token = signUpResponse.headers['set-auth-token'];
    expect(token).toEqual(expect.any(String));
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: { authorization: `Bearer ${token}` },
      payload: validBook,
    });
    expect(response.statusCode).toBe(201);
  });

  describe('XSRF double-submit check', () => {
    it('sets a readable XSRF-TOKEN cookie on a first visit', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/health' });
      const cookie = ([] as string[])
        .concat(response.headers['set-cookie'] ?? [])
        .find((value) => value.startsWith('XSRF-TOKEN='));
      expect(cookie).toBeDefined();
      expect(cookie).not.toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    });

    it('refuses a cookie-authenticated change without the header, and changes nothing', async () => {
      const { agent } = await signUp(server.app);
      const bookId = await addBook(agent, { quantity: 2 });
      agent.sendXsrf = false;
      const refused = await agent.post('/api/borrowedBooks', {
        bookId,
        borrowedDate: '2026-11-21',
        returnDate: '2026-11-30',
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'CSRF' });
      const forged = await agent.request({
        method: 'PATCH',
        url: `/api/books/${bookId}`,
        headers: { 'x-xsrf-token': 'forged' },
        payload: { ...validBook, name: 'Forged' },
      });
      expect(forged.status).toBe(403);
      agent.sendXsrf = true;
      expect(
        (await agent.get<{ name: string; quantity: number }>(`/api/books/${bookId}`)).body,
      ).toMatchObject({
        name: validBook.name,
        quantity: 2,
      });
    });
  });
});

describe.each(databaseKinds)('sign-in rate limit on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind, { AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => server.close());

  const attempt = (address: string, headers: Record<string, string> = {}) =>
    new Agent(server.app, address).request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email: 'nobody@example.org', password: 'Wrong123' },
    });

  it('answers 429 RATE_LIMITED past the limit for one address, not for others', async () => {
    for (let index = 0; index < 3; index += 1) expect((await attempt('10.0.0.1')).status).toBe(401);
    const limited = await attempt('10.0.0.1');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.any(String) });
    expect((await attempt('10.0.0.2')).status).toBe(401);
  });

  it('never limits reading the session, which every page load does', async () => {
    const agent = new Agent(server.app, '10.0.0.9');
    const answers = await Promise.all(
      Array.from({ length: 150 }, () => agent.get('/api/auth/get-session')),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });

  it('ignores forged X-Forwarded-For and client-IP headers from an untrusted peer', async () => {
    for (let index = 0; index < 3; index += 1) {
      await attempt('10.0.0.3', {
        'x-forwarded-for': `192.0.2.${index}`,
        'x-pathagar-client-ip': `198.51.100.${index}`,
      });
    }
    const limited = await attempt('10.0.0.3', {
      'x-forwarded-for': '192.0.2.99',
      'x-pathagar-client-ip': '198.51.100.99',
    });
    expect(limited.status).toBe(429);
  });
});

describe('sign-in rate limit behind a trusted proxy', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp('sqlite', { AUTH_RATE_LIMIT: '2', TRUST_PROXY: '10.1.1.1' });
  });
  afterAll(() => server.close());

  it('keys on the address the trusted proxy forwards', async () => {
    const fromClient = (client: string) =>
      new Agent(server.app, '10.1.1.1').request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'x-forwarded-for': client },
        payload: { email: 'nobody@example.org', password: 'Wrong123' },
      });
    await fromClient('203.0.113.5');
    await fromClient('203.0.113.5');
    expect((await fromClient('203.0.113.5')).status).toBe(429);
    expect((await fromClient('203.0.113.6')).status).toBe(401);
  });
});
