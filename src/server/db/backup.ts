/**
 * Backup and restore of the app's database, for `npm run backup` and `npm run restore`.
 * A SQLite backup is a copy of the database file made with SQLite's online backup (safe while the
 * server runs); a PostgreSQL backup is a `pg_dump` archive in its custom format.
 */
import { execFile } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { isPostgresUrl, type DatabaseKind } from './database.ts';

/** A failure worth one line to the person running the command. */
export class BackupError extends Error {}

export interface BackupTools {
  /** The directory of pg_dump and pg_restore; otherwise PATH, then Debian's PostgreSQL 15. */
  pgBin?: string | undefined;
}

const DEBIAN_PG_BIN = '/usr/lib/postgresql/15/bin';

/** How each kind of backup file begins, so a restore can refuse the wrong kind before touching anything. */
const SIGNATURES: Record<DatabaseKind, string> = { sqlite: 'SQLite format 3\0', postgres: 'PGDMP' };
const EXTENSIONS: Record<DatabaseKind, string> = { sqlite: 'db', postgres: 'dump' };
const LABELS: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

const execFileAsync = promisify(execFile);

const kindOf = (url: string): DatabaseKind => (isPostgresUrl(url) ? 'postgres' : 'sqlite');

/** `backups/pathagar-<kind>-<UTC time>.<db|dump>`; no colons, so the name is valid everywhere. */
export function defaultBackupFile(url: string, now: Date): string {
  const kind = kindOf(url);
  const stamp = `${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
  return path.join('backups', `pathagar-${kind}-${stamp}.${EXTENSIONS[kind]}`);
}

function backupKindOf(file: string): DatabaseKind | null {
  const head = Buffer.alloc(16);
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, head, 0, head.length, 0);
  } finally {
    closeSync(descriptor);
  }
  const text = head.toString('latin1');
  return (
    (Object.keys(SIGNATURES) as DatabaseKind[]).find((kind) => text.startsWith(SIGNATURES[kind])) ??
    null
  );
}

/**
 * The password travels in PGPASSWORD rather than on the command line, where any local user
 * could read it in the process list.
 */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

async function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  url: string,
  tools: BackupTools,
): Promise<void> {
  const { dbname, env } = pgConnection(url);
  const candidates = tools.pgBin
    ? [path.join(tools.pgBin, tool)]
    : [tool, path.join(DEBIAN_PG_BIN, tool)];
  for (const [index, binary] of candidates.entries()) {
    try {
      await execFileAsync(binary, [...args, `--dbname=${dbname}`], { env });
      return;
    } catch (error) {
      const { code, stderr } = error as { code?: unknown; stderr?: string };
      if (code === 'ENOENT' && index < candidates.length - 1) continue;
      if (code === 'ENOENT')
        throw new BackupError(`${tool} not found: install PostgreSQL's client tools or set PG_BIN`);
      const firstLine = stderr?.trim().split('\n')[0];
      throw new BackupError(firstLine || `${tool} failed`);
    }
  }
}

async function backupSqlite(file: string, destination: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`there is no SQLite database at ${file}`);
  const source = new SqliteDatabase(file, { fileMustExist: true });
  try {
    await source.backup(destination);
  } finally {
    source.close();
  }
}

/** Writes the backup of the database at `url` into `file`, which must not exist yet. */
export async function backupDatabase(
  url: string,
  file: string,
  tools: BackupTools = {},
): Promise<void> {
  if (existsSync(file)) throw new BackupError(`Cannot back up: ${file} already exists`);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // Written under another name first, so a failure never leaves a truncated file that looks like a backup.
  const partial = `${file}.partial`;
  try {
    if (kindOf(url) === 'postgres')
      await runPgTool('pg_dump', ['--format=custom', `--file=${partial}`], url, tools);
    else await backupSqlite(url, partial);
    renameSync(partial, file);
  } catch (error) {
    throw new BackupError(
      `Cannot back up: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    rmSync(partial, { force: true });
  }
}

function checkSqliteFile(file: string): void {
  const copy = new SqliteDatabase(file, { fileMustExist: true });
  try {
    const result = copy.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`the backup is damaged (${String(result)})`);
  } finally {
    copy.close();
  }
}

/**
 * Replaces the SQLite file in one rename, so it is never seen half-copied. The server must be
 * stopped: it would keep the old file open.
 */
function restoreSqlite(target: string, backup: string): void {
  const destination = path.resolve(target);
  mkdirSync(path.dirname(destination), { recursive: true });
  // Beside the target, so the rename stays on one file system and is atomic.
  const temporary = `${destination}.restoring`;
  try {
    copyFileSync(backup, temporary);
    checkSqliteFile(temporary);
    // A write-ahead log left by the old database would be replayed into the restored one.
    for (const suffix of ['-wal', '-shm']) rmSync(`${destination}${suffix}`, { force: true });
    renameSync(temporary, destination);
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${temporary}${suffix}`, { force: true });
  }
}

/** Replaces the contents of the database at `url` with the backup in `file`. */
export async function restoreDatabase(
  url: string,
  file: string,
  tools: BackupTools = {},
): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`Cannot restore: ${file} does not exist`);
  const kind = kindOf(url);
  const found = backupKindOf(file);
  if (found === null) throw new BackupError(`Cannot restore: ${file} is not a Pathagar backup`);
  if (found !== kind) {
    throw new BackupError(
      `Cannot restore: ${file} is a ${LABELS[found]} backup, but DATABASE_URL is a ${LABELS[kind]} database`,
    );
  }
  try {
    if (kind === 'postgres') {
      // One transaction: a restore that fails half-way leaves the database as it was.
      await runPgTool(
        'pg_restore',
        ['--clean', '--if-exists', '--no-owner', '--single-transaction', file],
        url,
        tools,
      );
    } else {
      restoreSqlite(url, file);
    }
  } catch (error) {
    throw new BackupError(
      `Cannot restore: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
