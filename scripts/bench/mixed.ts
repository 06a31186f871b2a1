/**
 * The mixed workload (issue 16, item 10): every connection is a member who, in each round of 100
 * requests, reads the catalogue 89 times, signs in once, makes 7 requests of circulation (a
 * borrow, its renewal and its return, twice, and a look at their loans) and edits a book 3 times.
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

export type RequestKind = 'read' | 'write';

/** Latencies per kind, in milliseconds, and the answers that were not what the workload expects. */
export interface KindTimes {
  read: number[];
  write: number[];
  failures: number;
}

interface Timed {
  sentAt?: number;
  loanId?: string;
  edits?: number;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** A request that records its latency under its kind; `expect` says which statuses are right. */
function timed(
  times: KindTimes,
  kind: RequestKind,
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
      return setup ? setup(prepared, context as Timed) : prepared;
    },
    onResponse: (status, body, context) => {
      const { sentAt } = context as Timed;
      if (sentAt !== undefined) times[kind].push(performance.now() - sentAt);
      if (!expect(status)) times.failures += 1;
      else answered?.(body, context as Timed);
    },
  };
}

/** The reads of a round, in an order that mixes them. */
function reads(times: KindTimes, member: MixedMember, paths: ReadPaths): autocannon.Request[] {
  const each = (count: number, path: () => string) =>
    Array.from({ length: count }, () =>
      timed(times, 'read', {
        method: 'GET',
        headers: member.headers,
        setup: (request) => ({ ...request, path: path() }),
      }),
    );
  const all = [
    ...each(READ_MIX.book, paths.book),
    ...each(READ_MIX.categoryPage, paths.categoryPage),
    ...each(READ_MIX.search, paths.search),
  ];
  return all.sort(() => Math.random() - 0.5);
}

function signIn(times: KindTimes, member: MixedMember, origin: string): autocannon.Request {
  return timed(times, 'write', {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    headers: { ...member.headers, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
}

/** Borrow one of the member's books, renew the loan, return it. */
function loanCycle(times: KindTimes, member: MixedMember): autocannon.Request[] {
  const today = new Date().toISOString().slice(0, 10);
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const loanPath = (context: Timed) => `/api/borrowedBooks/${String(context.loanId)}`;
  return [
    timed(times, 'write', {
      method: 'POST',
      path: '/api/borrowedBooks',
      headers: { ...member.headers, 'content-type': 'application/json' },
      setup: (request) => ({
        ...request,
        body: JSON.stringify({ bookId: pick(member.books), borrowedDate: today, returnDate: due }),
      }),
      answered: (body, context) => {
        context.loanId = (JSON.parse(body) as { insertedId?: string }).insertedId;
      },
    }),
    timed(times, 'write', {
      method: 'POST',
      headers: member.headers,
      setup: (request, context) => ({ ...request, path: `${loanPath(context)}/renew` }),
    }),
    timed(times, 'write', {
      method: 'DELETE',
      headers: member.headers,
      setup: (request, context) => ({ ...request, path: loanPath(context) }),
    }),
  ];
}

/** A rename of a book drawn at random, back and forth between two names. */
function edit(times: KindTimes, member: MixedMember, books: EditedBook[]): autocannon.Request {
  return timed(times, 'write', {
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

/** Spreads `inserted` through `base` at random places, keeping the order of each. */
function interleave<T>(base: T[], inserted: T[]): T[] {
  const result = [...base];
  const places = inserted
    .map(() => Math.floor(Math.random() * (result.length + 1)))
    .sort((a, b) => a - b);
  places.forEach((place, index) => result.splice(place + index, 0, inserted[index] as T));
  return result;
}

/** One round of the mixed workload for each connection, a member each (taken in turn). */
export function mixedWorkload(
  times: KindTimes,
  members: MixedMember[],
  paths: ReadPaths,
  edited: EditedBook[],
  origin: string,
): () => Requests {
  let next = 0;
  return () => {
    const member = members[next++ % members.length] as MixedMember;
    const [first = [], second = []] = [loanCycle(times, member), loanCycle(times, member)];
    const loans = [...first, ...second, loansList(times, member)];
    const writes = [
      ...Array.from({ length: MIX.signIns }, () => signIn(times, member, origin)),
      ...Array.from({ length: MIX.edits }, () => edit(times, member, edited)),
    ];
    // The loans keep their order (borrow, renew, return); everything else falls anywhere.
    return interleave(interleave(reads(times, member, paths), loans), writes);
  };
}

/** A member looking at their loans: a read, though never one of the catalogue's. */
function loansList(times: KindTimes, member: MixedMember): autocannon.Request {
  return timed(times, 'read', {
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

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}
