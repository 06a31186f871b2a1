/** The server as a real process (what `npm start` runs), for tests that need several or must kill one. */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './postgres-cluster.ts';

/**
 * What `npm start` runs once `npm run build` has bundled the server, read from package.json, so
 * that the tests and the benchmark run the server with the same Node flags as everybody else.
 */
function startCommand(): { command: string; args: string[] } {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: { start: string };
  };
  const serve = scripts.start.split(' && ').at(-1) ?? '';
  const [node, ...args] = serve.split(' ');
  if (node !== 'node') throw new Error(`npm start should end by running node: ${scripts.start}`);
  return { command: process.execPath, args };
}

export const SERVER_COMMAND = startCommand();

/** The AUTH_SECRET every test server process shares, so a session made on one is good on all. */
export const SERVER_PROCESS_SECRET = 'shared-secret-of-every-test-instance-0123';

/** Bundles the server as `npm run build` does (esbuild: a fraction of a second). */
export function buildServer(): void {
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function waitForHealth(url: string, attempts = 300): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${url} never became healthy`);
}

/**
 * Starts a server; unless PUBLIC_URL is given, it is the server's own loopback address. A
 * setting given as undefined is left unset.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(SERVER_COMMAND.command, SERVER_COMMAND.args, {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      CLIENT_DIR: '/nonexistent',
      AUTH_SECRET: SERVER_PROCESS_SECRET,
      AUTH_RATE_LIMIT: '100000',
      PUBLIC_URL: url,
      // Sign-ups send a verification mail: never into the working tree's ./data/outbox.
      OUTBOX_DIR: path.join(tmpdir(), 'pathagar-test-outbox'),
      SMS_OUTBOX_DIR: path.join(tmpdir(), 'pathagar-test-outbox', 'sms'),
      ...env,
    },
  });
  child.stdout.resume();
  child.stderr.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await waitForHealth(url);
  return {
    port,
    url,
    child,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
