/** The server's logs: JSON lines, the request id on every line of a request, and no secrets. */
import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { Agent, uniqueEmail, validBook, type AgentResponse } from '../support/agent.ts';
import { freePort } from '../support/postgres-cluster.ts';
import { SERVER_COMMAND } from '../support/server-process.ts';
import {
  createTestDatabase,
  databaseKinds,
  testConfig,
  type DatabaseKind,
} from '../support/test-app.ts';

const PASSWORD = 'Shapla-Secret-77';
const WRONG_PASSWORD = 'Kodom-Wrong-88';
const SESSION_COOKIE = 'pathagar.session_token';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url: string };
  res?: unknown;
}

describe.each(databaseKinds)('logs on %s', (kind) => {
  const output: string[] = [];
  /** The X-Request-Id of every response, in order. */
  const sentIds: string[] = [];
  /** Every value that must never reach a log. */
  const secrets = new Set<string>([PASSWORD, WRONG_PASSWORD]);
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let consoleSpies: MockInstance[];
  let wrongPasswordId: string;
  let ownId: string;
  let replacedId: string;
  let failedId: string;
  let failedStatus: number;

  const lines = () => output.map((line) => JSON.parse(line) as LogLine);

  function keepSecret(value: string | undefined) {
    if (!value) return;
    secrets.add(value);
    secrets.add(decodeURIComponent(value));
    // A signed cookie is `<token>.<signature>`; the token alone opens the session.
    secrets.add(decodeURIComponent(value).split('.')[0] ?? value);
  }

  async function send<T>(response: Promise<AgentResponse<T>>): Promise<AgentResponse<T>> {
    const answered = await response;
    sentIds.push(String(answered.headers['x-request-id']));
    return answered;
  }

  /** A member's visit: sign up, add a book, sign out, a wrong password, sign in, look around. */
  async function visit(agent: Agent) {
    const email = uniqueEmail();
    await send(agent.get('/api/health'));
    const credentials = { email, password: PASSWORD };
    const signUp = await send(
      agent.post('/api/auth/sign-up/email', { name: 'Nasrin', ...credentials }),
    );
    keepSecret(agent.cookie(SESSION_COOKIE));
    keepSecret(agent.cookie('XSRF-TOKEN'));
    const added = await send(agent.post('/api/books', validBook));
    await send(agent.post('/api/auth/sign-out', {}));
    const wrong = await send(
      agent.post('/api/auth/sign-in/email', { email, password: WRONG_PASSWORD }),
    );
    wrongPasswordId = String(wrong.headers['x-request-id']);
    const signIn = await send(agent.post('/api/auth/sign-in/email', credentials));
    keepSecret(agent.cookie(SESSION_COOKIE));
    keepSecret(signIn.headers['set-auth-token'] as string | undefined);
    expect([signUp.status, added.status, wrong.status, signIn.status]).toEqual([
      200, 201, 401, 200,
    ]);
    await send(agent.get('/api/borrowedBooks'));
    await send(agent.get('/api/auth/get-session'));
    await send(agent.get('/api/auth/verify-email?token=email-token-that-must-stay-secret'));
    secrets.add('email-token-that-must-stay-secret');
  }

  /** With the database gone, better-auth fails with an error of its own rather than an answer. */
  async function failInsideBetterAuth() {
    await app.database.close();
    const failed = await send(
      new Agent(app).post('/api/auth/sign-in/email', { email: uniqueEmail(), password: PASSWORD }),
    );
    failedId = String(failed.headers['x-request-id']);
    failedStatus = failed.status;
  }

  beforeAll(async () => {
    consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((method) =>
      vi.spyOn(console, method),
    );
    const database = await createTestDatabase(kind);
    drop = database.drop;
    app = await buildApp(testConfig(database.url, { LOG_LEVEL: 'info' }), {
      logStream: { write: (line: string) => void output.push(line) },
    });
    await visit(new Agent(app));
    const traced = await send(
      new Agent(app).request({
        method: 'GET',
        url: '/api/books',
        headers: { 'x-request-id': 'edge-proxy.42' },
      }),
    );
    ownId = String(traced.headers['x-request-id']);
    const hostile = await send(
      new Agent(app).request({
        method: 'GET',
        url: '/api/books',
        headers: { 'x-request-id': '"}\n{"forged":true' },
      }),
    );
    replacedId = String(hostile.headers['x-request-id']);
    await failInsideBetterAuth();
  });

  afterAll(async () => {
    for (const spy of consoleSpies) spy.mockRestore();
    await app.close().catch(() => {});
    await drop();
  });

  it('writes every line as one JSON object', () => {
    expect(output.length).toBeGreaterThan(sentIds.length);
    for (const line of output) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('tags every line of a request with the id it sends back in X-Request-Id', () => {
    expect(new Set(sentIds).size).toBe(sentIds.length);
    const requestLines = lines().filter((line) => line.req || line.res || line.reqId);
    expect(requestLines.every((line) => typeof line.reqId === 'string')).toBe(true);
    expect(new Set(requestLines.map((line) => line.reqId))).toEqual(new Set(sentIds));
    for (const id of sentIds) {
      const messages = requestLines.filter((line) => line.reqId === id).map((line) => line.msg);
      expect(messages).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
  });

  it("keeps a caller's plain request id and replaces anything else by a UUID", () => {
    expect(ownId).toBe('edge-proxy.42');
    expect(replacedId).toMatch(UUID);
    expect(output.join('')).not.toContain('forged');
  });

  it("writes better-auth's lines as JSON on the request's logger, never as text on the console", () => {
    const authLines = lines().filter((line) => line.msg.startsWith('better-auth:'));
    expect(authLines).toContainEqual(
      expect.objectContaining({
        reqId: wrongPasswordId,
        level: 40,
        msg: expect.stringMatching(/password/i),
      }),
    );
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });

  it("logs a failure during sign-in once, as JSON with the request's id", () => {
    expect(failedStatus).toBe(500);
    const failure = lines().filter((line) => line.reqId === failedId && line.level >= 50);
    expect(failure).toEqual([expect.objectContaining({ msg: 'request failed' })]);
  });

  it('never writes a password, a session cookie, the XSRF token, a bearer token or an e-mail token', () => {
    const everything = output.join('\n');
    expect(secrets.size).toBeGreaterThan(6);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it('redacts secret headers and password fields whoever logs them', () => {
    const before = output.length;
    app.log.info(
      {
        req: { headers: { authorization: 'Bearer probe-one', cookie: 'a=probe-two' } },
        res: { headers: { 'set-cookie': 'b=probe-three' } },
        body: { password: 'probe-four' },
        details: [{ password: 'probe-five' }],
      },
      'probe',
    );
    const probe = output.slice(before).join('');
    expect(probe).toContain('[Redacted]');
    expect(probe).not.toMatch(/probe-(one|two|three|four|five)/);
  });
});

/**
 * The real process, as `npm start` runs it (outside vitest, where better-auth skips its origin
 * check): what it prints on stdout and stderr must all be JSON lines, whatever better-auth refuses.
 */
describe.each(databaseKinds)('the server process on %s', (kind: DatabaseKind) => {
  async function waitForHealth(base: string) {
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${base}/api/health`).catch(() => null);
      if (response?.ok) return response;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server never became healthy');
  }

  /** Health (for the XSRF cookie), a sign-up from the trusted origin, then a sign-in with no Origin. */
  async function refusedSignIn(base: string, origin: string) {
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(
      (await waitForHealth(base)).headers.get('set-cookie') ?? '',
    )?.[1];
    const headers = {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf ?? '',
    };
    const credentials = JSON.stringify({
      name: 'Nasrin',
      email: uniqueEmail(),
      password: PASSWORD,
    });
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { ...headers, origin },
      body: credentials,
    });
    const refused = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: credentials,
    });
    return { signUp: signUp.status, refused: refused.status };
  }

  // A whole process starting (migrations) takes far longer than a request on a busy machine.
  it('prints only JSON lines, none with a password, even when better-auth refuses a request', async () => {
    const database = await createTestDatabase(kind);
    const port = await freePort();
    const child = spawn(SERVER_COMMAND.command, SERVER_COMMAND.args, {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        DATABASE_URL: database.url,
        AUTH_SECRET: 'logging-test-secret-long-enough-for-auth',
        SEED_DEMO: 'false',
        CLIENT_DIR: '/nonexistent',
        LOG_LEVEL: 'info',
      },
    });
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const statuses = await refusedSignIn(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
      expect(statuses).toEqual({ signUp: 200, refused: 403 });
    } finally {
      child.kill('SIGTERM');
      await exited;
      await database.drop();
    }
    const lines = printed.trim().split('\n');
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(printed).not.toContain(PASSWORD);
  }, 60_000);
});
