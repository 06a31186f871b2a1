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
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { DEFAULT_CATEGORIES } from '../src/common/constants.ts';
import type { Book } from '../src/common/types.ts';
import { encodeCursor } from '../src/server/pagination.ts';
import { mergeSearchIndex } from '../src/server/books/search-upkeep.ts';
import type { Notices } from '../src/server/notices/notices.service.ts';
import { startPostgresCluster } from '../tests/support/postgres-cluster.ts';
import type { ServerProcess } from '../tests/support/server-process.ts';
import autocannon from 'autocannon';
import { addFakeBooks, addFakeMembersWithLoans } from './bench/fake-catalogue.ts';
import { importFakeBooks } from './bench/imported-catalogue.ts';
import { foldedWords } from '../src/server/books/search-words.ts';
import { pacedLoad } from './bench/paced.ts';
import { judgeDesk, measureDesk, type DeskResult } from './bench/desk.ts';
import {
  MEMBER_PASSWORD,
  appToFill,
  browserHeaders,
  log,
  placeFor,
  signUpMember,
  startServer,
} from './bench/servers.ts';
import {
  MEMBER_REQUESTS_PER_SECOND,
  MIX,
  READ_MIX,
  emptyTimes,
  mixedWorkload,
  percentile,
  readOnlyWorkload,
  type KindTimes,
  type MixedMember,
} from './bench/mixed.ts';
import {
  ROUNDS,
  fire,
  measureSideBySide,
  startBareServer,
  type SentAnswer,
  type LoadSettings,
  type Measurement,
  type Requests,
  type Workload,
} from './bench/load.ts';
import {
  ENDPOINTS,
  type Endpoint,
  judge,
  judgeBulk,
  judgeMixed,
  judgeSearchRates,
  measurementTable,
  targetTable,
  type BulkResult,
  type CatalogueRun,
  type DatabaseKind,
  type CacheFigures,
  type MixedResult,
  type SearchAlone,
  type Target,
} from './bench/report.ts';

const PAGE = 20;
const MEMBERS_WITH_LOANS = 3000;
/** What a reader types: an author, a title word, a name in full, a place, a Bengali word. */
const SEARCHES = ['ahmed', 'river', 'humayun ahmed', 'sylhet', 'নদী'];
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

/** Books drawn at random from the generated catalogue, for requests no cache has seen. */
const DRAWN_BOOKS = 5000;

/** What the workloads need to know of a book drawn at random. */
type DrawnBook = Pick<Book, '_id' | 'name' | 'author' | 'category' | 'createdAt'>;

interface Generated {
  ids: string[];
  drawn: DrawnBook[];
  /** Books with at least two copies on the shelf, for members to borrow. */
  lendable: string[];
}

/** Books set aside for the mixed workload's members to borrow, two each. */
const LENDABLE_BOOKS = 1000;

/**
 * Sends every notice the generated loans are due (due soon, overdue), as a running library has
 * sent them over the weeks its loans were made. Left to the servers, this backlog (about 2,400
 * mails, taken 400 a minute by the notice schedule) ran through every measurement of the bench and
 * took its share of the servers' time.
 */
async function sendDueNotices(notices: Notices): Promise<number> {
  let sent = 0;
  let found: number;
  do {
    found = await notices.sweep();
    for (let round = await notices.deliver(); round > 0; round = await notices.deliver()) {
      sent += round;
    }
  } while (found > 0);
  return sent;
}

/**
 * Migrates an empty database and fills it: books, members, their loans (their notices sent).
 * Answers the book ids and DRAWN_BOOKS of the books, drawn at random.
 */
async function generateCatalogue(
  url: string,
  books: number,
  load: 'import' | 'direct',
): Promise<Generated> {
  const app = await appToFill(url);
  try {
    const { db, kind } = app.database;
    const started = Date.now();
    // Through the catalogue's CSV import, as the targets are stated (issue 38), or straight
    // into the tables with the triggers set aside (`--load direct`: minutes instead of an hour).
    const ids =
      load === 'import' ? await importFakeBooks(app, books) : await addFakeBooks(url, kind, books);
    const loans = await addFakeMembersWithLoans(db, ids, Math.min(MEMBERS_WITH_LOANS, books));
    const notices = await sendDueNotices(app.notices);
    // What autovacuum would soon do after a bulk load; SQLite's planner needs no statistics here.
    if (kind === 'postgres') await sql`analyze`.execute(db);
    // What the servers' search upkeep would do a minute after their start, in the measurements.
    else await mergeSearchIndex(db, { pauseMs: 0 });
    log(
      `generated ${books} books and ${loans} loans (${notices} notices sent) in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    const drawn = await db
      .selectFrom('book')
      .select(['id as _id', 'name', 'author', 'category', 'createdAt'])
      .orderBy(sql`random()`)
      .limit(DRAWN_BOOKS)
      .execute();
    const lendable = await db
      .selectFrom('book')
      .select('id')
      .where('quantity', '>=', 2)
      .orderBy('createdAt', 'desc')
      .limit(LENDABLE_BOOKS)
      .execute();
    return { ids, drawn: drawn as DrawnBook[], lendable: lendable.map((book) => book.id) };
  } finally {
    await app.close();
  }
}

/** Starts a server and answers how long it took to answer its first request. */
async function timedStart(url: string): Promise<{ server: ServerProcess; startupMs: number }> {
  const started = performance.now();
  const server = await startServer(url, false);
  return { server, startupMs: Math.round(performance.now() - started) };
}

/** An answer as it travels: its bytes, compressed or not, and their encoding. */
function rawAnswer(url: string, headers: Record<string, string>): Promise<SentAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            encoding: response.headers['content-encoding'],
          }),
        );
      })
      .on('error', reject);
  });
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

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** Each request goes where `next` says, asked anew for every request. */
const eachTo = (next: () => string, headers: Record<string, string>): Requests => [
  { method: 'GET', headers, setupRequest: (request) => ({ ...request, path: next() }) },
];

/** Each request goes to one of `paths`, at random. */
const anyOf = (paths: string[], headers: Record<string, string>) =>
  eachTo(() => pick(paths), headers);

/** The shortest beginning of a word a reader types to find it. */
const SHORTEST_BEGINNING = 4;

/** A word as a reader types it: whole, or (half the time, for a longer word) its beginning. */
function asTyped(word: string): string {
  const letters = [...word];
  if (letters.length <= SHORTEST_BEGINNING || Math.random() < 0.5) return word;
  const length =
    SHORTEST_BEGINNING + Math.floor(Math.random() * (letters.length - SHORTEST_BEGINNING));
  return letters.slice(0, length).join('');
}

/**
 * The words of the drawn books' titles and authors, each as often as it occurs among them (of
 * three letters or more): drawn from at random, a word comes as often as the catalogue has it.
 * Kept per list of drawn books.
 */
const wordsByFrequency = new WeakMap<DrawnBook[], string[]>();

function catalogueWords(drawn: DrawnBook[]): string[] {
  let words = wordsByFrequency.get(drawn);
  if (!words) {
    words = drawn
      .flatMap((book) => foldedWords(`${book.name} ${book.author}`))
      .filter((word) => [...word].length >= 3);
    wordsByFrequency.set(drawn, words);
  }
  return words;
}

/**
 * A search unlike the ones before it (issue 38's mix, which the index was not tuned on): one or
 * two words drawn from the catalogue's titles and authors by their frequency, each independently
 * of the other (so two words are often of different books), whole or by their first four letters
 * or more, so that the answer must come from the search index, not from memory.
 */
function freshSearch(drawn: DrawnBook[]): string {
  const words = catalogueWords(drawn);
  const chosen = Math.random() < 0.5 ? [pick(words)] : [pick(words), pick(words)];
  const q = chosen.map(asTyped).join(' ');
  return `/api/books?q=${encodeURIComponent(q)}&limit=${PAGE}`;
}

/** The page after a book drawn at random, in its category: any depth, seldom the same twice. */
function pageAfter(book: DrawnBook): string {
  const cursor = encodeCursor({ key: book.createdAt, id: book._id });
  return `/api/books?category=${encodeURIComponent(book.category)}&limit=${PAGE}&cursor=${cursor}`;
}

async function getJson<T>(server: ServerProcess, pathname: string): Promise<T> {
  return (await (await fetch(`${server.url}${pathname}`)).json()) as T;
}

/** The first page of each category, and one three quarters of the way through it. */
async function categoryPages(server: ServerProcess): Promise<{ first: string[]; deep: string[] }> {
  const first = DEFAULT_CATEGORIES.map(
    (name) => `/api/books?category=${encodeURIComponent(name)}&limit=${PAGE}`,
  );
  const deep: string[] = [];
  for (const name of DEFAULT_CATEGORIES) {
    const response = await fetch(
      `${server.url}/api/books?category=${encodeURIComponent(name)}&limit=1`,
    );
    const depth = Math.floor(Number(response.headers.get('x-total-count')) * 0.75);
    // Reached by page number once, here only; the measured requests follow the cursor from there.
    const [book] = await getJson<Book[]>(
      server,
      `/api/books?category=${encodeURIComponent(name)}&limit=1&page=${depth}`,
    );
    if (book) {
      const cursor = encodeCursor({ key: book.createdAt, id: book._id });
      deep.push(`/api/books?category=${encodeURIComponent(name)}&limit=${PAGE}&cursor=${cursor}`);
    }
  }
  return { first, deep };
}

/** What a connection remembers between its borrow and its return. */
interface Loan {
  loanId?: string;
}

/** Every connection is one member, borrowing one of its own books and returning it, again and again. */
function borrowAndReturn(members: Record<string, string>[], bookIds: string[]): () => Requests {
  const today = new Date().toISOString().slice(0, 10);
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  let next = 0;
  return () => {
    const index = next++ % members.length;
    const headers = members[index];
    const books = bookIds.filter((_, position) => position % members.length === index);
    return [
      {
        method: 'POST',
        path: '/api/borrowedBooks',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ bookId: pick(books), borrowedDate: today, returnDate: due }),
        }),
        onResponse: (_status, body, context) => {
          (context as Loan).loanId = (JSON.parse(body) as { insertedId?: string }).insertedId;
        },
      },
      {
        method: 'DELETE',
        headers,
        setupRequest: (request, context) => ({
          ...request,
          path: `/api/borrowedBooks/${String((context as Loan).loanId)}`,
        }),
      },
    ];
  };
}

/** Long enough for the server to finish what a turn's connections had sent. */
const IN_FLIGHT_MS = 250;

/**
 * Returns every loan the members hold: a turn that stops between a borrow and its return leaves
 * the loan, and the next turn's borrows of that book would be refused.
 */
function returnEveryLoan(server: ServerProcess, members: Record<string, string>[]) {
  return async () => {
    // Requests still in flight when the turn ended finish first.
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_MS));
    for (const headers of members) {
      const loans = (await (
        await fetch(`${server.url}/api/borrowedBooks`, { headers })
      ).json()) as { _id: string }[];
      for (const loan of loans) {
        const response = await fetch(`${server.url}/api/borrowedBooks/${loan._id}`, {
          method: 'DELETE',
          headers,
        });
        // 404: a return still in flight when the turn ended got there first.
        if (!response.ok && response.status !== 404)
          throw new Error(`could not return a loan: ${response.status}`);
      }
    }
  };
}

/** The most items any of these GETs answers with; each asked for at most PAGE. */
async function largestAnswer(server: ServerProcess, paths: string[]): Promise<number> {
  const sizes = await Promise.all(
    paths.map(async (each) => (await getJson<unknown[]>(server, each)).length),
  );
  return Math.max(...sizes);
}

/** `count` of the ids, at random, so reads spread over the whole catalogue as readers' do. */
const sample = (ids: string[], count: number) => Array.from({ length: count }, () => pick(ids));

/** A server with its catalogue, the workloads it is measured on, and its process for memory. */
interface Contender {
  url: string;
  pid: number;
  workloads: Partial<Record<Endpoint, Workload>>;
  /** What to do after each turn at an endpoint (see Participant.settle). */
  settle?: Partial<Record<Endpoint, () => Promise<void>>>;
}

async function demoContender(server: ServerProcess): Promise<Contender> {
  const headers = await browserHeaders(server);
  const ids = (await getJson<Book[]>(server, '/api/books?limit=200')).map((book) => book._id);
  const { first } = await categoryPages(server);
  return {
    url: server.url,
    pid: server.child.pid ?? 0,
    workloads: {
      [ENDPOINTS.book]: anyOf(
        ids.map((id) => `/api/books/${id}`),
        headers,
      ),
      [ENDPOINTS.categoryFirst]: anyOf(first, headers),
      [ENDPOINTS.categories]: anyOf(['/api/categories'], headers),
    },
  };
}

async function largeContender(
  server: ServerProcess,
  { ids, drawn }: Generated,
  settings: Settings,
): Promise<Contender & { pages: string[]; bookAnswer: SentAnswer }> {
  const headers = await browserHeaders(server);
  const bookPaths = sample(ids, 1000).map((id) => `/api/books/${id}`);
  // The newest books with a copy on the shelf, shared out among the members who borrow them.
  const books = await getJson<Book[]>(server, '/api/books?limit=200&available=true');
  const { first, deep } = await categoryPages(server);
  const searches = SEARCHES.map((q) => `/api/books?q=${encodeURIComponent(q)}&limit=${PAGE}`);
  const members = (
    await Promise.all(
      Array.from({ length: settings.connections }, (_, index) => signUpMember(server, index)),
    )
  ).map((member) => member.headers);
  return {
    url: server.url,
    pid: server.child.pid ?? 0,
    workloads: {
      [ENDPOINTS.book]: anyOf(bookPaths, headers),
      [ENDPOINTS.categoryFirst]: anyOf(first, headers),
      [ENDPOINTS.categoryDeep]: anyOf(deep, headers),
      [ENDPOINTS.categoryAnyDepth]: eachTo(() => pageAfter(pick(drawn)), headers),
      [ENDPOINTS.search]: anyOf(searches, headers),
      [ENDPOINTS.freshSearch]: eachTo(() => freshSearch(drawn), headers),
      [ENDPOINTS.categories]: anyOf(['/api/categories'], headers),
      [ENDPOINTS.borrowReturn]: borrowAndReturn(
        members,
        books.map((book) => book._id),
      ),
    },
    settle: { [ENDPOINTS.borrowReturn]: returnEveryLoan(server, members) },
    pages: [
      ...first,
      ...deep,
      ...searches,
      ...drawn.slice(0, 20).map(pageAfter),
      ...drawn.slice(0, 20).map(() => freshSearch(drawn)),
    ],
    bookAnswer: await rawAnswer(`${server.url}${bookPaths[0]}`, headers),
  };
}

/**
 * Every endpoint on every contender that serves it, in alternating rounds (see load.ts), so the
 * demo catalogue, the large one and the bare server are compared under the same load of the
 * machine. Answers each contender's measurements.
 */
async function measureAll(
  contenders: Contender[],
  settings: Settings,
  label: string,
): Promise<Measurement[][]> {
  const results: Measurement[][] = contenders.map(() => []);
  for (const endpoint of Object.values(ENDPOINTS)) {
    const taking = contenders.flatMap((contender, index) => {
      const workload = contender.workloads[endpoint];
      const settle = contender.settle?.[endpoint];
      return workload ? [{ index, url: contender.url, pid: contender.pid, workload, settle }] : [];
    });
    if (taking.length === 0) continue;
    log(`${label}: ${endpoint}`);
    const measured = await measureSideBySide(endpoint, taking, settings);
    taking.forEach(({ index }, position) =>
      results[index]?.push(measured[position] as Measurement),
    );
  }
  return results;
}

interface KindResult {
  demo: CatalogueRun;
  large: CatalogueRun;
  limit: Measurement;
  startupMs: number;
}

const SEARCHES_ONE_AT_A_TIME = 300;

/**
 * New searches sent one at a time, none waiting behind another: what a search itself takes. The
 * new-search workload's p99, from 10 connections flat out, is mostly their queue (each waits for
 * the searches of the other nine), so this says how much of it is the search.
 */
async function searchesOneAtATime(server: ServerProcess, drawn: DrawnBook[]): Promise<SearchAlone> {
  const took: number[] = [];
  for (let count = 0; count < SEARCHES_ONE_AT_A_TIME; count += 1) {
    const started = performance.now();
    await (await fetch(`${server.url}${freshSearch(drawn)}`)).arrayBuffer();
    took.push(performance.now() - started);
  }
  return { p50Ms: tenths(percentile(took, 0.5)), p99Ms: tenths(percentile(took, 0.99)) };
}

async function measureKind(
  kind: DatabaseKind,
  books: number,
  settings: Settings,
): Promise<KindResult> {
  const place = await placeFor(kind);
  const started: { stop(): unknown }[] = [];
  try {
    log(`${kind}: generating ${books} books`);
    const generated = await generateCatalogue(place.largeUrl, books, settings.load);
    const demoServer = await startServer(place.demoUrl, true);
    started.push(demoServer);
    const { server: largeServer, startupMs } = await timedStart(place.largeUrl);
    started.push(largeServer);
    const demo = await demoContender(demoServer);
    const large = await largeContender(largeServer, generated, settings);
    const bare = await startBareServer(large.bookAnswer);
    started.push(bare);
    // The very requests of the book workload (paths, cookies), so that the load generator, which
    // shares this machine, spends on the limit what it spends on the server.
    const limit: Contender = {
      url: bare.url,
      pid: bare.pid,
      workloads: { [ENDPOINTS.book]: large.workloads[ENDPOINTS.book] },
    };
    const [demoRuns = [], largeRuns = [], limitRuns = []] = await measureAll(
      [demo, large, limit],
      settings,
      `${kind}, ${books.toLocaleString('en')} books`,
    );
    log(`${kind}: ${SEARCHES_ONE_AT_A_TIME} new searches one at a time`);
    const searchAlone = await searchesOneAtATime(largeServer, generated.drawn);
    const demoTotal = Number(
      (await fetch(`${demo.url}/api/books?limit=1`)).headers.get('x-total-count'),
    );
    const demoPages = (await categoryPages(demoServer)).first;
    return {
      demo: {
        database: kind,
        books: demoTotal,
        measurements: demoRuns,
        largestAnswer: { items: await largestAnswer(demoServer, demoPages), limit: PAGE },
      },
      large: {
        database: kind,
        books,
        measurements: largeRuns,
        largestAnswer: { items: await largestAnswer(largeServer, large.pages), limit: PAGE },
        searchAlone,
      },
      limit: { ...(limitRuns[0] as Measurement), endpoint: ENDPOINTS.limit },
      startupMs,
    };
  } finally {
    for (const each of started.reverse()) await each.stop();
    place.release();
  }
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

const tenths = (value: number) => Math.round(value * 10) / 10;

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
