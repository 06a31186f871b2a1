import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, VALID_PASSWORD, signUp } from '../support/agent.ts';
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
});
