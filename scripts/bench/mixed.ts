/**
 * The mixed workload (issue 16, item 10): every connection is a member who, in each round of 100
 * requests in an order drawn anew, reads the catalogue 89 times, signs in once, makes 7 requests
 * of circulation (6 steps of borrowing a book, renewing the loan and returning it, and a look at
 * their loans) and edits a book 3 times.
 * The read-only workload is the same members' 89 reads alone. Each request's latency is taken per
 * kind (read or write), from the moment autocannon prepares it to its answer, since autocannon's
 * own figures mix both kinds.
 *
 * One sign-in in 100 requests, not the issue's example of 5: a session lasts a week, so a member
 * signs in once a visit at most, and a sign-in hashes the password (scrypt, about 100 ms of one
 * core here) — at 5 in 100, the hashing alone would need more than both cores at the read-only
 * load's rate.
 */
import type autocannon from 'autocannon';
import type { Requests } from './load.ts';

/** What one connection needs: its member's headers and address, its own books, and where to read. */
export interface MixedMember {
  headers: Record<string, string>;
  email: string;
  password: string;
  /** Books only this member borrows, so members never wait for each other's copies. */
  books: string[];
}

export interface ReadPaths {
  /** A book read, skewed as readers' are: a few books are asked for far more than the rest. */
  book: () => string;
  categoryPage: () => string;
  search: () => string;
}

/** Books edited, at random, and their names and authors as they stand. */
export interface EditedBook {
  _id: string;
  name: string;
  author: string;
}

export const MIX = { reads: 89, signIns: 1, circulation: 7, edits: 3 } as const;
/** Of the 89 reads: a book, a category's page, a search. */
export const READ_MIX = { book: 49, categoryPage: 20, search: 20 } as const;

/**
 * The pace of each member in the turns whose latencies are judged: a request a second (a page
 * opened every two or three seconds), so 200 members offer 200 requests a second. Flat out,
 * 200 connections with no pause queue behind each other, and a request's latency is the queue's
 * (Little's law: 200 waiting at 1,000 answers a second is 200 ms each), whatever the server does.
 */
export const MEMBER_REQUESTS_PER_SECOND = 1;

/**
 * Reads (the catalogue, one's loans), writes (circulation and edits) and sign-ins, the issue's own
 * categories. A sign-in is kept apart from the writes: its time is the password hash's, about
 * 95 ms of one core by design (auth/password-hashing.ts), so counted among the writes, whose
 * tenth it is, it would make their p99 a measure of scrypt's cost rather than of the library.
 */
export type RequestKind = 'read' | 'write' | 'signIn';

/** The requests of the workload, by what they do, for the latencies of each. */
export type RequestName =
  | 'book'
  | 'category page'
  | 'search'
  | 'loans list'
  | 'sign-in'
  | 'borrow'
  | 'renew'
  | 'return'
  | 'edit';

/**
 * Latencies per kind and per request, in milliseconds, and the answers that were not what the
 * workload expects.
 */
export interface KindTimes {
  read: number[];
  write: number[];
  signIn: number[];
  byRequest: Partial<Record<RequestName, number[]>>;
  failures: number;
}

export const emptyTimes = (): KindTimes => ({
  read: [],
  write: [],
  signIn: [],
  byRequest: {},
  failures: 0,
});

/** What a connection remembers between its requests. */
interface Timed {
  sentAt?: number;
  /** The request in flight, by name. */
  sent?: RequestName;
  /** The member's loan, while one is out, and whether it has been renewed. */
  loanId?: string;
  renewed?: boolean;
  edits?: number;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** A request that records its latency under its kind; `expect` says which statuses are right. */
function timed(
  times: KindTimes,
  kind: RequestKind,
  name: RequestName | ((context: Timed) => RequestName),
  request: Omit<autocannon.Request, 'setupRequest' | 'onResponse'> & {
    setup?: (request: autocannon.Request, context: Timed) => autocannon.Request;
    answered?: (body: string, context: Timed) => void;
  },
  expect = (status: number) => status < 400,
): autocannon.Request {
  const { setup, answered, ...fields } = request;
  return {
    ...fields,
    setupRequest: (prepared, context) => {
      (context as Timed).sentAt = performance.now();
      (context as Timed).sent = typeof name === 'function' ? name(context as Timed) : name;
      return setup ? setup(prepared, context as Timed) : prepared;
    },
    onResponse: (status, body, context) => {
      const { sentAt, sent } = context as Timed;
      if (sentAt !== undefined && sent !== undefined) {
        const took = performance.now() - sentAt;
        times[kind].push(took);
        (times.byRequest[sent] ??= []).push(took);
      }
      if (!expect(status)) times.failures += 1;
      else answered?.(body, context as Timed);
    },
  };
}

/** The reads of a round, in an order that mixes them. */
function reads(times: KindTimes, member: MixedMember, paths: ReadPaths): autocannon.Request[] {
  const each = (count: number, name: RequestName, path: () => string) =>
    Array.from({ length: count }, () =>
      timed(times, 'read', name, {
        method: 'GET',
        headers: member.headers,
        setup: (request) => ({ ...request, path: path() }),
      }),
    );
  const all = [
    ...each(READ_MIX.book, 'book', paths.book),
    ...each(READ_MIX.categoryPage, 'category page', paths.categoryPage),
    ...each(READ_MIX.search, 'search', paths.search),
  ];
  return shuffled(all);
}

function signIn(times: KindTimes, member: MixedMember, origin: string): autocannon.Request {
  return timed(times, 'signIn', 'sign-in', {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    headers: { ...member.headers, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
}

/** The next step of a member's loan: borrow a book, renew the loan, return it, and again. */
const nextLoanStep = (context: Timed): RequestName =>
  context.loanId === undefined ? 'borrow' : context.renewed ? 'return' : 'renew';

/**
 * A request of circulation: the member's next loan step, whichever it is, so that any stretch of a
 * round — the first few requests of a short run included — holds circulation in its proportion.
 */
function loanStep(times: KindTimes, member: MixedMember): autocannon.Request {
  const today = new Date().toISOString().slice(0, 10);
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const loanPath = (context: Timed) => `/api/borrowedBooks/${String(context.loanId)}`;
  return timed(times, 'write', nextLoanStep, {
    headers: member.headers,
    setup: (request, context) => {
      const step = nextLoanStep(context);
      if (step === 'renew')
        return { ...request, method: 'POST', path: `${loanPath(context)}/renew` };
      if (step === 'return') return { ...request, method: 'DELETE', path: loanPath(context) };
      return {
        ...request,
        method: 'POST',
        path: '/api/borrowedBooks',
        headers: { ...member.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ bookId: pick(member.books), borrowedDate: today, returnDate: due }),
      };
    },
    answered: (body, context) => {
      const step = nextLoanStep(context);
      if (step === 'borrow') {
        context.loanId = (JSON.parse(body) as { insertedId?: string }).insertedId;
        context.renewed = false;
      } else if (step === 'renew') context.renewed = true;
      else context.loanId = undefined;
    },
  });
}

/** A rename of a book drawn at random, back and forth between two names. */
function edit(times: KindTimes, member: MixedMember, books: EditedBook[]): autocannon.Request {
  return timed(times, 'write', 'edit', {
    method: 'PATCH',
    headers: { ...member.headers, 'content-type': 'application/json' },
    setup: (request, context) => {
      const book = pick(books);
      context.edits = (context.edits ?? 0) + 1;
      const name = context.edits % 2 === 0 ? book.name : `${book.name} (revised)`;
      return {
        ...request,
        path: `/api/books/${book._id}`,
        body: JSON.stringify({ name, author: book.author }),
      };
    },
  });
}

/** The same items in an order drawn at random, each order as likely as any other (Fisher–Yates). */
function shuffled<T>(items: T[]): T[] {
  const result = [...items];
  for (let last = result.length - 1; last > 0; last -= 1) {
    const other = Math.floor(Math.random() * (last + 1));
    [result[last], result[other]] = [result[other] as T, result[last] as T];
  }
  return result;
}

/** One round of the mixed workload for each connection, a member each (taken in turn). */
export function mixedWorkload(
  times: KindTimes,
  members: MixedMember[],
  paths: ReadPaths,
  edited: EditedBook[],
  origin: string,
  signIns: number = MIX.signIns,
): () => Requests {
  let next = 0;
  return () => {
    const member = members[next++ % members.length] as MixedMember;
    const repeated = (count: number, request: () => autocannon.Request) =>
      Array.from({ length: count }, request);
    // Every request falls anywhere in the round: a run shorter than a round (each turn starts
    // one anew) then meets every kind in its share. The loan's steps keep their order because
    // each circulation request is the member's next step, whatever it is.
    return shuffled([
      ...reads(times, member, paths),
      ...repeated(signIns, () => signIn(times, member, origin)),
      ...repeated(MIX.circulation - 1, () => loanStep(times, member)),
      loansList(times, member),
      ...repeated(MIX.edits, () => edit(times, member, edited)),
    ]);
  };
}

/** A member looking at their loans: a read, though never one of the catalogue's. */
function loansList(times: KindTimes, member: MixedMember): autocannon.Request {
  return timed(times, 'read', 'loans list', {
    method: 'GET',
    path: '/api/borrowedBooks',
    headers: member.headers,
  });
}

/** The same members' reads alone. */
export function readOnlyWorkload(
  times: KindTimes,
  members: MixedMember[],
  paths: ReadPaths,
): () => Requests {
  let next = 0;
  return () => reads(times, members[next++ % members.length] as MixedMember, paths);
}
