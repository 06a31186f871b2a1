/** Builds the real server through its factory on a fresh SQLite file or a fresh PostgreSQL database. */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { signUp } from './agent.ts';
import { checkEveryInject } from './api-contract.ts';
import { testPasswordScheme } from './test-password-scheme.ts';

export const databaseKinds = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  databaseUrl: string;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function createSqliteFile(): { url: string; drop(): Promise<void> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'pathagar-sqlite-'));
  return {
    url: path.join(dir, 'test.db'),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function createTestDatabase(kind: DatabaseKind) {
  return kind === 'postgres' ? createPostgresDatabase() : createSqliteFile();
}

/** Where test servers write their mails unless a test names its own outbox or SMTP server. */
export const SHARED_TEST_OUTBOX = path.join(tmpdir(), 'pathagar-test-outbox');

/** Settings of a test server; any environment variable of config.ts may be overridden. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'silent',
      // Sign-ups send a verification mail: never into the working tree's ./data/outbox.
      OUTBOX_DIR: SHARED_TEST_OUTBOX,
      SMS_OUTBOX_DIR: path.join(SHARED_TEST_OUTBOX, 'sms'),
      ...env,
    }),
    clientDir: null,
  };
}

/**
 * The real server on a fresh SQLite file, serving a client directory made of `files` (paths
 * relative to it, and their contents) in place of the production build.
 */
export async function appWithClientFiles(files: Record<string, string>) {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'pathagar-client-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(clientDir, name)), { recursive: true });
    writeFileSync(path.join(clientDir, name), content);
  }
  const database = await createTestDatabase('sqlite');
  const app = await buildApp({ ...testConfig(database.url), clientDir }, { logger: false });
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

/** A system clock a test moves forward, so time-dependent rules are tested without waiting. */
export class MovableClock {
  private offsetMs = 0;
  readonly now = () => Date.now() + this.offsetMs;
  advanceDays(days: number) {
    this.offsetMs += days * 24 * 60 * 60 * 1000;
  }
  date() {
    return new Date(this.now());
  }
  /** Sets the clock to `instant`, from where it runs on in real time. */
  moveTo(instant: Date | string) {
    this.offsetMs = new Date(instant).getTime() - Date.now();
  }
}

/** How the tests build an app: quiet, and with their cheaper password hashing (test-password-scheme.ts). */
export const TEST_APP_OPTIONS = { logger: false, passwordScheme: testPasswordScheme } as const;

export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  clock?: MovableClock,
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = testConfig(database.url, env);
  const app = await buildApp(config, { ...TEST_APP_OPTIONS, systemNow: clock?.now });
  // Every answer a test receives keeps to the published OpenAPI document.
  checkEveryInject(app);
  return {
    app,
    config,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** A member signed up and made a librarian in the database: the desk's staff, signed in. */
export async function librarianOf(server: TestApp, name = 'Librarian') {
  const signed = await signUp(server.app, name);
  await setRoleByEmail(server.app.database.db, signed.email, 'librarian');
  return signed.agent;
}
