/**
 * A throwaway PostgreSQL 15 cluster on a free loopback port, for tests and benchmarks.
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { userInfo } from 'node:os';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** A URL of the cluster's `postgres` database, for administration. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

function runAsOwner(command: string, args: string[]) {
  const binary = path.join(PG_BIN, command);
  if (userInfo().uid === 0)
    execFileSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'pipe' });
  else execFileSync(binary, args, { stdio: 'pipe' });
}

/**
 * Tests and most benchmarks run without fsync (fast, and nothing of theirs must outlive a crash of
 * the machine); `durable` keeps PostgreSQL's default, for figures of writes as a library would run them.
 */
export async function startPostgresCluster({ durable = false } = {}): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pathagar-pg-'));
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  runAsOwner('initdb', [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  runAsOwner('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=${durable ? 'on' : 'off'}`,
  ]);
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop() {
      try {
        runAsOwner('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
