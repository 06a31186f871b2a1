/**
 * SQL for the digital library: e-book files, e-loans, the waiting list and reading positions.
 * Functions take the database or a transaction. Every change to a title's loans and waiting list
 * runs with the book's row locked (lockEbook), like the circulation of paper copies
 * (circulation/shelf.repository.ts), so two transactions touching one title never interleave.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { EbookAccess } from '../../common/constants.ts';
import type { EbookStock } from './ebook-files.ts';

/**
 * Reads the title's e-book state and keeps its row locked until the transaction ends (PostgreSQL:
 * FOR UPDATE; SQLite has one writer, and a transaction that read before another's commit cannot
 * write: SQLITE_BUSY, run again by the caller).
 */
export async function lockEbook(tx: Kysely<DB>, bookId: string): Promise<EbookStock | undefined> {
  const query = tx
    .selectFrom('book')
    .select([
      'id',
      'name',
      'ebookAccess as access',
      'ebookCopies as copies',
      'ebookAvailable as available',
      'ebookWaiting as waiting',
    ])
    .where('id', '=', bookId);
  return (dialectOf(tx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function deleteEbookFile(tx: Kysely<DB>, bookId: string): Promise<void> {
  await tx.deleteFrom('ebookFile').where('bookId', '=', bookId).execute();
}

/** What the file's answer needs before its bytes: its size, its hash, when it was stored. */
export async function ebookFileFacts(db: Kysely<DB>, bookId: string) {
  return db
    .selectFrom('ebookFile')
    .select(['size', 'sha256', 'uploadedAt'])
    .where('bookId', '=', bookId)
    .executeTakeFirst();
}

/** `length` bytes of the file from `start` (0-based), read by the database: the file is never loaded whole for a range. */
export async function ebookFileBytes(
  db: Kysely<DB>,
  bookId: string,
  start: number,
  length: number,
): Promise<Buffer | undefined> {
  const slice =
    dialectOf(db) === 'postgres'
      ? sql<Buffer>`substring(${sql.ref('bytes')} from ${start + 1} for ${length})`
      : sql<Buffer>`substr(${sql.ref('bytes')}, ${start + 1}, ${length})`;
  const row = await db
    .selectFrom('ebookFile')
    .select(slice.as('bytes'))
    .where('bookId', '=', bookId)
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

/** Ends the title's e-loans whose time is up, at their `expiresAt`; answers how many. */
export async function endExpiredLoans(tx: Kysely<DB>, bookId: string, now: string) {
  const result = await tx
    .updateTable('ebookLoan')
    .set((eb) => ({ endedAt: eb.ref('expiresAt') }))
    .where('bookId', '=', bookId)
    .where('endedAt', 'is', null)
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The title's e-loans not ended (after endExpiredLoans: the current ones), kept copies and waiting members. */
export async function countTaken(tx: Kysely<DB>, bookId: string) {
  const [loans, waits] = await Promise.all([
    tx
      .selectFrom('ebookLoan')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('bookId', '=', bookId)
      .where('endedAt', 'is', null)
      .executeTakeFirstOrThrow(),
    tx
      .selectFrom('ebookWait')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('bookId', '=', bookId)
      .groupBy('status')
      .execute(),
  ]);
  const waitsOf = (status: 'waiting' | 'ready') =>
    Number(waits.find((row) => row.status === status)?.count ?? 0);
  return { lent: Number(loans.count), kept: waitsOf('ready'), waiting: waitsOf('waiting') };
}

export async function deleteWaitsOf(tx: Kysely<DB>, bookId: string): Promise<void> {
  await tx.deleteFrom('ebookWait').where('bookId', '=', bookId).execute();
}

/** The member's e-loans not ended that have not expired by `now`. */
export async function currentLoansOf(db: Kysely<DB>, userId: string, now: string) {
  return db
    .selectFrom('ebookLoan')
    .select(['id', 'bookId', 'startedAt', 'expiresAt'])
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .where('expiresAt', '>', now)
    .execute();
}

export async function hasCurrentLoan(
  db: Kysely<DB>,
  userId: string,
  bookId: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('ebookLoan')
    .select('id')
    .where('userId', '=', userId)
    .where('bookId', '=', bookId)
    .where('endedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertEbookLoan(
  tx: Kysely<DB>,
  loan: { bookId: string; userId: string; startedAt: string; expiresAt: string },
) {
  const row = { id: randomUUID(), ...loan, endedAt: null };
  await tx.insertInto('ebookLoan').values(row).execute();
  return row;
}

export async function findCurrentLoan(db: Kysely<DB>, userId: string, loanId: string, now: string) {
  return db
    .selectFrom('ebookLoan')
    .select(['id', 'bookId'])
    .where('id', '=', loanId)
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

export async function endLoan(tx: Kysely<DB>, loanId: string, now: string): Promise<boolean> {
  const result = await tx
    .updateTable('ebookLoan')
    .set({ endedAt: now })
    .where('id', '=', loanId)
    .where('endedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findWait(db: Kysely<DB>, userId: string, bookId: string) {
  return db
    .selectFrom('ebookWait')
    .select(['id', 'status'])
    .where('userId', '=', userId)
    .where('bookId', '=', bookId)
    .executeTakeFirst();
}

export async function findWaitById(db: Kysely<DB>, userId: string, waitId: string) {
  return db
    .selectFrom('ebookWait')
    .select(['id', 'bookId', 'status'])
    .where('id', '=', waitId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function deleteWait(tx: Kysely<DB>, waitId: string): Promise<boolean> {
  const result = await tx.deleteFrom('ebookWait').where('id', '=', waitId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertWait(
  tx: Kysely<DB>,
  wait: { bookId: string; userId: string; placedAt: string },
): Promise<string> {
  const id = randomUUID();
  await tx
    .insertInto('ebookWait')
    .values({ id, ...wait, status: 'waiting', readyUntil: null })
    .execute();
  return id;
}

/** Titles whose e-loans or kept copies ran out and are not yet settled, for the sweep. */
export async function titlesToSettle(db: Kysely<DB>, now: string, limit: number) {
  const rows = await db
    .selectFrom('ebookLoan')
    .select('bookId')
    .where('endedAt', 'is', null)
    .where('expiresAt', '<=', now)
    .union(
      db
        .selectFrom('ebookWait')
        .select('bookId')
        .where('status', '=', 'ready')
        .where('readyUntil', '<=', now),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.bookId);
}

const bookDetails = [
  'book.name',
  'book.author',
  'book.category',
  'book.image',
  'book.language',
] as const;

/** The member's current e-loans with their books, the soonest to end first. */
export async function listMemberLoans(db: Kysely<DB>, userId: string, now: string) {
  return db
    .selectFrom('ebookLoan')
    .innerJoin('book', 'book.id', 'ebookLoan.bookId')
    .select([
      'ebookLoan.id',
      'ebookLoan.bookId',
      'ebookLoan.startedAt',
      'ebookLoan.expiresAt',
      ...bookDetails,
    ])
    .where('ebookLoan.userId', '=', userId)
    .where('ebookLoan.endedAt', 'is', null)
    .where('ebookLoan.expiresAt', '>', now)
    .orderBy('ebookLoan.expiresAt')
    .execute();
}

/** The member's places on waiting lists, with their books and positions. */
export async function listMemberWaits(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('ebookWait as mine')
    .innerJoin('book', 'book.id', 'mine.bookId')
    .select((eb) => [
      'mine.id',
      'mine.bookId',
      'mine.status',
      'mine.readyUntil',
      ...bookDetails,
      eb
        .selectFrom('ebookWait as ahead')
        .select((inner) => inner.fn.countAll<number | string>().as('ahead'))
        .whereRef('ahead.bookId', '=', 'mine.bookId')
        .where('ahead.status', '=', 'waiting')
        .where(
          sql<boolean>`(${sql.ref('ahead.placedAt')}, ${sql.ref('ahead.id')}) <= (${sql.ref('mine.placedAt')}, ${sql.ref('mine.id')})`,
        )
        .as('position'),
    ])
    .where('mine.userId', '=', userId)
    .orderBy('mine.placedAt')
    .execute();
}

/** Books that have an e-book, newest first; `words` match the name or the author, folded. */
export async function listEbookBooks(
  db: Kysely<DB>,
  filter: { access?: EbookAccess; words: string[]; limit: number },
) {
  let query = db.selectFrom('book').selectAll().where('ebookAccess', 'is not', null);
  if (filter.access) query = query.where('ebookAccess', '=', filter.access);
  for (const word of filter.words) {
    const pattern = `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where(sql<boolean>`${sql.ref('searchText')} like ${pattern} escape '\\'`);
  }
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

export async function readPosition(db: Kysely<DB>, userId: string, bookId: string) {
  return db
    .selectFrom('ebookPosition')
    .select(['locator', 'progress', 'updatedAt'])
    .where('userId', '=', userId)
    .where('bookId', '=', bookId)
    .executeTakeFirst();
}

export async function writePosition(
  db: Kysely<DB>,
  position: {
    userId: string;
    bookId: string;
    locator: string;
    progress: number;
    updatedAt: string;
  },
): Promise<void> {
  await db
    .insertInto('ebookPosition')
    .values(position)
    .onConflict((conflict) =>
      conflict.columns(['userId', 'bookId']).doUpdateSet({
        locator: position.locator,
        progress: position.progress,
        updatedAt: position.updatedAt,
      }),
    )
    .execute();
}

/** The titles the member has a current e-loan of or waits for, for closing their account. */
export async function titlesHeldBy(db: Kysely<DB>, userId: string, now: string) {
  const [loans, waits] = await Promise.all([
    currentLoansOf(db, userId, now),
    db.selectFrom('ebookWait').select('bookId').where('userId', '=', userId).execute(),
  ]);
  return [...new Set([...loans, ...waits].map((row) => row.bookId))].sort();
}

/** Ends the member's current e-loan of the title and takes them off its waiting list. */
export async function releaseTitle(tx: Kysely<DB>, userId: string, bookId: string, now: string) {
  await tx
    .updateTable('ebookLoan')
    .set({ endedAt: now })
    .where('userId', '=', userId)
    .where('bookId', '=', bookId)
    .where('endedAt', 'is', null)
    .execute();
  await tx
    .deleteFrom('ebookWait')
    .where('userId', '=', userId)
    .where('bookId', '=', bookId)
    .execute();
}

/** Forgets where the member was in their books, and keeps their e-loans without their id. */
export async function forgetReader(tx: Kysely<DB>, userId: string): Promise<void> {
  await tx.deleteFrom('ebookPosition').where('userId', '=', userId).execute();
  await tx
    .updateTable('ebookLoan')
    .set({ userId: sql<string>`'deleted:' || ${sql.ref('id')}` })
    .where('userId', '=', userId)
    .execute();
}

/** Everything the digital library keeps of a member: every e-loan and where they are in each book. */
export async function readerRecord(db: Kysely<DB>, userId: string) {
  const [loans, positions] = await Promise.all([
    db
      .selectFrom('ebookLoan')
      .select(['id', 'bookId', 'startedAt', 'expiresAt', 'endedAt'])
      .where('userId', '=', userId)
      .orderBy('startedAt')
      .execute(),
    db
      .selectFrom('ebookPosition')
      .select(['bookId', 'locator', 'progress', 'updatedAt'])
      .where('userId', '=', userId)
      .orderBy('updatedAt')
      .execute(),
  ]);
  return { loans, positions };
}
