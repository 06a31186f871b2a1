/**
 * A version of the database's contents that moves whenever they may have changed, by this process
 * or by another one sharing the database. What a cache keeps is good for as long as the version
 * it was read under stays current (books/catalogue-memory.ts).
 *
 * - SQLite answers from the connection itself: `total_changes()` counts every row this connection
 *   has written (exact, and cheap), and `data_version` moves when any other connection commits. The
 *   latter takes the file's locks (about 3 µs, as much as the rest of a cached answer), so it is
 *   read at most once a millisecond: another process's change shows within a millisecond.
 * - PostgreSQL has no such number a process can read without a round trip, so the version is a
 *   counter that this process moves around each of its own writing statements, and on every
 *   notification that migration 0003's trigger sends when another process changes a book. It is
 *   unknown (nothing may be cached) while the listening connection is down.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';

export interface ChangeVersion {
  /** The current version; undefined while changes cannot be followed. */
  current(): string | number | undefined;
  close(): Promise<void>;
}

/** The channel migration 0003's trigger notifies after any statement that changes a book. */
export const CATALOGUE_CHANNEL = 'pathagar_catalogue';

const LISTEN_RETRY_MS = 1000;

/** How long a read of another connection's commits stands (SQLite). */
export const OTHERS_COMMITS_CHECK_MS = 1;

export function sqliteChangeVersion(sqlite: SqliteDatabase.Database): ChangeVersion {
  const ownChanges = sqlite.prepare<[], number>('select total_changes()').pluck();
  const othersCommits = sqlite.prepare<[], number>('pragma data_version').pluck();
  let othersChecked = { at: -Infinity, version: 0 };
  const othersVersion = () => {
    const now = performance.now();
    if (now - othersChecked.at >= OTHERS_COMMITS_CHECK_MS) {
      othersChecked = { at: now, version: othersCommits.get() ?? 0 };
    }
    return othersChecked.version;
  };
  return {
    current: () => `${ownChanges.get()}:${othersVersion()}`,
    close: async () => {},
  };
}

/** Statements that only read; everything else (writes, `begin`, `commit`) moves the version. */
const READ_ONLY = /^\s*select\b/i;

export interface PostgresChangeVersion extends ChangeVersion {
  /** The pool Kysely should use: the given one, with this process's writing statements counted. */
  pool: PostgresPool;
}

/**
 * Counts this process's writes through `pool` and listens on its own connection for other
 * processes' changes to the catalogue, reconnecting after a second when that connection is lost.
 */
export function postgresChangeVersion(url: string, pool: pg.Pool): PostgresChangeVersion {
  let counter = 0;
  let listening = false;
  let closed = false;
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const moved = () => {
    counter += 1;
  };

  async function listen() {
    const client = new pg.Client({ connectionString: url });
    listener = client;
    let lostAlready = false;
    const lost = () => {
      if (lostAlready) return;
      lostAlready = true;
      listening = false;
      moved();
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void listen(), LISTEN_RETRY_MS);
    };
    client.on('notification', moved);
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`listen "${CATALOGUE_CHANNEL}"`);
      moved();
      listening = !closed;
    } catch {
      lost();
    }
  }

  async function countedQuery(client: pg.PoolClient, text: string, parameters: readonly unknown[]) {
    if (READ_ONLY.test(text)) return client.query(text, [...parameters]);
    // Moved before, for readers that start while the write runs; after, for those that started
    // before it and finish once it is done.
    moved();
    try {
      return await client.query(text, [...parameters]);
    } finally {
      moved();
    }
  }

  // Through unknown: Kysely's client type also takes a cursor, which this app never streams with.
  const counted = (client: pg.PoolClient) =>
    ({
      query: (text: string, parameters: readonly unknown[]) =>
        countedQuery(client, text, parameters),
      release: () => client.release(),
    }) as unknown as PostgresPoolClient;

  return {
    pool: {
      connect: async () => counted(await pool.connect()),
      end: () => pool.end(),
    },
    current() {
      // The first look starts the listening; tools that never cache (backup, migrations) never listen.
      if (listener === undefined && !closed) void listen();
      return listening ? counter : undefined;
    },
    async close() {
      closed = true;
      listening = false;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
    },
  };
}
