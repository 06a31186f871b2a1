/**
 * Failed sign-ins are limited per account as well as per address, and successes are not (issue
 * 16, item 8). Client addresses come from a trusted proxy's X-Forwarded-For, as behind a real one.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { SHARE_PER_ACCOUNT } from '../../src/server/auth/password-hashing.ts';
import {
  ACCOUNT_FAILURES_PER_HOUR,
  EXISTING_EMAIL_SIGN_UPS_PER_HOUR,
} from '../../src/server/auth/sign-in-limits.ts';
import { Agent, VALID_PASSWORD, uniqueEmail } from '../support/agent.ts';
import { listenLocally, rawRequest } from '../support/raw-http.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const PROXY = '10.1.1.1';
/** AUTH_RATE_LIMIT's default, which the other tests raise. */
const DEFAULT_AUTH_RATE_LIMIT = '10';

/** A request as the trusted proxy passes it on from `client`. */
function fromClient(app: FastifyInstance, client: string, url: string, payload: object) {
  return new Agent(app, PROXY).request({
    method: 'POST',
    url,
    headers: { 'x-forwarded-for': client },
    payload,
  });
}

/**
 * `count` requests for one account, as many at once as its share of the hashing line lets
 * through (password-hashing.ts), so each is answered by the limits, not refused by the line.
 */
async function inShares<T>(count: number, send: (index: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let from = 0; from < count; from += SHARE_PER_ACCOUNT) {
    const batch = Array.from({ length: Math.min(SHARE_PER_ACCOUNT, count - from) }, (_, at) =>
      send(from + at),
    );
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

describe.each(databaseKinds)('sign-in limits on %s', (kind) => {
  let server: TestApp;
  let secondInstance: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    server = await startTestApp(kind, {
      TRUST_PROXY: PROXY,
      AUTH_RATE_LIMIT: DEFAULT_AUTH_RATE_LIMIT,
    });
    // Another server process on the same database, as behind a load balancer.
    secondInstance = await buildApp(server.config, { logger: false });
    port = await listenLocally(server.app);
  });
  afterAll(async () => {
    await secondInstance.close();
    await server.close();
  });

  /** Signs a member up from an address of their own (sign-ups stay limited per address). */
  async function register(index: number): Promise<string> {
    const email = uniqueEmail(`reader${index}`);
    const response = await fromClient(
      server.app,
      `198.51.100.${index}`,
      '/api/auth/sign-up/email',
      {
        name: `Reader ${index}`,
        email,
        password: VALID_PASSWORD,
      },
    );
    expect(response.status).toBe(200);
    return email;
  }

  /**
   * `count` members with the password of a member signed up through the API, written straight
   * into better-auth's tables: signing each up would hash the same password again and again.
   */
  async function cloneMembers(count: number): Promise<string[]> {
    const model = await register(0);
    const db = server.app.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const user = await db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', model)
      .executeTakeFirstOrThrow();
    const account = await db
      .selectFrom('account')
      .selectAll()
      .where('userId', '=', user.id as string)
      .executeTakeFirstOrThrow();
    const emails = [model];
    for (let index = 1; index < count; index += 1) {
      const id = randomUUID();
      const email = uniqueEmail(`reader${index}`);
      await db
        .insertInto('user')
        .values({ ...user, id, email })
        .execute();
      await db
        .insertInto('account')
        .values({ ...account, id: randomUUID(), accountId: id, userId: id })
        .execute();
      emails.push(email);
    }
    return emails;
  }

  it('lets 50 members of one reading room sign in within a minute, typos included', async () => {
    const members = await cloneMembers(50);
    const readingRoom = '203.0.113.7';
    const statuses: number[] = [];
    // A few members mistype their password first; a few sign in at the same moment.
    for (const email of members.slice(0, 3)) {
      const typo = await fromClient(server.app, readingRoom, '/api/auth/sign-in/email', {
        email,
        password: 'Library124',
      });
      expect(typo.status).toBe(401);
    }
    for (let batch = 0; batch < members.length; batch += 5) {
      const answers = await Promise.all(
        members.slice(batch, batch + 5).map((email) =>
          fromClient(server.app, readingRoom, '/api/auth/sign-in/email', {
            email,
            password: VALID_PASSWORD,
          }),
        ),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses).toEqual(members.map(() => 200));
  }, 180_000);

  it(`lets nobody try one account's password more than ${ACCOUNT_FAILURES_PER_HOUR} times, from any address or server`, async () => {
    const victim = await register(200);
    const bystander = await register(201);
    const guess = (index: number, password = `Guess${index}abc`, email = victim) =>
      fromClient(
        index % 2 === 0 ? server.app : secondInstance,
        `192.0.2.${index}`,
        '/api/auth/sign-in/email',
        { email: index % 3 === 0 ? email.toUpperCase() : email, password },
      );
    const guesses = await inShares(ACCOUNT_FAILURES_PER_HOUR, (index) => guess(index));
    expect(guesses.map((answer) => answer.status)).toEqual(guesses.map(() => 401));

    const next = await guess(100);
    expect(next.status).toBe(429);
    expect(next.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.any(String) });
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(60);
    // Even the right password waits: otherwise the limit would say when a guess was right.
    expect((await guess(101, VALID_PASSWORD)).status).toBe(429);
    // Other accounts, from the same addresses, are not affected.
    expect((await guess(102, VALID_PASSWORD, bystander)).status).toBe(200);
  }, 120_000);

  it(`counts a signed-in member's wrong current passwords against the same ${ACCOUNT_FAILURES_PER_HOUR} an hour`, async () => {
    const email = await register(230);
    const holder = new Agent(server.app, PROXY);
    const signedIn = await holder.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': '192.0.2.230' },
      payload: { email, password: VALID_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    // Each from an address of its own, so only the account's limit can stop them.
    const change = (index: number, currentPassword: string) =>
      holder.request({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { 'x-forwarded-for': `203.0.113.${index}` },
        payload: { currentPassword, newPassword: 'Changed123' },
      });
    const guesses = await inShares(ACCOUNT_FAILURES_PER_HOUR, (index) =>
      change(index, `Guess${index}abc`),
    );
    expect(guesses.map((answer) => answer.body)).toEqual(
      guesses.map(() => expect.objectContaining({ code: 'INVALID_CREDENTIALS' })),
    );
    const next = await change(100, 'Guess100abc');
    expect(next.status).toBe(429);
    expect(next.body).toMatchObject({ code: 'RATE_LIMITED' });
    // The account is locked for sign-ins too; the right password changes nothing meanwhile.
    expect((await change(101, VALID_PASSWORD)).status).toBe(429);
    const signIn = await fromClient(server.app, '192.0.2.231', '/api/auth/sign-in/email', {
      email,
      password: VALID_PASSWORD,
    });
    expect(signIn.status).toBe(429);
  }, 120_000);

  it(`lets one address learn of at most ${EXISTING_EMAIL_SIGN_UPS_PER_HOUR} registered e-mails an hour by signing up`, async () => {
    const taken = await cloneMembers(EXISTING_EMAIL_SIGN_UPS_PER_HOUR + 1);
    const signUpFrom = (client: string, email: string) =>
      fromClient(server.app, client, '/api/auth/sign-up/email', {
        name: 'Prober',
        email,
        password: VALID_PASSWORD,
      });
    const prober = '192.0.2.240';
    for (const email of taken.slice(0, EXISTING_EMAIL_SIGN_UPS_PER_HOUR)) {
      // The form's 'Email Already In Use' dialog is kept.
      expect((await signUpFrom(prober, email)).body).toMatchObject({ code: 'EMAIL_EXISTS' });
    }
    const next = await signUpFrom(prober, taken.at(-1) ?? '');
    expect(next.status).toBe(429);
    expect(next.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(60);
    // A new address waits too: a success would tell the same as a refusal.
    expect((await signUpFrom(prober, uniqueEmail('fresh'))).status).toBe(429);
    // Other addresses still hear that the address is in use.
    const elsewhere = await signUpFrom('192.0.2.241', taken.at(-1) ?? '');
    expect(elsewhere.body).toMatchObject({ code: 'EMAIL_EXISTS' });
  });

  it('refuses sign-in bodies it cannot read an account from, before any password is tried', async () => {
    const email = await register(210);
    const formEncoded = await new Agent(server.app, PROXY).request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: {
        'x-forwarded-for': '192.0.2.210',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `email=${encodeURIComponent(email)}&password=${VALID_PASSWORD}`,
    });
    expect(formEncoded.status).toBe(400);
    expect(formEncoded.body).toMatchObject({ code: 'VALIDATION' });
  });

  /** A sign-in sent over a raw socket with the path as written, which fetch would normalise. */
  const rawSignIn = (path: string, email: string, password: string) => {
    const body = JSON.stringify({ email, password });
    return rawRequest(
      port,
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };

  it.each([
    ['/api/auth/sign-in/./email'],
    ['/api/auth/sign-in/x/../email'],
    ['/api/auth/sign-in\\email'],
    ['/api/auth/sign-in/%2e/email'],
    ['http://localhost/api/auth/sign-in/./email'],
  ])(
    'answers 404 to a sign-in by password spelled %s, without trying the password',
    async (path) => {
      const email = await register(220);
      const response = await rawSignIn(path, email, VALID_PASSWORD);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.headers['set-cookie'] ?? '').not.toContain('session_token');
      // The path as the form sends it still signs in over the same socket code.
      expect((await rawSignIn('/api/auth/sign-in/email', email, VALID_PASSWORD)).status).toBe(200);
    },
  );
});
