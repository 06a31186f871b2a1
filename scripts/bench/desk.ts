/**
 * The `desk` part of the bench (issue 35, item 14): a library of 100,000 books with a copy on the
 * shelf for each one it says it has, and 10,000 members with cards; several desks, each at a
 * librarian's pace, scan a member's card (GET /api/desk/cards/:card) then a copy to lend it
 * (POST /api/desk/checkout), and later scan it back in (POST /api/desk/checkin). Judged: the
 * 95th percentile of the card lookup and of the checkout, each ≤ 150 ms.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql, type Kysely } from 'kysely';
import { newBarcodes, addShelfCopies } from '../../src/server/copies/copies.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import type { ServerProcess } from '../../tests/support/server-process.ts';
import { addFakeBooks } from './fake-catalogue.ts';
import { percentile, tenths } from './load.ts';
import type { DatabaseKind, Target } from './report.ts';
import { appToFill, log, placeFor, signUpMember, startServer } from './servers.ts';

export const DESK_BOOKS = 100_000;
export const DESK_MEMBERS = 10_000;
/** The 95th percentile the card lookup and the checkout each stay within (issue 35, item 14). */
const DESK_P95_MS = 150;
/** Rows written per statement while the library is filled. */
const BATCH = 1000;

export interface DeskResult {
  database: DatabaseKind;
  desks: number;
  cycles: number;
  failures: number;
  p50Ms: Record<DeskStep, number>;
  p95Ms: Record<DeskStep, number>;
}

type DeskStep = 'cardLookup' | 'checkout' | 'checkin';

/**
 * Members straight into better-auth's table (they never sign in), each with a library card and a
 * year's membership, as a sign-up gives them (else a desk's first lookup of each would write it).
 */
async function addCardholders(db: Kysely<DB>, count: number): Promise<string[]> {
  const users = db as unknown as Kysely<{ user: Record<string, unknown> }>;
  const now = new Date().toISOString();
  const cards: string[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const members = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => ({
      id: randomUUID(),
      name: `Member ${start + offset + 1}`,
      email: `desk-member-${start + offset + 1}@bench.example.org`,
      // 1 reads as true in both databases' boolean columns (SQLite has no booleans).
      emailVerified: 1,
      image: '/images/avatar-placeholder.svg',
      createdAt: now,
      updatedAt: now,
    }));
    await users.insertInto('user').values(members).execute();
    const numbers = await newBarcodes(db, 'card', members.length);
    await db
      .insertInto('libraryCard')
      .values(
        members.map((member, index) => ({
          cardNumber: numbers[index] as string,
          userId: member.id,
          issuedAt: now,
        })),
      )
      .execute();
    const today = now.slice(0, 10);
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    await db
      .insertInto('membership')
      .values(
        members.map((member) => ({ userId: member.id, memberSince: today, expiresOn: nextYear })),
      )
      .execute();
    cards.push(...numbers);
  }
  return cards;
}

/** Fills an empty library: books, a copy on the shelf for each one a book says it has, members. */
async function fillLibrary(url: string, kind: DatabaseKind) {
  const app = await appToFill(url);
  try {
    const { db } = app.database;
    const started = Date.now();
    await addFakeBooks(url, kind, DESK_BOOKS);
    const books = await db.selectFrom('book').select(['id', 'quantity']).execute();
    for (let start = 0; start < books.length; start += BATCH * 10) {
      const batch = books.slice(start, start + BATCH * 10);
      await db.transaction().execute((tx) =>
        addShelfCopies(
          tx,
          batch.map((book) => ({ bookId: book.id, count: book.quantity })),
          new Date(),
        ),
      );
    }
    const cards = await addCardholders(db, DESK_MEMBERS);
    if (kind === 'postgres') await sql`analyze`.execute(db);
    const barcodes = await db
      .selectFrom('copy')
      .select('barcode')
      .orderBy(sql`random()`)
      .limit(5000)
      .execute();
    log(
      `desk: ${books.length} books, their copies and ${cards.length} cards in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    return { cards, barcodes: barcodes.map((row) => row.barcode) };
  } finally {
    await app.close();
  }
}

/** One JSON request on a keep-alive agent; answers its status and the milliseconds it took. */
function timed(
  agent: http.Agent,
  server: ServerProcess,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, origin: server.url, 'content-type': 'application/json' },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A librarian's time between two scans: exponential, with a mean of a second. */
const scanPause = () => -Math.log(1 - Math.random()) * 1000;

/**
 * `desks` desks for `seconds`, each lending copies of its own share of `barcodes` to members
 * drawn at random and scanning each back in.
 */
async function runDesks(
  server: ServerProcess,
  headers: Record<string, string>,
  library: { cards: string[]; barcodes: string[] },
  desks: number,
  seconds: number,
) {
  const times: Record<DeskStep, number[]> = { cardLookup: [], checkout: [], checkin: [] };
  let failures = 0;
  let cycles = 0;
  const endsAt = performance.now() + seconds * 1000;
  const desk = async (index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const own = library.barcodes.filter((_, at) => at % desks === index);
    try {
      for (let turn = 0; performance.now() < endsAt; turn += 1) {
        const card = library.cards[Math.floor(Math.random() * library.cards.length)] as string;
        const barcode = own[turn % own.length] as string;
        const steps: [DeskStep, 'GET' | 'POST', string, object?][] = [
          ['cardLookup', 'GET', `/api/desk/cards/${card}`],
          ['checkout', 'POST', '/api/desk/checkout', { cardNumber: card, barcode }],
          ['checkin', 'POST', '/api/desk/checkin', { barcode }],
        ];
        for (const [step, method, path, body] of steps) {
          const { status, ms } = await timed(agent, server, headers, method, path, body);
          if (status >= 400) failures += 1;
          else times[step].push(ms);
          await pause(scanPause());
        }
        cycles += 1;
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: desks }, (_, index) => desk(index)));
  return { times, failures, cycles };
}

export async function measureDesk(
  kind: DatabaseKind,
  settings: { duration: number; connections: number },
): Promise<DeskResult> {
  const place = await placeFor(kind);
  let server: ServerProcess | undefined;
  try {
    const library = await fillLibrary(place.largeUrl, kind);
    server = await startServer(place.largeUrl, false);
    const { headers, email } = await signUpMember(server, 0);
    const direct = openDatabase(place.largeUrl);
    await setRoleByEmail(direct.db, email, 'librarian');
    await direct.close();
    const desks = settings.connections;
    // Ten seconds of scans warm the server, as the morning's first members do; then the measure,
    // three times the bench's duration, since a desk at a librarian's pace asks little a second.
    log(`${kind}: ${desks} desks lending and taking back, ${settings.duration * 3} s`);
    await runDesks(server, headers, library, desks, 10);
    const run = await runDesks(server, headers, library, desks, settings.duration * 3);
    const byStep = (at: number) => ({
      cardLookup: tenths(percentile(run.times.cardLookup, at)),
      checkout: tenths(percentile(run.times.checkout, at)),
      checkin: tenths(percentile(run.times.checkin, at)),
    });
    return {
      database: kind,
      desks,
      cycles: run.cycles,
      failures: run.failures,
      p50Ms: byStep(0.5),
      p95Ms: byStep(0.95),
    };
  } finally {
    await server?.stop();
    place.release();
  }
}

export function judgeDesk(run: DeskResult): Target[] {
  const scene = `${DESK_BOOKS.toLocaleString('en')} books, ${DESK_MEMBERS.toLocaleString('en')} members, ${run.desks} desks`;
  return [
    {
      database: run.database,
      target: `desk: card lookup then checkout by scan, p95 ≤ ${DESK_P95_MS} ms each (${scene})`,
      value: `lookup ${run.p95Ms.cardLookup} ms, checkout ${run.p95Ms.checkout} ms, check-in ${run.p95Ms.checkin} ms (p50 ${run.p50Ms.cardLookup} / ${run.p50Ms.checkout} / ${run.p50Ms.checkin} ms; ${run.cycles} loans, ${run.failures} refused)`,
      met:
        run.failures === 0 &&
        run.p95Ms.cardLookup <= DESK_P95_MS &&
        run.p95Ms.checkout <= DESK_P95_MS,
    },
  ];
}
