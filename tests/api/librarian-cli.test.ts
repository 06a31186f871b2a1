/**
 * `npm run librarian -- grant|revoke <email>` on a real SQLite file and on PostgreSQL, while the
 * server runs on the same database: the role changes for the member's very next request.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const execFileAsync = promisify(execFile);

interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs scripts/librarian.ts as `npm run librarian --` does, with DATABASE_URL set. */
async function librarianCli(server: TestApp, args: string[]): Promise<ScriptRun> {
  const env = {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: server.databaseUrl,
    AUTH_SECRET: server.config.authSecret,
  };
  const command = ['--import', 'tsx', 'scripts/librarian.ts', ...args];
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, command, { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe.each(databaseKinds)('npm run librarian on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it('grants and revokes the role by e-mail, in any case, effective at the next request', async () => {
    const staff = await signUp(server.app, 'Staff');
    expect((await staff.agent.get('/api/desk/stats')).status).toBe(403);

    const granted = await librarianCli(server, ['grant', staff.email.toUpperCase()]);
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout.trim()).toBe(`${staff.email.toUpperCase()} is now a librarian`);
    expect((await staff.agent.get('/api/desk/stats')).status).toBe(200);
    const session = await staff.agent.get<{ user: { role: string } }>('/api/auth/get-session');
    expect(session.body.user.role).toBe('librarian');

    const revoked = await librarianCli(server, ['revoke', staff.email]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout.trim()).toBe(`${staff.email} is now a member`);
    expect((await staff.agent.get('/api/desk/stats')).status).toBe(403);
  });

  it('says in one line that no account has an unknown e-mail, and fails', async () => {
    const run = await librarianCli(server, ['grant', 'nobody@example.org']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual(['No account has the e-mail nobody@example.org']);
  });

  it('prints its usage and fails on anything but grant or revoke with one e-mail', async () => {
    for (const args of [['promote', 'a@example.org'], ['grant']]) {
      const run = await librarianCli(server, args);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe('Usage: npm run librarian -- grant|revoke <email>');
    }
  });
});
