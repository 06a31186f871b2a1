/**
 * The session token stays where the page's script cannot read it (issue 16, item 7): in the
 * httpOnly cookie. Answers to a browser's requests (they carry cookies) never show it; a client
 * that sends no cookies asks for a bearer token, and gets one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, VALID_PASSWORD, signUp, uniqueEmail } from '../support/agent.ts';
import type { AgentResponse } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const SESSION_COOKIE = 'pathagar.session_token';

/** The token's value, as the cookie holds it and as it travels undecoded. */
const tokenParts = (cookie: string) => [cookie, decodeURIComponent(cookie), cookie.split('.')[0]];

function expectNoToken(label: string, response: AgentResponse, cookie: string) {
  expect(response.status, label).toBe(200);
  expect(response.headers['set-auth-token'], label).toBeUndefined();
  expect(String(response.headers['access-control-expose-headers'] ?? ''), label).not.toMatch(
    /set-auth-token/i,
  );
  const text = JSON.stringify(response.body);
  for (const part of tokenParts(cookie)) expect(text, label).not.toContain(part);
  expect(text, label).not.toMatch(/"token"/);
}

describe.each(databaseKinds)('the session token on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it('is in no answer a browser’s script can read: sign-up, sign-in, session, sessions', async () => {
    const browser = new Agent(server.app);
    await browser.get('/api/health');
    const email = uniqueEmail();
    const signedUp = await browser.post('/api/auth/sign-up/email', {
      name: 'Nasrin',
      email,
      password: VALID_PASSWORD,
    });
    expectNoToken('sign-up', signedUp, browser.cookie(SESSION_COOKIE) ?? '');
    await browser.post('/api/auth/sign-out', {});

    const signedIn = await browser.post('/api/auth/sign-in/email', {
      email,
      password: VALID_PASSWORD,
    });
    const cookie = browser.cookie(SESSION_COOKIE) ?? '';
    expect(cookie).not.toBe('');
    expectNoToken('sign-in', signedIn, cookie);

    const session = await browser.get<{ session: object; user: { email: string } }>(
      '/api/auth/get-session',
    );
    expectNoToken('get-session', session, cookie);
    expect(session.body.user.email).toBe(email);
    expect(session.body.session).toMatchObject({ id: expect.any(String) });

    expectNoToken('list-sessions', await browser.get('/api/auth/list-sessions'), cookie);
    // The cookie itself still signs the member in.
    expect((await browser.get('/api/borrowedBooks')).status).toBe(200);
  });

  it('is given to a client that sends no cookies, and works as a bearer token', async () => {
    const { email } = await signUp(server.app);
    const signedIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: VALID_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.headers['set-auth-token'];
    expect(token).toEqual(expect.any(String));
    const asBearer = { authorization: `Bearer ${String(token)}` };
    const loans = await server.app.inject({
      method: 'GET',
      url: '/api/borrowedBooks',
      headers: asBearer,
    });
    expect(loans.statusCode).toBe(200);
    const session = await server.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: asBearer,
    });
    expect(session.json()).toMatchObject({ user: { email } });
  });
});
