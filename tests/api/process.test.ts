/** The server as `npm start` runs it: a real process, its one-line start-up errors and its shutdown. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/postgres-cluster.ts';
import { SERVER_COMMAND } from '../support/server-process.ts';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

const running: ChildProcessWithoutNullStreams[] = [];
const tempDirs: string[] = [];

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>) {
  const child = spawn(SERVER_COMMAND.command, SERVER_COMMAND.args, {
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      CLIENT_DIR: '/nonexistent',
      ...env,
    },
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited };
}

function tempDatabase() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pathagar-process-'));
  tempDirs.push(dir);
  return path.join(dir, 'pathagar.db');
}

async function waitForHealth(port: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server never became healthy');
}

describe('the server process', () => {
  it('ends with one clear line when DATABASE_URL cannot be reached', async () => {
    const port = await freePort();
    const { exited } = startServer({
      PORT: String(port),
      DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none`,
    });
    const exit = await exited;
    expect(exit.code).toBe(1);
    const lines = exit.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid setting DATABASE_URL: cannot open the PostgreSQL server/);
  });

  it('ends with one clear line when AUTH_SECRET is missing in production', async () => {
    const { exited } = startServer({ NODE_ENV: 'production', DATABASE_URL: tempDatabase() });
    const exit = await exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim()).toBe(
      'Missing setting AUTH_SECRET: it is required when NODE_ENV=production',
    );
  });

  it('finishes a request in flight on SIGTERM, then exits cleanly', async () => {
    const port = await freePort();
    const { child, exited } = startServer({
      PORT: String(port),
      DATABASE_URL: tempDatabase(),
      AUTH_SECRET: 'process-test-secret-long-enough-for-auth',
    });
    await waitForHealth(port);

    const body = JSON.stringify({ email: 'nobody@example.org', password: 'Wrong123' });
    const answer = new Promise<number>((resolve, reject) => {
      const slow = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      slow.on('error', reject);
      // Half the body now, the rest after the server has been told to stop.
      slow.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => slow.end(body.slice(10)), 300);
      }, 200);
    });

    expect(await answer).toBe(401);
    const exit = await exited;
    expect(exit.code).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
