/**
 * `npm run bench [-- PART… --books N --duration S --connections C --members M --million N --bulk N --sign-ins N --db sqlite|postgres|both --load import|direct]`
 *
 * On SQLite and on a throwaway PostgreSQL cluster in turn, the parts asked for (all by default):
 * - `catalogue`: seeds the demo catalogue and a generated one of N books (default 100,000) with
 *   members and loans, starts the real server on each, and loads them with autocannon from this
 *   machine, in alternating turns with a bare node:http server answering the bytes of one book
 *   (the limit);
 * - `million`: the same at 1,000,000 books (`--million`), with the start-up time;
 * - `mixed`: M members at once (default 200) reading, signing in, borrowing and editing against
 *   the read-only load of the same members (scripts/bench/mixed.ts);
 * - `bulk`: N `POST /api/books` from 16 connections (default 20,000; PostgreSQL with fsync on);
 * - `desk`: C desks lending by scan at 100,000 books and 10,000 members (scripts/bench/desk.ts).
 * Prints the tables and the verdict on each target of the issue, and writes them to
 * bench-results/latest.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPostgresCluster } from '../tests/support/postgres-cluster.ts';
import type { ServerProcess } from '../tests/support/server-process.ts';
import autocannon from 'autocannon';
import { pacedLoad } from './bench/paced.ts';
import { judgeDesk, measureDesk, type DeskResult } from './bench/desk.ts';
import { MEMBER_PASSWORD, log, placeFor, signUpMember, startServer } from './bench/servers.ts';
import {
  MEMBER_REQUESTS_PER_SECOND,
  MIX,
  READ_MIX,
  emptyTimes,
  mixedWorkload,
  readOnlyWorkload,
  type KindTimes,
  type MixedMember,
} from './bench/mixed.ts';
import { ROUNDS, fire, percentile, tenths, type LoadSettings } from './bench/load.ts';
import {
  judge,
  judgeBulk,
  judgeMixed,
  judgeSearchRates,
  measurementTable,
  targetTable,
  type BulkResult,
  type DatabaseKind,
  type CacheFigures,
  type MixedResult,
  type Target,
} from './bench/report.ts';

import {
  PAGE,
  SEARCHES,
  categoryPages,
  freshSearch,
  generateCatalogue,
  measureKind,
  pageAfter,
  pick,
  returnEveryLoan,
  type KindResult,
} from './bench/catalogue.ts';
const RESULTS_FILE = 'bench-results/latest.json';

const PARTS = ['catalogue', 'million', 'mixed', 'bulk', 'desk'] as const;
type Part = (typeof PARTS)[number];

interface Settings extends LoadSettings {
  parts: Part[];
  books: number;
  million: number;
  members: number;
  /** Books added through the API by the `bulk` part. */
  bulk: number;
  /**
   * Sign-ins in each member's round of the mixed part (MIX.signIns); 0 shows what the rest of
   * the mix costs without the password hash.
   */
  signIns: number;
  databases: DatabaseKind[];
  /** How the generated books go in: through the CSV import (the default) or straight into the tables. */
  load: 'import' | 'direct';
}

function readSettings(): Settings {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      books: { type: 'string', default: '100000' },
      million: { type: 'string', default: '1000000' },
      members: { type: 'string', default: '200' },
      bulk: { type: 'string', default: '20000' },
      'sign-ins': { type: 'string', default: String(MIX.signIns) },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      db: { type: 'string', default: 'both' },
      load: { type: 'string', default: 'import' },
    },
  });
  const unknown = positionals.filter((part) => !PARTS.includes(part as Part));
  if (unknown.length > 0)
    throw new Error(`parts are ${PARTS.join(', ')}; not ${unknown.join(', ')}`);
  const atLeast = (least: number) => (name: string, value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < least)
      throw new Error(`--${name} must be a whole number ≥ ${least}`);
    return number;
  };
  const positive = atLeast(1);
  const whole = atLeast(0);
  if (!['sqlite', 'postgres', 'both'].includes(values.db))
    throw new Error('--db must be sqlite, postgres or both');
  if (!['import', 'direct'].includes(values.load))
    throw new Error('--load must be import or direct');
  return {
    parts: positionals.length > 0 ? (positionals as Part[]) : [...PARTS],
    books: positive('books', values.books),
    million: positive('million', values.million),
    members: positive('members', values.members),
    bulk: positive('bulk', values.bulk),
    signIns: whole('sign-ins', values['sign-ins']),
    duration: positive('duration', values.duration),
    connections: positive('connections', values.connections),
    databases: values.db === 'both' ? ['sqlite', 'postgres'] : [values.db as DatabaseKind],
    load: values.load as 'import' | 'direct',
  };
}

/** A sign-in of a member signed up before, answered when the server has hashed its password. */
async function signIn(server: ServerProcess, member: MixedMember): Promise<void> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { ...member.headers, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
}

/** The line a server logs on closing with how many catalogue reads memory answered. */
function cacheFiguresLogged(server: ServerProcess): () => CacheFigures | undefined {
  let figures: CacheFigures | undefined;
  let pending = '';
  server.child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines)
      if (line.includes('"catalogueCache"'))
        figures = (JSON.parse(line) as { catalogueCache: CacheFigures }).catalogueCache;
  });
  return () => figures;
}

const SIGN_UPS_AT_ONCE = 10;

const p99ByRequest = (times: KindTimes) =>
  Object.fromEntries(
    Object.entries(times.byRequest).map(([name, took]) => [name, tenths(percentile(took, 0.99))]),
  );

function resetTimes(times: KindTimes) {
  times.read.length = 0;
  times.write.length = 0;
  times.signIn.length = 0;
  times.byRequest = {};
  times.failures = 0;
}

/** A book read as readers read: the chance of the book at rank r of n falls as r^(-2/3) (n·u³). */
const skewedBook = (ids: string[]) => () =>
  `/api/books/${ids[Math.floor(ids.length * Math.random() ** 3)] as string}`;

/**
 * The mixed workload against the same members' reads alone, on two servers sharing one
 * generated catalogue, in alternating turns; the read-only server takes no writes, the mixed
 * one all of them. Both log at `info`, as `LOG_LEVEL` does by default.
 */
async function measureMixed(kind: DatabaseKind, settings: Settings): Promise<MixedResult> {
  const place = await placeFor(kind);
  const started: ServerProcess[] = [];
  try {
    log(`${kind}: generating ${settings.books} books for the mixed load`);
    const generated = await generateCatalogue(place.largeUrl, settings.books, settings.load);
    const readServer = await startServer(place.largeUrl, false, 'info');
    started.push(readServer);
    const mixedServer = await startServer(place.largeUrl, false, 'info');
    started.push(mixedServer);
    const figures = cacheFiguresLogged(mixedServer);
    log(`${kind}: signing up ${settings.members} members`);
    const members: MixedMember[] = [];
    // A few at a time: each sign-up hashes a password, which takes the server's CPU.
    for (let start = 0; start < settings.members; start += SIGN_UPS_AT_ONCE) {
      const count = Math.min(SIGN_UPS_AT_ONCE, settings.members - start);
      const signedUp = await Promise.all(
        Array.from({ length: count }, (_, offset) => signUpMember(mixedServer, start + offset)),
      );
      for (const [offset, { headers, email }] of signedUp.entries()) {
        const index = start + offset;
        const books = [0, 1].map(
          (each) => generated.lendable[(index * 2 + each) % generated.lendable.length] as string,
        );
        members.push({ headers, email, password: MEMBER_PASSWORD, books });
      }
    }
    const { first, deep } = await categoryPages(readServer);
    const searches = SEARCHES.map((q) => `/api/books?q=${encodeURIComponent(q)}&limit=${PAGE}`);
    const paths = {
      book: skewedBook(generated.ids),
      categoryPage: () =>
        Math.random() < 0.5 ? pick([...first, ...deep]) : pageAfter(pick(generated.drawn)),
      search: () => (Math.random() < 0.5 ? pick(searches) : freshSearch(generated.drawn)),
    };
    const readOnlyTimes = emptyTimes();
    const mixedTimes = emptyTimes();
    const readOnly = readOnlyWorkload(readOnlyTimes, members, paths);
    const mixed = mixedWorkload(
      mixedTimes,
      members,
      paths,
      generated.drawn.slice(0, 1000),
      mixedServer.url,
      settings.signIns,
    );
    const settle = returnEveryLoan(
      mixedServer,
      members.map((member) => member.headers),
    );
    const turnSeconds = Math.max(1, Math.round(settings.duration / ROUNDS));
    const connections = settings.members;
    log(`${kind}: warming up`);
    await fire(
      readServer.url,
      readOnly,
      Math.max(1, Math.round(settings.duration / 5)),
      connections,
    );
    await fire(mixedServer.url, mixed, Math.max(1, Math.round(settings.duration / 5)), connections);
    await settle();
    for (const times of [readOnlyTimes, mixedTimes]) resetTimes(times);
    const rates = { readOnly: [] as number[], mixed: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      log(`${kind}: mixed load flat out, round ${round + 1} of ${ROUNDS}`);
      rates.readOnly.push(
        (await fire(readServer.url, readOnly, turnSeconds, connections)).requests.average,
      );
      rates.mixed.push(
        (await fire(mixedServer.url, mixed, turnSeconds, connections)).requests.average,
      );
      await settle();
    }
    const failures = mixedTimes.failures + readOnlyTimes.failures;
    const flatOutReadP99 = percentile(mixedTimes.read, 0.99);
    // Sign-ins of the last turn that autocannon gave up on still wait for their hash; one more
    // sign-in waits behind them (they take turns, first come first served), so the paced run
    // starts on a server that has caught up.
    await signIn(mixedServer, members[0] as MixedMember);
    // The latencies judged: every member at a reader's pace (MEMBER_REQUESTS_PER_SECOND).
    log(`${kind}: mixed load at a reader's pace, ${settings.duration} s`);
    for (const times of [readOnlyTimes, mixedTimes]) resetTimes(times);
    const pacedRps = await pacedLoad(
      mixedServer.url,
      mixed,
      connections,
      settings.duration,
      MEMBER_REQUESTS_PER_SECOND,
    );
    await settle();
    await pacedLoad(
      readServer.url,
      readOnly,
      connections,
      settings.duration,
      MEMBER_REQUESTS_PER_SECOND,
    );
    await mixedServer.stop();
    const median = (values: number[]) => percentile(values, 0.5);
    return {
      database: kind,
      books: settings.books,
      members: settings.members,
      readOnlyRps: Math.round(median(rates.readOnly)),
      mixedRps: Math.round(median(rates.mixed)),
      flatOutReadP99Ms: tenths(flatOutReadP99),
      pacedRps: Math.round(pacedRps),
      readP99Ms: tenths(percentile(mixedTimes.read, 0.99)),
      writeP99Ms: tenths(percentile(mixedTimes.write, 0.99)),
      signInP99Ms: tenths(percentile(mixedTimes.signIn, 0.99)),
      signIns: mixedTimes.signIn.length,
      readOnlyP99Ms: tenths(percentile(readOnlyTimes.read, 0.99)),
      p99ByRequestMs: p99ByRequest(mixedTimes),
      readOnlyP99ByRequestMs: p99ByRequest(readOnlyTimes),
      failures: failures + mixedTimes.failures + readOnlyTimes.failures,
      memory: figures(),
    };
  } finally {
    for (const each of started.reverse()) await each.stop();
    place.release();
  }
}

const BULK_CONNECTIONS = 16;

/**
 * 20,000 books added through the API from 16 connections, on an empty database; PostgreSQL with
 * fsync on, as a library runs it. Answers the time taken and whether every book was kept.
 */
async function measureBulk(kind: DatabaseKind, books: number): Promise<BulkResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pathagar-bulk-'));
  const cluster = kind === 'postgres' ? await startPostgresCluster({ durable: true }) : undefined;
  let server: ServerProcess | undefined;
  try {
    let url = path.join(dir, 'bulk.db');
    if (cluster) {
      const admin = new pg.Client({ connectionString: cluster.adminUrl });
      await admin.connect();
      await admin.query('create database bench_bulk');
      await admin.end();
      url = cluster.urlFor('bench_bulk');
    }
    server = await startServer(url, false);
    const { headers } = await signUpMember(server, 0);
    log(`${kind}: ${books} POST /api/books from ${BULK_CONNECTIONS} connections`);
    const result = await autocannon({
      url: server.url,
      connections: BULK_CONNECTIONS,
      amount: books,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          path: '/api/books',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Lalsalu',
            author: 'Syed Waliullah',
            category: 'Novel',
            quantity: 3,
            rating: 4.5,
            shortDescription: 'A stranger builds a shrine and a following in a poor village.',
            image: '/covers/lalsalu.svg',
          }),
        },
      ],
    });
    const kept = Number(
      (await fetch(`${server.url}/api/books?limit=1`)).headers.get('x-total-count'),
    );
    return {
      database: kind,
      seconds: Math.round(result.duration * 10) / 10,
      rps: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      acknowledged: result['2xx'],
      kept,
    };
  } finally {
    await server?.stop();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const settings = readSettings();
  const catalogues: KindResult[] = [];
  const mixedRuns: MixedResult[] = [];
  const bulkRuns: BulkResult[] = [];
  const deskRuns: DeskResult[] = [];
  const targets: Target[] = [];
  const sizes = [
    ...(settings.parts.includes('catalogue') ? [{ books: settings.books, searchP99Ms: 50 }] : []),
    ...(settings.parts.includes('million') ? [{ books: settings.million, searchP99Ms: 100 }] : []),
  ];
  for (const kind of settings.databases) {
    for (const { books, searchP99Ms } of sizes) {
      const result = await measureKind(kind, books, settings);
      catalogues.push(result);
      targets.push(
        ...judge(result.large, result.demo, result.limit, {
          searchP99Ms,
          startupMs: result.startupMs,
        }),
      );
    }
    if (settings.parts.includes('mixed')) {
      const run = await measureMixed(kind, settings);
      mixedRuns.push(run);
      targets.push(...judgeMixed(run));
    }
    if (settings.parts.includes('bulk')) {
      const run = await measureBulk(kind, settings.bulk);
      bulkRuns.push(run);
      targets.push(...judgeBulk(run, settings.bulk, BULK_CONNECTIONS));
    }
    if (settings.parts.includes('desk')) {
      const run = await measureDesk(kind, settings);
      deskRuns.push(run);
      targets.push(...judgeDesk(run));
    }
  }
  targets.push(...judgeSearchRates(catalogues.map(({ large }) => large)));
  const runs = catalogues.flatMap(({ demo, large }) => [demo, large]);
  const limits = catalogues.map(({ large, limit }) => ({ database: large.database, limit }));
  const machine = {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? '',
    node: process.version,
    loadAverage: os.loadavg(),
  };
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ date: new Date().toISOString(), machine, settings, limits, runs, mixed: mixedRuns, bulk: bulkRuns, desk: deskRuns, targets }, null, 2)}\n`,
  );
  if (runs.length > 0) {
    console.log(measurementTable(runs, limits));
    console.log();
  }
  console.log(targetTable(targets));
  console.log(
    `\n${settings.connections} connections (mixed: ${settings.members} members; ${MIX.reads}/${settings.signIns}/${MIX.circulation}/${MIX.edits} reads/sign-ins/circulation/edits, reads ${READ_MIX.book}/${READ_MIX.categoryPage}/${READ_MIX.search} book/category page/search), ${settings.duration} s per endpoint and server in ${ROUNDS} alternating turns, on ${machine.cpus} × ${machine.cpu}, load average ${machine.loadAverage.map((each) => each.toFixed(2)).join(' ')} at the end; written to ${RESULTS_FILE}`,
  );
}

await main();
