/**
 * Opens the app's database: SQLite (a file path) or PostgreSQL (a postgres:// URL). Both are
 * driven by the same Kysely queries; this is the one place that knows which is which.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, PostgresIntrospector, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import {
  postgresCatalogueChanges,
  sqliteCatalogueChanges,
  type CatalogueChanges,
} from './change-version.ts';
import type { DB } from './schema.ts';
import { sqliteReaders } from './sqlite-readers.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** Which books changed, here or in another process (not sessions, loans or anything else). */
  changes: CatalogueChanges;
  /**
   * Runs start-up work (migrations, seeding) while holding a lock that every server process on
   * this database respects, so servers started together never create the same table twice.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Answers whether the database responds, for /api/health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/**
 * Which database a Kysely instance or one of its transactions talks to, for the few statements
 * that must differ (text search, triggers). Read from the dialect, so no caller has to pass it on.
 */
export const dialectOf = <T>(db: Kysely<T>): DatabaseKind =>
  db.introspection instanceof PostgresIntrospector ? 'postgres' : 'sqlite';

interface Opened {
  db: Kysely<DB>;
  changes: CatalogueChanges;
  /** The readers of wordIndexReaderOf, closed with the database. */
  reader?: Kysely<DB>;
}

/** Each database's readers of the word index (wordIndexReaderOf). */
const wordIndexReaders = new WeakMap<Kysely<DB>, Kysely<DB>>();

/**
 * Where the word index is read (books/word-search.ts). PostgreSQL: a pool of its own, its
 * connections set once to plan those reads through the index's bitmap: no sequential scan, no
 * plain index scan, and bitmaps of up to 64 MB kept exact. Asked of the app's pool, each such read
 * was a transaction of six statements (begin, three settings, the read, commit), and every
 * statement is a round trip: at a million books, the server's writes to its sockets were half its
 * CPU time under ten searches at once. SQLite: worker threads with connections of their own
 * (sqlite-readers.ts), so that searches use every core and no request waits behind one; undefined
 * for an in-memory database.
 */
export const wordIndexReaderOf = (db: Kysely<DB>): Kysely<DB> | undefined =>
  wordIndexReaders.get(db);

const SQLITE_CACHE_KIB = 4096;
/**
 * A search reader's cache: a search reads each page of the word index once or twice, and 1 MB
 * answered a million books as fast as 4 MB did (each reader's cache counts against the memory).
 */
const SQLITE_READER_CACHE_KIB = 1024;

function openSqlite(file: string): Opened {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers go on while a loan is written; FULL sync keeps every acknowledged loan across a crash;
  // the busy timeout makes a second process wait for the write lock instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // The operating system's cache holds the file's pages already. SQLite's own cache (better-sqlite3
  // makes it 16 MB) answered a 100,000-book catalogue no faster than 4 MB of it, and counts against
  // the server's memory.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const changes = sqliteCatalogueChanges(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: changes.database }) });
  // An in-memory database is the connection's own: no other thread can read it.
  if (file === ':memory:') return { db, changes };
  const reader = sqliteReaders<DB>(file, SQLITE_READER_CACHE_KIB);
  wordIndexReaders.set(db, reader);
  return { db, changes, reader };
}

/**
 * A pool of ten connections, each started with `settings`. No JIT for any: compiling a query costs
 * 60-90 ms, more than any of this app's queries runs (a search at a million books, whose estimated
 * cost passes jit_above_cost, took 1,197 ms with 86 of JIT).
 */
function postgresPool(url: string, settings: string[] = []): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    options: ['jit=off', ...settings].map((setting) => `-c ${setting}`).join(' '),
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return pool;
}

function openPostgres(url: string): Opened {
  const changes = postgresCatalogueChanges(url, postgresPool(url));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: changes.pool }) });
  // Past work_mem a bitmap keeps pages, not rows, and every row of those pages is read again and
  // checked: "and the" at a million books took 3.4-4 s so at the default 4 MB, 650 ms with 64 MB.
  // No parallel workers: the planner cannot know how few a word's matches are (it took the 30 of
  // "the doctors" for 13,000) and started two workers to sort them, 5 ms more of 10.
  const readerPool = postgresPool(url, [
    'enable_seqscan=off',
    'enable_indexscan=off',
    'work_mem=64MB',
    'max_parallel_workers_per_gather=0',
  ]);
  const reader = new Kysely<DB>({ dialect: new PostgresDialect({ pool: readerPool }) });
  wordIndexReaders.set(db, reader);
  return { db, changes, reader };
}

/** Any fixed number: the key of PostgreSQL's advisory lock taken while a server prepares the schema. */
const STARTUP_LOCK_KEY = 7_270_001;

async function withPostgresLock<T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}

/**
 * SQLite's own locking, on a small file beside the database, serves as the cross-process mutex.
 * The lock is polled rather than waited for, so a server in the same process can finish and let go.
 */
async function withSqliteLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  if (file === ':memory:') return work();
  const lock = new SqliteDatabase(`${file}.startup-lock`);
  const deadline = performance.now() + 60_000;
  for (;;) {
    try {
      lock.exec('begin exclusive');
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || performance.now() > deadline)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await work();
  } finally {
    lock.exec('commit');
    lock.close();
  }
}

export function openDatabase(url: string): Database {
  const kind: DatabaseKind = isPostgresUrl(url) ? 'postgres' : 'sqlite';
  const { db, changes, reader } = kind === 'postgres' ? openPostgres(url) : openSqlite(url);
  return {
    db,
    kind,
    changes,
    withStartupLock: (work) =>
      kind === 'postgres' ? withPostgresLock(db, work) : withSqliteLock(url, work),
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await changes.close();
      await reader?.destroy();
      await db.destroy();
    },
  };
}

/** Errors on which a transaction is simply run again: a lost race on a unique key, a deadlock, a busy lock. */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' || // unique_violation
    code === '40001' || // serialization_failure
    code === '40P01' || // deadlock_detected
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
  );
}
