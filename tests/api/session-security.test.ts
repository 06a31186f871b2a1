import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_PER_ADDRESS } from '../../src/server/auth/password-hashing.ts';
import { Agent, VALID_PASSWORD, signUp, uniqueEmail } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const SESSION_COOKIE = 'pathagar.session_token';

describe.each(databaseKinds)('session security on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  const signIn = async (email: string) => {
    const agent = new Agent(server.app);
    await agent.get('/api/health');
    const response = await agent.post('/api/auth/sign-in/email', {
      email,
      password: VALID_PASSWORD,
    });
    expect(response.status).toBe(200);
    return agent;
  };

  it('issues a new session at every sign-in', async () => {
    const { agent, email } = await signUp(server.app);
    const first = agent.cookie(SESSION_COOKIE);
    const second = (await signIn(email)).cookie(SESSION_COOKIE);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('signs out a member whose sessions were revoked, on their next request', async () => {
    const { agent, email } = await signUp(server.app);
    expect((await agent.get('/api/borrowedBooks')).status).toBe(200);
    const { db } = server.app.database;
    await sql`delete from ${sql.table('session')} where ${sql.ref('userId')} in (select id from ${sql.table('user')} where email = ${email})`.execute(
      db,
    );
    const response = await agent.get('/api/borrowedBooks');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('signs out a member whose account was removed, on their next request', async () => {
    const { agent, email } = await signUp(server.app);
    const { db } = server.app.database;
    await sql`delete from ${sql.table('session')} where ${sql.ref('userId')} in (select id from ${sql.table('user')} where email = ${email})`.execute(
      db,
    );
    await sql`delete from ${sql.table('account')} where ${sql.ref('userId')} in (select id from ${sql.table('user')} where email = ${email})`.execute(
      db,
    );
    await sql`delete from ${sql.table('user')} where email = ${email}`.execute(db);
    expect((await agent.get('/api/borrowedBooks')).status).toBe(401);
  });

  it('stores passwords only as a salted slow hash', async () => {
    const { email } = await signUp(server.app);
    const { db } = server.app.database;
    const rows = await sql<{
      password: string;
    }>`select a.password from ${sql.table('account')} a join ${sql.table('user')} u on u.id = a.${sql.ref('userId')} where u.email = ${email}`.execute(
      db,
    );
    const stored = rows.rows[0]?.password ?? '';
    expect(stored).not.toContain(VALID_PASSWORD);
    // better-auth's scrypt format: hex salt, a colon, then the 64-byte derived key in hex.
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const other = await signUp(server.app);
    const otherRows = await sql<{
      password: string;
    }>`select a.password from ${sql.table('account')} a join ${sql.table('user')} u on u.id = a.${sql.ref('userId')} where u.email = ${other.email}`.execute(
      db,
    );
    expect(otherRows.rows[0]?.password).not.toBe(stored);
  });

  it('mails the confirmation link again only to a signed-in member, at their own address', async () => {
    const visitor = new Agent(server.app);
    await visitor.get('/api/health');
    const asked = await visitor.post('/api/auth/send-verification-email', {
      email: 'victim@example.org',
    });
    expect(asked.status).toBe(401);
    const { agent, email } = await signUp(server.app);
    const other = await agent.post('/api/auth/send-verification-email', {
      email: 'victim@example.org',
    });
    expect(other.status).toBe(400);
    expect((await agent.post('/api/auth/send-verification-email', { email })).status).toBe(200);
  });

  it('answers 404 to the better-auth endpoints the app does not use, to a signed-in member', async () => {
    const { agent } = await signUp(server.app);
    const unused: [string, string, object?][] = [
      ['POST', '/api/auth/verify-password', { password: 'Guess123abc' }],
      ['POST', '/api/auth/delete-user', { password: VALID_PASSWORD }],
      ['POST', '/api/auth/set-password', { newPassword: 'Other123abc' }],
      ['POST', '/api/auth/change-email', { newEmail: 'mallory@example.org' }],
      ['POST', '/api/auth/revoke-sessions', {}],
      ['GET', '/api/auth/list-accounts'],
      ['GET', '/api/auth/ok'],
      ['GET', '/api/auth/get-session/'],
    ];
    for (const [method, url, payload] of unused) {
      const response = await agent.request({ method, url, payload });
      expect([url, response.status, response.body]).toMatchObject([
        url,
        404,
        { code: 'NOT_FOUND' },
      ]);
    }
    // The member's password and session are as they were.
    expect((await agent.get('/api/borrowedBooks')).status).toBe(200);
  });

  it('gives one address a bounded share of the password checks, so others still sign in', async () => {
    const { email } = await signUp(server.app);
    const flooder = new Agent(server.app, '192.0.2.66');
    const flood = Array.from({ length: SHARE_PER_ADDRESS + 6 }, (_, index) =>
      flooder.post('/api/auth/sign-in/email', {
        email: uniqueEmail(`guess${index}`),
        password: 'Guess123abc',
      }),
    );
    const bystander = new Agent(server.app, '198.51.100.66').post('/api/auth/sign-in/email', {
      email,
      password: VALID_PASSWORD,
    });
    const statuses = (await Promise.all(flood)).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      SHARE_PER_ADDRESS + 5,
    );
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect((await bystander).status).toBe(200);
  }, 120_000);
});
