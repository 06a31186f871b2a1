/** The benchmark's verdicts on the targets, and the table that shows them. */
import type { Measurement } from './load.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface CatalogueRun {
  database: DatabaseKind;
  books: number;
  measurements: Measurement[];
  /** The most items any measured GET answered with, against the page it asked for. */
  largestAnswer: { items: number; limit: number };
  /** New searches one at a time (bench.ts, searchesOneAtATime); the generated catalogue's only. */
  searchAlone?: SearchAlone;
}

export interface Target {
  database: DatabaseKind;
  target: string;
  value: string;
  /** Undefined for a figure the issue asks to report, not to reach. */
  met?: boolean;
}

/** How many catalogue reads a server had, and how many its memory answered (its closing log line). */
export interface CacheFigures {
  reads: number;
  fromCache: number;
}

export interface MixedResult {
  database: DatabaseKind;
  books: number;
  members: number;
  /** Flat out: every member's next request as soon as the last is answered. */
  readOnlyRps: number;
  mixedRps: number;
  /** The mixed load's read p99 flat out, which is the queue's (reported, not judged). */
  flatOutReadP99Ms: number;
  /** At a reader's pace (mixed.ts, MEMBER_REQUESTS_PER_SECOND): what was answered, and the p99s. */
  pacedRps: number;
  readOnlyP99Ms: number;
  readP99Ms: number;
  /** Circulation and edits; sign-ins apart (mixed.ts, RequestKind), with how many were timed. */
  writeP99Ms: number;
  signInP99Ms: number;
  signIns: number;
  /** At a reader's pace, each request's p99 (mixed.ts's RequestName), to show where the tails are. */
  p99ByRequestMs: Record<string, number>;
  readOnlyP99ByRequestMs: Record<string, number>;
  failures: number;
  memory?: CacheFigures;
}

export interface BulkResult {
  database: DatabaseKind;
  seconds: number;
  rps: number;
  p99Ms: number;
  acknowledged: number;
  /** Books the catalogue counts afterwards. */
  kept: number;
}

export const ENDPOINTS = {
  book: 'GET /api/books/:id',
  categoryFirst: 'GET /api/books?category=…&limit=20 (first page)',
  categoryDeep: 'GET /api/books?category=…&limit=20 (deep page, cursor)',
  categoryAnyDepth: 'GET /api/books?category=…&limit=20 (any of 5,000 depths, cursor)',
  search: 'GET /api/books?q=…&limit=20 (five popular searches)',
  freshSearch: 'GET /api/books?q=…&limit=20 (a new search each time)',
  categories: 'GET /api/categories',
  borrowReturn: 'POST + DELETE /api/borrowedBooks (borrow, return)',
  limit: 'bare node:http, same bytes as the book',
} as const;

export type Endpoint = (typeof ENDPOINTS)[keyof typeof ENDPOINTS];

const MEMORY_BUDGET_MB = 200;
const STARTUP_BUDGET_MS = 5000;

/** What a catalogue's run is held to: a new search's p99 (50 ms at 100,000 books, 100 at a million). */
export interface CatalogueBudgets {
  searchP99Ms: number;
  startupMs: number;
}

export interface SearchAlone {
  p50Ms: number;
  p99Ms: number;
}

function find(run: CatalogueRun | undefined, endpoint: string): Measurement | undefined {
  return run?.measurements.find((measurement) => measurement.endpoint === endpoint);
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

function ratioTarget(
  database: DatabaseKind,
  target: string,
  measured: Measurement | undefined,
  reference: Measurement | undefined,
  minimum: number,
): Target {
  const ratio =
    measured && reference ? measured.requestsPerSecond / reference.requestsPerSecond : 0;
  return { database, target, value: percent(ratio), met: ratio >= minimum };
}

/** Every target of the issue that this run can judge, for one database. */
export function judge(
  large: CatalogueRun,
  demo: CatalogueRun,
  limit: Measurement,
  budgets: CatalogueBudgets,
): Target[] {
  const books = large.books.toLocaleString('en');
  const { database } = large;
  // Judged where the index must answer: a popular search is answered from the cache.
  const search = find(large, ENDPOINTS.freshSearch);
  const peakMemory = Math.max(...large.measurements.map((each) => each.peakMemoryMb ?? Infinity));
  const demoPage = find(demo, ENDPOINTS.categoryFirst);
  return [
    ratioTarget(
      database,
      `${books} books: book by id ≥ 50% of the bare server`,
      find(large, ENDPOINTS.book),
      limit,
      0.5,
    ),
    ratioTarget(
      database,
      `${books} books: category first page ≥ 70% of the demo catalogue`,
      find(large, ENDPOINTS.categoryFirst),
      demoPage,
      0.7,
    ),
    ratioTarget(
      database,
      `${books} books: category deep page ≥ 70% of the demo catalogue`,
      find(large, ENDPOINTS.categoryDeep),
      demoPage,
      0.7,
    ),
    ratioTarget(
      database,
      `${books} books: categories ≥ 70% of the demo catalogue`,
      find(large, ENDPOINTS.categories),
      find(demo, ENDPOINTS.categories),
      0.7,
    ),
    {
      database,
      target: `${books} books: a new search's p99 ≤ ${budgets.searchP99Ms} ms`,
      value: search ? `${search.p99Ms} ms` : 'not measured',
      met: search !== undefined && search.p99Ms <= budgets.searchP99Ms,
    },
    {
      database,
      target: `${books} books: a new search one at a time, p50 / p99`,
      value: large.searchAlone
        ? `${large.searchAlone.p50Ms} / ${large.searchAlone.p99Ms} ms`
        : 'not measured',
    },
    {
      database,
      target: `${books} books: start-up ≤ ${STARTUP_BUDGET_MS / 1000} s`,
      value: `${(budgets.startupMs / 1000).toFixed(1)} s`,
      met: budgets.startupMs <= STARTUP_BUDGET_MS,
    },
    {
      database,
      target: `${books} books: server memory under load ≤ ${MEMORY_BUDGET_MB} MB`,
      value: Number.isFinite(peakMemory) ? `${peakMemory} MB` : 'not measured',
      met: peakMemory <= MEMORY_BUDGET_MB,
    },
    {
      database,
      target: 'no answer larger than its page',
      value: `${large.largestAnswer.items} of ${large.largestAnswer.limit}`,
      met: large.largestAnswer.items <= large.largestAnswer.limit,
    },
  ];
}

function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * The measurements as a Markdown table, each against the bare server's requests per second as
 * measured beside the same database's runs.
 */
export function measurementTable(
  runs: CatalogueRun[],
  limits: { database: DatabaseKind; limit: Measurement }[],
): string {
  const row = (database: string, books: string, each: Measurement, limit?: Measurement) => [
    database,
    books,
    each.endpoint,
    `${each.requestsPerSecond} (${each.turnRates.join(', ')})`,
    String(each.p50Ms),
    String(each.p99Ms),
    limit ? percent(each.requestsPerSecond / limit.requestsPerSecond) : '—',
    String(each.failures),
    each.peakMemoryMb === null ? '—' : String(each.peakMemoryMb),
  ];
  const limitOf = (database: DatabaseKind) =>
    limits.find((each) => each.database === database)?.limit;
  return formatTable(
    [
      'database',
      'books',
      'endpoint',
      'req/s (each turn)',
      'p50 ms',
      'p99 ms',
      'of limit',
      'non-2xx',
      'server MB',
    ],
    [
      ...limits.map(({ database, limit }) => row(`(${database})`, '—', limit, limit)),
      ...runs.flatMap((run) =>
        run.measurements.map((each) =>
          row(run.database, run.books.toLocaleString('en'), each, limitOf(run.database)),
        ),
      ),
    ],
  );
}

const MIXED_SHARE_OF_READ_ONLY = 0.7;
const READ_P99_BUDGET_MS = 50;
const WRITE_P99_BUDGET_MS = 150;

const byRequest = (p99s: Record<string, number>) =>
  Object.entries(p99s)
    .sort(([first], [second]) => first.localeCompare(second))
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ');

/** The mixed workload's targets (issue 16, item 10), and the share of reads memory answered. */
export function judgeMixed(run: MixedResult): Target[] {
  const { database, memory } = run;
  const ratio = run.mixedRps / run.readOnlyRps;
  const who = `mixed, ${run.members} members`;
  const paced = `${who} at ${run.pacedRps} req/s`;
  return [
    {
      database,
      target: `${who}: flat out, req/s ≥ 70% of the read-only load's`,
      value: `${percent(ratio)} (${run.mixedRps} of ${run.readOnlyRps})`,
      met: ratio >= MIXED_SHARE_OF_READ_ONLY,
    },
    {
      database,
      target: `${who}: flat out, read p99 (the queue's)`,
      value: `${run.flatOutReadP99Ms} ms`,
    },
    {
      database,
      target: `${paced}: read p99 ≤ ${READ_P99_BUDGET_MS} ms`,
      value: `${run.readP99Ms} ms (read-only load: ${run.readOnlyP99Ms} ms)`,
      met: run.readP99Ms <= READ_P99_BUDGET_MS,
    },
    {
      database,
      target: `${paced}: write p99 (circulation, edits) ≤ ${WRITE_P99_BUDGET_MS} ms`,
      value: `${run.writeP99Ms} ms`,
      met: run.writeP99Ms <= WRITE_P99_BUDGET_MS,
    },
    {
      database,
      target: `${paced}: sign-in p99 (a password hash, slow by design)`,
      value: run.signIns > 0 ? `${run.signInP99Ms} ms (${run.signIns} sign-ins)` : 'none sent',
    },
    {
      database,
      target: `${paced}: p99 of each request`,
      value: `${byRequest(run.p99ByRequestMs)} (read-only load: ${byRequest(run.readOnlyP99ByRequestMs)})`,
    },
    {
      database,
      target: `${who}: answers not as expected`,
      value: String(run.failures),
      met: run.failures === 0,
    },
    {
      database,
      target: `${who}: catalogue reads answered from the cache`,
      value: memory
        ? `${percent(memory.fromCache / memory.reads)} (${memory.fromCache} of ${memory.reads})`
        : 'not logged',
    },
  ];
}

const BULK_BUDGET_S = 60;

export function judgeBulk(run: BulkResult, books: number, connections: number): Target[] {
  return [
    {
      database: run.database,
      target: `${books.toLocaleString('en')} POST /api/books from ${connections} connections ≤ ${BULK_BUDGET_S} s, every one kept`,
      value: `${run.seconds} s (${run.rps}/s, p99 ${run.p99Ms} ms; ${run.acknowledged} acknowledged, ${run.kept} kept)`,
      met: run.seconds <= BULK_BUDGET_S && run.acknowledged === books && run.kept === books,
    },
  ];
}

const verdict = (met: boolean | undefined) => (met === undefined ? 'reported' : met ? 'yes' : 'NO');

export function targetTable(targets: Target[]): string {
  return formatTable(
    ['database', 'target', 'measured', 'met'],
    targets.map((each) => [each.database, each.target, each.value, verdict(each.met)]),
  );
}

/**
 * Neither database's rate of new searches below 80% of the other's (issue 38), at each size both
 * were measured at: judged for the slower one.
 */
export function judgeSearchRates(runs: CatalogueRun[]): Target[] {
  const targets: Target[] = [];
  for (const books of new Set(runs.map((run) => run.books))) {
    const sqlite = find(
      runs.find((run) => run.books === books && run.database === 'sqlite'),
      ENDPOINTS.freshSearch,
    );
    const postgres = find(
      runs.find((run) => run.books === books && run.database === 'postgres'),
      ENDPOINTS.freshSearch,
    );
    if (!sqlite || !postgres) continue;
    const [slower, faster, database] =
      sqlite.requestsPerSecond <= postgres.requestsPerSecond
        ? [sqlite, postgres, 'sqlite' as const]
        : [postgres, sqlite, 'postgres' as const];
    targets.push(
      ratioTarget(
        database,
        `${books.toLocaleString('en')} books: a new search's rate ≥ 80% of the other database's`,
        slower,
        faster,
        0.8,
      ),
    );
  }
  return targets;
}
