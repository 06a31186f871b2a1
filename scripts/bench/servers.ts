/**
 * What every part of the bench starts from: a place for its databases (SQLite files or a throwaway
 * PostgreSQL cluster), the real server in a process of its own, and a browser's headers and
 * session for the requests it sends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  startPostgresCluster,
  type PostgresCluster,
} from '../../tests/support/postgres-cluster.ts';
import { startServerProcess, type ServerProcess } from '../../tests/support/server-process.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { writeSearchTexts } from '../../src/server/books/search-texts.ts';
import type { DatabaseKind } from './report.ts';

export const log = (message: string) => console.error(`[bench] ${message}`);

/** Where the benchmark's servers write their mail (notices, sign-ups' mails); gone at the end. */
export const OUTBOX_DIR = mkdtempSync(path.join(os.tmpdir(), 'pathagar-bench-outbox-'));
process.on('exit', () => rmSync(OUTBOX_DIR, { recursive: true, force: true }));

/** Where each database lives: two SQLite files, or two databases of one throwaway cluster. */
export interface Place {
  demoUrl: string;
  largeUrl: string;
  release(): void;
}

export async function placeFor(kind: DatabaseKind): Promise<Place> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pathagar-bench-'));
    return {
      demoUrl: path.join(dir, 'demo.db'),
      largeUrl: path.join(dir, 'large.db'),
      release: () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const cluster: PostgresCluster = await startPostgresCluster();
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('create database bench_demo');
  await admin.query('create database bench_large');
  await admin.end();
  return {
    demoUrl: cluster.urlFor('bench_demo'),
    largeUrl: cluster.urlFor('bench_large'),
    release: () => cluster.stop(),
  };
}

export const startServer = (url: string, seedDemo: boolean, logLevel = 'warn') =>
  startServerProcess({
    DATABASE_URL: url,
    SEED_DEMO: String(seedDemo),
    LOG_LEVEL: logLevel,
    NODE_ENV: 'production',
    AUTH_RATE_LIMIT: '1000000',
    OUTBOX_DIR,
  });

/** What Chromium says it can decode, less zstd, which Node 20 cannot write. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

/**
 * The headers of a browser's API requests once it has loaded a page: the encodings it accepts, its
 * cookie and the XSRF token echoing it.
 */
export async function browserHeaders(server: ServerProcess): Promise<Record<string, string>> {
  const response = await fetch(`${server.url}/api/health`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const xsrf =
    cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return { 'accept-encoding': BROWSER_ENCODINGS, cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
}

export const MEMBER_PASSWORD = 'Library123';

export interface SignedUp {
  headers: Record<string, string>;
  email: string;
}

export async function signUpMember(server: ServerProcess, index: number): Promise<SignedUp> {
  const headers = await browserHeaders(server);
  const email = `reader-${index}-${Date.now()}@bench.example.org`;
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { ...headers, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench Reader ${index}`,
      email,
      password: MEMBER_PASSWORD,
      image: '/images/avatar-placeholder.svg',
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  const session = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  return { headers: { ...headers, cookie: [headers.cookie, ...session].join('; ') }, email };
}

/**
 * The app in this process, on an empty database, to fill it: it makes every table, better-auth's
 * among them, as a server's start does. Close it before a server starts on the database.
 *
 * Like a library's first start, it also walks the empty catalogue's search texts and notes the
 * walk done (books/search-texts.ts): books added later come with their texts. Without that note
 * every server measured would rewrite every book's texts while it answers (a million books'
 * rewrite ran through a whole measurement, 28 November).
 */
export async function appToFill(url: string) {
  const config = loadConfig({
    DATABASE_URL: url,
    AUTH_SECRET: 'x'.repeat(32),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    OUTBOX_DIR,
  });
  const app = await buildApp({ ...config, clientDir: null }, { logger: false });
  await writeSearchTexts(app.database.db);
  return app;
}
