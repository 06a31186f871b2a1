/** `npm run backup` and `npm run restore`: a backup restored into an empty database holds every row. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, Loan } from '../../src/common/types.ts';
import { buildApp } from '../../src/server/app.ts';
import { backupDatabase, defaultBackupFile, restoreDatabase } from '../../src/server/db/backup.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { demoCatalogue } from '../../src/server/seed/demo-books.ts';
import { demoEbooks } from '../../src/server/seed/demo-ebooks.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { addBook, Agent, signUp, VALID_PASSWORD, loanDates } from '../support/agent.ts';
import {
  createTestDatabase,
  databaseKinds,
  startTestApp,
  TEST_APP_OPTIONS,
  testConfig,
  type DatabaseKind,
  type TestApp,
} from '../support/test-app.ts';

const execFileAsync = promisify(execFile);

/** The tables a restore must bring back; better-auth's `rateLimit` exists because limits are stored in the database. */
const EXPECTED_TABLES = [
  'account',
  'appMeta',
  'book',
  'hold',
  'loan',
  'rateLimit',
  'session',
  'user',
  'verification',
];

interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<name>.ts as `npm run <name>` does, against the given database. */
async function runScript(
  name: 'backup' | 'restore',
  databaseUrl: string,
  args: string[],
  authSecret: string,
): Promise<ScriptRun> {
  const command = ['--import', 'tsx', `scripts/${name}.ts`, ...args];
  const env = { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret };
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, command, { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

async function rowsOf<T>(db: Kysely<DB>, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** SQLite's full-text table is left out: its rows live in its shadow tables, compared like any other. */
async function tableNames({ db, kind }: Database): Promise<string[]> {
  const query =
    kind === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'
            and sql not like 'create virtual table%' order by name`
      : sql<{ name: string }>`select tablename as name from pg_tables
          where schemaname = 'public' order by tablename`;
  return (await rowsOf(db, query)).map((row) => row.name);
}

async function primaryKeyOf({ db, kind }: Database, table: string): Promise<string[]> {
  const query =
    kind === 'sqlite'
      ? sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0 order by pk`
      : sql<{ name: string }>`select a.attname as name from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = quote_ident(${table})::regclass and i.indisprimary
          order by a.attnum`;
  const columns = (await rowsOf(db, query)).map((row) => row.name);
  if (columns.length === 0) throw new Error(`table ${table} has no primary key to order by`);
  return columns;
}

/** Tables, columns, indexes and constraints, as the database itself describes them. */
async function schemaOf({ db, kind }: Database): Promise<unknown[]> {
  if (kind === 'sqlite') {
    return rowsOf(
      db,
      sql`select type, name, tbl_name, sql from sqlite_master
          where name not like 'sqlite_%' order by type, name`,
    );
  }
  return [
    ...(await rowsOf(
      db,
      sql`select table_name, column_name, data_type, is_nullable, column_default
          from information_schema.columns where table_schema = 'public'
          order by table_name, ordinal_position`,
    )),
    ...(await rowsOf(
      db,
      sql`select tablename, indexname, indexdef from pg_indexes
          where schemaname = 'public' order by indexname`,
    )),
    ...(await rowsOf(
      db,
      sql`select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as definition
          from pg_constraint where connamespace = 'public'::regnamespace order by conname`,
    )),
  ];
}

interface Snapshot {
  schema: unknown[];
  rows: Record<string, unknown[]>;
}

/** Every row of every table, ordered by primary key, and the schema, of the database at `url`. */
async function snapshot(url: string): Promise<Snapshot> {
  const database = openDatabase(url);
  try {
    const rows: Record<string, unknown[]> = {};
    for (const table of await tableNames(database)) {
      const order = (await primaryKeyOf(database, table)).map((column) => sql.ref(column));
      rows[table] = await rowsOf(
        database.db,
        sql`select * from ${sql.table(table)} order by ${sql.join(order)}`,
      );
    }
    return { schema: await schemaOf(database), rows };
  } finally {
    await database.close();
  }
}

const backupExtension = (kind: DatabaseKind) => (kind === 'postgres' ? 'dump' : 'db');
const otherKind = (kind: DatabaseKind): DatabaseKind =>
  kind === 'postgres' ? 'sqlite' : 'postgres';
const signatureOf = (kind: DatabaseKind) => (kind === 'postgres' ? 'PGDMP' : 'SQLite format 3\0');

describe.each(databaseKinds)('backup and restore on %s', (kind) => {
  let source: TestApp;
  let workDir: string;
  let backupFile: string;
  let member: { agent: Agent; email: string };
  let backupRun: ScriptRun;
  let restoreRun: ScriptRun;
  let restoredUrl: string;
  let original: Snapshot;
  const dropDatabases: (() => Promise<void>)[] = [];

  async function freshDatabase(): Promise<string> {
    const database = await createTestDatabase(kind);
    dropDatabases.push(database.drop);
    return database.url;
  }

  /** Members, books, loans (one returned), a signed-out session and a failed sign-in. */
  async function fillLibrary(app: TestApp['app']) {
    const librarian = (await signUp(app, 'Librarian')).agent;
    const books = [
      await addBook(librarian, { name: 'Gitanjali', author: 'Rabindranath Tagore', quantity: 2 }),
      await addBook(librarian, { name: 'Devdas', category: 'Drama', quantity: 1 }),
      await addBook(librarian, { name: 'Lalsalu', rating: 4.3, quantity: 5 }),
    ];
    const dates = loanDates();
    const borrower = await signUp(app, 'Rahim Uddin');
    const other = await signUp(app, 'Karima Begum');
    for (const bookId of books.slice(0, 2)) {
      await borrower.agent.post('/api/borrowedBooks', { bookId, ...dates });
    }
    await other.agent.post('/api/borrowedBooks', { bookId: books[0], ...dates });
    const returned = await other.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId: books[2],
      ...dates,
    });
    await other.agent.delete(`/api/borrowedBooks/${returned.body.insertedId}`);
    await other.agent.post('/api/auth/sign-out', {});
    await new Agent(app).post('/api/auth/sign-in/email', {
      email: other.email,
      password: 'Wrong-password1',
    });
    return borrower;
  }

  beforeAll(async () => {
    // The demo catalogue too, so the backup also carries the seed's own rows (books and appMeta).
    source = await startTestApp(kind, { SEED_DEMO: 'true' });
    workDir = mkdtempSync(path.join(tmpdir(), 'pathagar-backup-'));
    member = await fillLibrary(source.app);
    backupFile = path.join(workDir, `library.${backupExtension(kind)}`);
    const secret = source.config.authSecret;
    backupRun = await runScript('backup', source.databaseUrl, [backupFile], secret);
    original = await snapshot(source.databaseUrl);
    restoredUrl = await freshDatabase();
    restoreRun = await runScript('restore', restoredUrl, [backupFile], secret);
  });

  afterAll(async () => {
    await source.close();
    for (const drop of dropDatabases) await drop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('backs up while the server runs and prints the file it wrote', () => {
    expect(backupRun).toMatchObject({ code: 0, stderr: '' });
    expect(backupRun.stdout.trim()).toBe(backupFile);
    expect(existsSync(backupFile)).toBe(true);
    expect(restoreRun).toMatchObject({ code: 0, stderr: '' });
  });

  it('restores every row of every table, and the schema, into an empty database', async () => {
    expect(Object.keys(original.rows)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
    expect(original.rows.book).toHaveLength(demoCatalogue.length + demoEbooks.length + 3);
    // Three current loans and one returned, kept as history.
    expect(original.rows.loan).toHaveLength(4);
    expect(original.rows.user).toHaveLength(3);
    expect(original.rows.account).toHaveLength(3);
    expect(original.rows.session).toHaveLength(2);
    expect(original.rows.rateLimit?.length).toBeGreaterThan(0);
    expect(original.rows.appMeta?.length).toBeGreaterThan(0);

    expect(await snapshot(restoredUrl)).toEqual(original);
  });

  it('notices a copy that lacks a row or a table, so the comparison above means something', async () => {
    const copyUrl = await freshDatabase();
    await restoreDatabase(copyUrl, backupFile);
    const copy = openDatabase(copyUrl);
    try {
      await copy.db.deleteFrom('loan').where('userEmail', '=', member.email).execute();
      expect(await snapshot(copyUrl)).not.toEqual(original);
      await copy.db.schema.dropTable('verification').execute();
      const withoutTable = await snapshot(copyUrl);
      expect(Object.keys(withoutTable.rows)).not.toContain('verification');
    } finally {
      await copy.close();
    }
  });

  it('restores over a database that has moved on, leaving nothing of it behind', async () => {
    const target = await freshDatabase();
    const other = await buildApp(testConfig(target), TEST_APP_OPTIONS);
    await addBook((await signUp(other, 'Someone New')).agent, { name: 'Not in the backup' });
    // SQLite: the write-ahead log of a server that was killed rather than stopped.
    const staleLog = kind === 'sqlite' ? readFileSync(`${target}-wal`) : null;
    await other.close();
    if (staleLog) writeFileSync(`${target}-wal`, staleLog);

    await restoreDatabase(target, backupFile);
    expect(await snapshot(target)).toEqual(original);
  });

  it('serves the same catalogue and loans from the restored database, to the same members', async () => {
    const restored = await buildApp(testConfig(restoredUrl), TEST_APP_OPTIONS);
    try {
      const visitor = new Agent(restored);
      const catalogue = await visitor.get<Book[]>('/api/books?limit=200');
      expect(catalogue.body).toEqual(
        (await new Agent(source.app).get<Book[]>('/api/books?limit=200')).body,
      );

      const signIn = await visitor.post('/api/auth/sign-in/email', {
        email: member.email,
        password: VALID_PASSWORD,
      });
      expect(signIn.status).toBe(200);
      const loans = await visitor.get<Loan[]>('/api/borrowedBooks');
      expect(loans.body).toHaveLength(2);
      expect(loans.body).toEqual((await member.agent.get<Loan[]>('/api/borrowedBooks')).body);

      // A session opened before the backup goes on working after the restore.
      const sessionCookie = `pathagar.session_token=${member.agent.cookie('pathagar.session_token')}`;
      const resumed = await new Agent(restored).request<Loan[]>({
        method: 'GET',
        url: '/api/borrowedBooks',
        headers: { cookie: sessionCookie },
      });
      expect(resumed.status).toBe(200);
      expect(resumed.body).toHaveLength(2);
    } finally {
      await restored.close();
    }
  });

  // Runs the restore script as a process, which is slow on a busy machine.
  it('refuses a backup of the other database kind with one line, touching nothing', async () => {
    const wrongKind = path.join(workDir, `other.${backupExtension(otherKind(kind))}`);
    writeFileSync(wrongKind, `${signatureOf(otherKind(kind))}rest of the archive`);
    const target = await freshDatabase();
    const run = await runScript('restore', target, [wrongKind], source.config.authSecret);
    expect(run.code).toBe(1);
    const labels = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
    expect(run.stderr.trim().split('\n')).toEqual([
      `Cannot restore: ${wrongKind} is a ${labels[otherKind(kind)]} backup, but DATABASE_URL is a ${labels[kind]} database`,
    ]);
    const untouched = await snapshot(target);
    expect(untouched.rows).toEqual({});
  }, 60_000);

  it('refuses a file that is no backup, and will not overwrite an existing backup', async () => {
    const notABackup = path.join(workDir, 'notes.txt');
    writeFileSync(notABackup, 'shopping list');
    await expect(restoreDatabase(await freshDatabase(), notABackup)).rejects.toThrow(
      `Cannot restore: ${notABackup} is not a Pathagar backup`,
    );
    await expect(backupDatabase(source.databaseUrl, backupFile)).rejects.toThrow(
      `Cannot back up: ${backupFile} already exists`,
    );
  });
  it('names a backup by kind and UTC time when no file is given', () => {
    const file = defaultBackupFile(source.databaseUrl, new Date('2026-11-21T09:30:00.123Z'));
    expect(file).toBe(`backups/pathagar-${kind}-2026-11-21T09-30-00Z.${backupExtension(kind)}`);
  });
});
