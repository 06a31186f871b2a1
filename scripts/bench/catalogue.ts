/**
 * The `catalogue` and `million` parts of the bench: a generated catalogue (through the CSV import
 * or straight into the tables) beside the demo one, each endpoint measured on both servers in
 * alternating turns, searches one at a time, and the figures the report judges. The mixed part
 * reuses its catalogue and workloads.
 */
import http from 'node:http';
import { sql } from 'kysely';
import { DEFAULT_CATEGORIES } from '../../src/common/constants.ts';
import type { Book } from '../../src/common/types.ts';
import { encodeCursor } from '../../src/server/pagination.ts';
import { mergeSearchIndex } from '../../src/server/books/search-upkeep.ts';
import type { Notices } from '../../src/server/notices/notices.service.ts';
import type { ServerProcess } from '../../tests/support/server-process.ts';
import { addFakeBooks, addFakeMembersWithLoans } from './fake-catalogue.ts';
import { importFakeBooks } from './imported-catalogue.ts';
import { foldedWords } from '../../src/server/books/search-words.ts';
import { appToFill, browserHeaders, log, placeFor, signUpMember, startServer } from './servers.ts';
import {
  measureSideBySide,
  percentile,
  startBareServer,
  tenths,
  type SentAnswer,
  type LoadSettings,
  type Measurement,
  type Requests,
  type Workload,
} from './load.ts';
import {
  ENDPOINTS,
  type Endpoint,
  type CatalogueRun,
  type DatabaseKind,
  type SearchAlone,
} from './report.ts';

/** What the catalogue part reads of the bench's settings. */
export interface CatalogueSettings extends LoadSettings {
  /** How the generated books go in: through the CSV import or straight into the tables. */
  load: 'import' | 'direct';
}

/** Items on one page of a list, as the client asks for them. */
export const PAGE = 20;
const MEMBERS_WITH_LOANS = 3000;
/** What a reader types: an author, a title word, a name in full, a place, a Bengali word. */
export const SEARCHES = ['ahmed', 'river', 'humayun ahmed', 'sylhet', 'নদী'];

/** Books drawn at random from the generated catalogue, for requests no cache has seen. */
const DRAWN_BOOKS = 5000;

/** What the workloads need to know of a book drawn at random. */
export type DrawnBook = Pick<Book, '_id' | 'name' | 'author' | 'category' | 'createdAt'>;

export interface Generated {
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
export async function generateCatalogue(
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

export const pick = <T>(list: readonly T[]): T =>
  list[Math.floor(Math.random() * list.length)] as T;

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

/** The searches sent so far to each catalogue (by its list of drawn books). */
const sentSearches = new WeakMap<DrawnBook[], Set<string>>();

/** Draws enough to find a search not yet sent while any is left of its kind. */
const DRAWS_FOR_A_NEW_SEARCH = 1000;

/**
 * A search unlike the ones before it (issue 38's mix, which the index was not tuned on): one or
 * two words drawn from the catalogue's titles and authors by their frequency, each independently
 * of the other (so two words are often of different books), whole or by their first four letters
 * or more, so that the answer must come from the search index, not from memory. Never the same
 * search twice to one catalogue: drawn by frequency, one in six of 600 searches and a third of 4,200
 * came again (session 16), were answered from the server's memory, and a longer run measured a
 * faster search.
 */
export function freshSearch(drawn: DrawnBook[]): string {
  const words = catalogueWords(drawn);
  const sent = sentSearches.get(drawn) ?? new Set<string>();
  sentSearches.set(drawn, sent);
  // Half are one word; when the one-word searches run out (a thousand or so), two words.
  const wordCounts = Math.random() < 0.5 ? [1, 2] : [2];
  for (const count of wordCounts) {
    for (let draw = 0; draw < DRAWS_FOR_A_NEW_SEARCH; draw += 1) {
      const q = Array.from({ length: count }, () => asTyped(pick(words))).join(' ');
      if (sent.has(q)) continue;
      sent.add(q);
      return `/api/books?q=${encodeURIComponent(q)}&limit=${PAGE}`;
    }
  }
  throw new Error(`no new search in ${DRAWS_FOR_A_NEW_SEARCH} draws of the catalogue's words`);
}

/** The page after a book drawn at random, in its category: any depth, seldom the same twice. */
export function pageAfter(book: DrawnBook): string {
  const cursor = encodeCursor({ key: book.createdAt, id: book._id });
  return `/api/books?category=${encodeURIComponent(book.category)}&limit=${PAGE}&cursor=${cursor}`;
}

async function getJson<T>(server: ServerProcess, pathname: string): Promise<T> {
  return (await (await fetch(`${server.url}${pathname}`)).json()) as T;
}

/** The first page of each category, and one three quarters of the way through it. */
export async function categoryPages(
  server: ServerProcess,
): Promise<{ first: string[]; deep: string[] }> {
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
export function returnEveryLoan(server: ServerProcess, members: Record<string, string>[]) {
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
  settings: CatalogueSettings,
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
  settings: CatalogueSettings,
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

export interface KindResult {
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

export async function measureKind(
  kind: DatabaseKind,
  books: number,
  settings: CatalogueSettings,
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
