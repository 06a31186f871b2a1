/**
 * With PUBLIC_URL unset, the page may be opened at either loopback name the server prints or is
 * reached by (docs/settings.md). better-auth checks origins only outside
 * tests, so this runs the server as a process; the check does not depend on the database.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpAgent } from '../support/http-agent.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

async function signUpStatus(server: ServerProcess, origin: string): Promise<number> {
  const browser = new HttpAgent(server.url, origin);
  await browser.request('GET', '/api/health');
  const response = await browser.request('POST', '/api/auth/sign-up/email', {
    name: 'Origin Tester',
    email: `origin-${randomUUID().slice(0, 8)}@example.org`,
    password: 'Library123',
  });
  return response.status;
}

describe('trusted origins with PUBLIC_URL unset', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({
      PUBLIC_URL: undefined,
      DATABASE_URL: path.join(tmpdir(), `pathagar-origins-${randomUUID()}.db`),
    });
  }, 30_000);
  afterAll(() => server?.stop());

  it('signs up from localhost and from 127.0.0.1, and from nowhere else', async () => {
    expect(await signUpStatus(server, `http://localhost:${server.port}`)).toBe(200);
    expect(await signUpStatus(server, `http://127.0.0.1:${server.port}`)).toBe(200);
    expect(await signUpStatus(server, 'http://evil.example')).toBe(403);
  });
});
