/**
 * Which books of the catalogue have changed, and whether only their copies moved, by this process
 * or by another one sharing the database, as the database itself tells (migrations 0070 and
 * 0080). What the books service keeps in memory is forgotten for those books (and the lists,
 * counts and categories they may change), and for nothing else: a sign-in, a session or a loan
 * row written leaves it alone.
 *
 * A change is "copies only" when nothing of a book but `quantity`, `holds` and `updatedAt` moved
 * (a borrow, a return, a hold, a copy added): the database compares each updated row with what it
 * was, so every process learns the kind of another's change as surely as its books.
 *
 * - SQLite: triggers write each changed book into `catalogueChange`, marked `copiesOnly` or not.
 *   The rows past the last one seen are read on this process's own connection right after each of
 *   its statements that may have committed a write (exact: the next request sees it), and whenever
 *   `data_version` says another connection committed (that pragma takes the file's locks, about
 *   3 µs, so it is asked at most once a millisecond: another process's change shows within a
 *   millisecond).
 * - PostgreSQL: a statement trigger's notice names the changed books, after a first element
 *   `copies` when the statement moved only copies; a connection of its own listens. A notice
 *   arrives asynchronously, so after each of this process's writing statements
 *   the next reader first waits for a `select 1` on the listening connection: PostgreSQL sends a
 *   session the notices of transactions committed before a query ahead of that query's answer,
 *   so this process's own changes are known before anything is read from memory again. While the
 *   listening connection is down, changes cannot be followed and nothing may be kept.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { PostgresPool, PostgresPoolClient, SqliteDialectConfig } from 'kysely';
import pg from 'pg';

/**
 * What changed: these books, `copiesOnly` when nothing of them but their copies moved (`quantity`,
 * `holds`, `updatedAt`); or anything at all (a truncation, a gap in what could be heard).
 */
export type CatalogueChange = { books: string[]; copiesOnly: boolean } | 'everything';

export interface CatalogueChanges {
  /**
   * Brings this process up to date (the listeners hear every change first) and answers a number
   * that moves with every change seen; undefined while changes cannot be followed.
   */
  current(): Promise<number | undefined>;
  /** Called with each change, as soon as this process learns of it. */
  onChange(listener: (change: CatalogueChange) => void): void;
  close(): Promise<void>;
}

/**
 * The channel migration 0070's triggers notify (PostgreSQL): changed ids joined by commas, or `*`;
 * since migration 0080, after `copies` when only copies moved.
 */
export const CATALOGUE_CHANNEL = 'pathagar_catalogue';

/** The first element of a notice whose books changed only in their copies (migration 0080). */
const COPIES_ONLY = 'copies';

const LISTEN = `listen "${CATALOGUE_CHANNEL}"`;

const LISTEN_RETRY_MS = 1000;

/** How long a read of another connection's commits stands (SQLite). */
export const OTHERS_COMMITS_CHECK_MS = 1;

/** More rows than this since the last look: forget everything rather than book by book. */
const CHANGES_READ_AT_ONCE = 500;

/** Listeners and the number that moves with each change they hear. */
function changeFeed() {
  const listeners: ((change: CatalogueChange) => void)[] = [];
  let version = 0;
  return {
    get version() {
      return version;
    },
    onChange: (listener: (change: CatalogueChange) => void) => void listeners.push(listener),
    announce(change: CatalogueChange) {
      version += 1;
      for (const listener of listeners) listener(change);
    },
  };
}

/**
 * Announces the books of some `catalogueChange` rows: those changed otherwise, then those whose
 * every row moved copies only. Forgetting for one change and then the other is what one would do.
 */
function announceRows(
  feed: ReturnType<typeof changeFeed>,
  rows: { bookId: string; copiesOnly: number }[],
) {
  const edited = new Set(rows.filter((row) => !row.copiesOnly).map((row) => row.bookId));
  const copiesMoved = new Set(rows.map((row) => row.bookId).filter((id) => !edited.has(id)));
  if (edited.size > 0) feed.announce({ books: [...edited], copiesOnly: false });
  if (copiesMoved.size > 0) feed.announce({ books: [...copiesMoved], copiesOnly: true });
}

export interface SqliteCatalogueChanges extends CatalogueChanges {
  /** The connection as Kysely should use it: statements compiled once, and each write followed. */
  database: SqliteDialectConfig['database'];
}

/** Enough for every query text the app writes; texts that vary (long IN lists, batches) take turns. */
const CACHED_STATEMENTS = 200;

type KyselyStatement = ReturnType<
  Exclude<SqliteDialectConfig['database'], () => unknown>['prepare']
>;

export function sqliteCatalogueChanges(sqlite: SqliteDatabase.Database): SqliteCatalogueChanges {
  const feed = changeFeed();
  const othersCommits = sqlite.prepare<[], number>('pragma data_version').pluck();
  let readChanges: SqliteDatabase.Statement<
    [number, number],
    { id: number; bookId: string; copiesOnly: number }
  >;
  let newestChange: SqliteDatabase.Statement<[], number>;
  let lastSeen: number | undefined;
  let othersChecked = { at: -Infinity, version: 0 };

  /** Reads the changes committed since the last look, on this connection, outside any transaction. */
  function catchUp() {
    if (sqlite.inTransaction) return;
    // Prepared on first use: the table comes with migration 0070, after the connection opens.
    readChanges ??= sqlite.prepare(
      'select "id", "bookId", "copiesOnly" from "catalogueChange" where "id" > ? order by "id" limit ?',
    );
    newestChange ??= sqlite.prepare<[], number>('select max("id") from "catalogueChange"').pluck();
    if (lastSeen === undefined) {
      lastSeen = newestChange.get() ?? 0;
      return;
    }
    const rows = readChanges.all(lastSeen, CHANGES_READ_AT_ONCE + 1);
    const last = rows.at(-1);
    if (!last) return;
    // Rows gone past the last one seen (only the newest thousand are kept), or too many to read.
    const gap = rows[0]?.id !== lastSeen + 1 || rows.length > CHANGES_READ_AT_ONCE;
    lastSeen = gap ? (newestChange.get() ?? 0) : last.id;
    if (gap) feed.announce('everything');
    else announceRows(feed, rows);
  }

  /** Catches up after a statement that may have committed a write: a write outside a transaction, or a transaction's end. */
  function followed(statement: SqliteDatabase.Statement): KyselyStatement {
    const execute = <R>(work: () => R): R => {
      const wasInTransaction = sqlite.inTransaction;
      const result = work();
      // Before the first look (migrations, tools that never cache) there is nothing to follow.
      const mayHaveCommitted = wasInTransaction || !statement.readonly;
      if (lastSeen !== undefined && mayHaveCommitted && !sqlite.inTransaction) catchUp();
      return result;
    };
    return {
      reader: statement.reader,
      all: (parameters) => execute(() => statement.all(parameters)),
      run: (parameters) => execute(() => statement.run(parameters)),
      iterate: (parameters) => statement.iterate(parameters),
    };
  }

  // Kysely prepares every query it runs, and better-sqlite3 compiles on every prepare; the app's
  // queries are a few dozen texts, so each is compiled once and kept (least recently used goes).
  // Reusing a statement is safe: better-sqlite3 runs each to completion before returning.
  const statements = new Map<string, KyselyStatement>();
  const database: SqliteCatalogueChanges['database'] = {
    close: () => sqlite.close(),
    prepare(text: string) {
      const statement = statements.get(text) ?? followed(sqlite.prepare(text));
      statements.delete(text);
      statements.set(text, statement);
      if (statements.size > CACHED_STATEMENTS)
        statements.delete(statements.keys().next().value ?? '');
      return statement;
    },
  };

  return {
    database,
    onChange: feed.onChange,
    async current() {
      const now = performance.now();
      if (now - othersChecked.at >= OTHERS_COMMITS_CHECK_MS) {
        const version = othersCommits.get() ?? 0;
        if (version !== othersChecked.version || lastSeen === undefined) catchUp();
        othersChecked = { at: now, version };
      }
      return lastSeen === undefined ? undefined : feed.version;
    },
    close: async () => {},
  };
}

/** Statements that only read; everything else (writes, `begin`, `commit`) may have changed a book. */
const READ_ONLY = /^\s*select\b/i;

export interface PostgresCatalogueChanges extends CatalogueChanges {
  /** The pool Kysely should use: the given one, with this process's writing statements followed. */
  pool: PostgresPool;
}

/**
 * Listens on a connection of its own for the notices of migration 0070, reconnecting after a
 * second when that connection is lost, and follows this process's writes through `pool`.
 */
export function postgresCatalogueChanges(url: string, pool: pg.Pool): PostgresCatalogueChanges {
  const feed = changeFeed();
  let listening = false;
  let closed = false;
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** This process's writing statements finished, and how many of them have surely been heard of. */
  let written = 0;
  let heard = 0;
  let hearing: { upTo: number; done: Promise<void> } | undefined;

  function heardOf(payload: string | undefined) {
    const elements = payload ? payload.split(',') : [];
    const copiesOnly = elements[0] === COPIES_ONLY;
    const books = copiesOnly ? elements.slice(1) : elements;
    feed.announce(books.length === 0 || books.includes('*') ? 'everything' : { books, copiesOnly });
  }

  async function listen() {
    const client = new pg.Client({ connectionString: url });
    listener = client;
    let lostAlready = false;
    const lost = () => {
      if (lostAlready) return;
      lostAlready = true;
      listening = false;
      feed.announce('everything');
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void listen(), LISTEN_RETRY_MS);
    };
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) heardOf(message.payload);
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(LISTEN);
      // Whatever changed while nobody listened.
      feed.announce('everything');
      heard = written;
      listening = !closed;
    } catch {
      lost();
    }
  }

  /** Waits until the notices of every write this process has finished have arrived. */
  function hearOwnWrites(): Promise<void> {
    if (heard >= written || !listening || !listener) return Promise.resolve();
    if (hearing && hearing.upTo >= written) return hearing.done;
    const upTo = written;
    const client = listener;
    const previous = hearing?.done ?? Promise.resolve();
    const done = previous
      // Listening again changes nothing, and is a round trip like any other query.
      .then(() => client.query(LISTEN))
      .then(
        () => {
          heard = Math.max(heard, upTo);
        },
        // The connection is lost: 'error' or 'end' stops the listening, and nothing is kept.
        () => {},
      );
    hearing = { upTo, done };
    return done;
  }

  async function followedQuery(
    client: pg.PoolClient,
    text: string,
    parameters: readonly unknown[],
  ) {
    if (READ_ONLY.test(text)) return client.query(text, [...parameters]);
    try {
      return await client.query(text, [...parameters]);
    } finally {
      written += 1;
    }
  }

  // Through unknown: Kysely's client type also takes a cursor, which this app never streams with.
  const followed = (client: pg.PoolClient) =>
    ({
      query: (text: string, parameters: readonly unknown[]) =>
        followedQuery(client, text, parameters),
      release: () => client.release(),
    }) as unknown as PostgresPoolClient;

  return {
    pool: {
      connect: async () => followed(await pool.connect()),
      end: () => pool.end(),
    },
    onChange: feed.onChange,
    async current() {
      // The first look starts the listening; tools that never cache (backup, migrations) never listen.
      if (listener === undefined && !closed) void listen();
      await hearOwnWrites();
      return listening ? feed.version : undefined;
    },
    async close() {
      closed = true;
      listening = false;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
    },
  };
}
