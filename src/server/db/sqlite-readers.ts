/**
 * SQLite: the word index's readers (database.ts wordIndexReaderOf), worker threads each with a
 * read-only connection of its own to the database's file. better-sqlite3 answers on the thread
 * that asks, so a search's statements (three quarters of the server's time at a million books)
 * held the one thread every other request waits for, and a server used one core of two: ten
 * searches at once were served one after the other, each behind the slowest of the others. WAL
 * lets these connections read while the app's connection writes; each reads what was committed
 * when its statement began, as another process would. They are started at the first search and
 * never write: a transaction's reads stay on its own connection.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';

/** One reader a core: the server's own thread serves HTTP beside them. */
export const SQLITE_READERS = 2;

/** What a reader is sent: its file, better-sqlite3's path, and the page cache of database.ts. */
interface ReaderData {
  file: string;
  driver: string;
  cacheKib: number;
}

/**
 * A reader thread's whole program, run as a script (`eval`), so that it is the same under the
 * bundle, tsx and the tests: it prepares each statement once and answers its rows or its error.
 */
const READER_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -' + workerData.cacheKib);
const prepared = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = prepared.get(sql);
    if (!statement) {
      if (prepared.size >= 200) prepared.clear();
      statement = db.prepare(sql);
      prepared.set(sql, statement);
    }
    // A statement that writes is run, for the read-only connection to refuse it.
    const rows = statement.reader ? statement.all(parameters) : (statement.run(parameters), []);
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error.message), code: error.code } });
  }
});
`;

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

type Waiting = { resolve(rows: unknown[]): void; reject(error: Error): void };

/** One thread and the statements it has been sent and not yet answered. */
class Reader {
  readonly waiting = new Map<number, Waiting>();
  private readonly worker: Worker;
  private nextId = 0;

  constructor(data: ReaderData, onExit: () => void) {
    this.worker = new Worker(READER_PROGRAM, { eval: true, workerData: data });
    this.worker.on('message', (answer: Answer) => this.answer(answer));
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', () => {
      this.failAll(new Error('the SQLite reader stopped'));
      onExit();
    });
    // A reader waiting for statements must not keep the process alive.
    this.worker.unref();
  }

  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, sql, parameters });
    });
  }

  private answer({ id, rows, error }: Answer) {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    if (!waiting) return;
    if (error) waiting.reject(Object.assign(new Error(error.message), { code: error.code }));
    else waiting.resolve(rows ?? []);
  }

  private failAll(error: Error) {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }

  stop() {
    return this.worker.terminate();
  }
}

/** The readers of one file: each statement goes to the one with the fewest waiting. */
class ReaderPool {
  private readers: Reader[] = [];

  constructor(private readonly data: ReaderData) {}

  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.readers.length < SQLITE_READERS) {
      const reader: Reader = new Reader(this.data, () => {
        this.readers = this.readers.filter((each) => each !== reader);
      });
      this.readers.push(reader);
      return reader.read(sql, parameters);
    }
    const idlest = this.readers.reduce((best, each) =>
      each.waiting.size < best.waiting.size ? each : best,
    );
    return idlest.read(sql, parameters);
  }

  async close() {
    await Promise.all(this.readers.map((reader) => reader.stop()));
    this.readers = [];
  }
}

class ReaderConnection implements DatabaseConnection {
  constructor(private readonly pool: ReaderPool) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.pool.read(query.sql, query.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield -- a reader answers whole results only
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the SQLite readers do not stream');
  }
}

class ReaderDriver implements Driver {
  private readonly connection: ReaderConnection;

  constructor(private readonly pool: ReaderPool) {
    this.connection = new ReaderConnection(pool);
  }

  async init() {}

  async acquireConnection() {
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('the SQLite readers only read: a transaction runs on the app’s connection');
  }

  async commitTransaction() {}

  async rollbackTransaction() {}

  async releaseConnection() {}

  async destroy() {
    await this.pool.close();
  }
}

/** A Kysely whose statements are read by worker threads from `file` (never written). */
export function sqliteReaders<DB>(file: string, cacheKib: number): Kysely<DB> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const pool = new ReaderPool({ file: path.resolve(file), driver, cacheKib });
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ReaderDriver(pool),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return new Kysely<DB>({ dialect });
}
