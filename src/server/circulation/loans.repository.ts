/** SQL for loans: current ones, and returned ones kept as the member's history. */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Category } from '../../common/constants.ts';
import type { LoanBookDetails } from '../../common/types.ts';
import type { Member } from '../core/member.ts';
import type { DB } from '../db/schema.ts';

/** A current loan as the rules need it. */
export interface LoanState {
  id: string;
  bookId: string;
  userId: string;
  returnDate: string;
  renewals: number;
  copyId: string | null;
}

/** The member's current loans as far as the borrow rules need them: which books, in which places, until when. */
export async function memberHoldings(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('loan')
    .select(['bookId', 'slot', 'returnDate'])
    .where('userId', '=', userId)
    .where('returnedAt', 'is', null)
    .execute();
}

export async function insertLoan(
  db: Kysely<DB>,
  loan: {
    bookId: string;
    member: Member;
    slot: number;
    borrowedDate: string;
    returnDate: string;
    createdAt: string;
    copy: { id: string; barcode: string };
  },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('loan')
    .values({
      id,
      bookId: loan.bookId,
      userId: loan.member.id,
      userName: loan.member.name,
      userEmail: loan.member.email,
      slot: loan.slot,
      borrowedDate: loan.borrowedDate,
      returnDate: loan.returnDate,
      createdAt: loan.createdAt,
      returnedAt: null,
      copyId: loan.copy.id,
      barcode: loan.copy.barcode,
    })
    .execute();
  return id;
}

/** The member's current loan with this id, if there is one; any member's when `userId` is undefined (the desk). */
export async function findCurrentLoan(
  db: Kysely<DB>,
  userId: string | undefined,
  loanId: string,
): Promise<LoanState | undefined> {
  let query = db
    .selectFrom('loan')
    .select(['id', 'bookId', 'userId', 'returnDate', 'renewals', 'copyId'])
    .where('id', '=', loanId)
    .where('returnedAt', 'is', null);
  if (userId !== undefined) query = query.where('userId', '=', userId);
  return query.executeTakeFirst();
}

/** The copy's current loan, if it is out. */
export async function currentLoanOfCopy(
  db: Kysely<DB>,
  copyId: string,
): Promise<LoanState | undefined> {
  return db
    .selectFrom('loan')
    .select(['id', 'bookId', 'userId', 'returnDate', 'renewals', 'copyId'])
    .where('copyId', '=', copyId)
    .where('returnedAt', 'is', null)
    .executeTakeFirst();
}

/** Who has each of these copies on loan, with their card (null when the card is not made yet). */
export async function borrowersOfCopies(db: Kysely<DB>, copyIds: string[]) {
  if (copyIds.length === 0) return [];
  return db
    .selectFrom('loan')
    .leftJoin('libraryCard', 'libraryCard.userId', 'loan.userId')
    .select(['loan.copyId', 'loan.userId', 'loan.userName', 'libraryCard.cardNumber'])
    .where('loan.copyId', 'in', copyIds)
    .where('loan.returnedAt', 'is', null)
    .execute();
}

/** Closes a current loan; answers false when it was no longer current. */
export async function markReturned(db: Kysely<DB>, loanId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('loan')
    .set({ returnedAt: at })
    .where('id', '=', loanId)
    .where('returnedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * A deleted account's loans stay in the library's history without the name, the e-mail, or a
 * shared id that would tie them to one reader: each gets an id of its own (`deleted:` + its id).
 */
export async function anonymiseLoans(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable('loan')
    .set({
      userName: '',
      userEmail: '',
      userId: sql<string>`'deleted:' || ${sql.ref('id')}`,
    })
    .where('userId', '=', userId)
    .execute();
}

export async function extendLoan(db: Kysely<DB>, loan: LoanState, returnDate: string) {
  await db
    .updateTable('loan')
    .set({ returnDate, renewals: loan.renewals + 1 })
    .where('id', '=', loan.id)
    .execute();
}

/** What a loan answer needs of a loan and of its book. */
export interface LoanListing {
  id: string;
  bookId: string;
  userName: string;
  userEmail: string;
  borrowedDate: string;
  returnDate: string;
  renewals: number;
  returnedAt: string | null;
  lostAt: string | null;
  copyId: string | null;
  barcode: string | null;
  /** Members waiting for the book: a renewal is refused while there are any. */
  bookHolds: number;
  bookDetails: LoanBookDetails;
}

/**
 * Loans with what they show of their books. A withdrawn book's row is gone; its returned loans
 * show what `withdrawnBook` kept of it (migration 0030). Current loans always have their book.
 */
export function loansWithBooks(db: Kysely<DB>) {
  const either = (column: 'name' | 'author' | 'category' | 'image') =>
    sql<string>`coalesce(${sql.ref(`book.${column}`)}, ${sql.ref(`withdrawnBook.${column}`)}, '')`;
  return db
    .selectFrom('loan')
    .leftJoin('book', 'book.id', 'loan.bookId')
    .leftJoin('withdrawnBook', 'withdrawnBook.id', 'loan.bookId')
    .select([
      'loan.id',
      'loan.bookId',
      'loan.userName',
      'loan.userEmail',
      'loan.borrowedDate',
      'loan.returnDate',
      'loan.renewals',
      'loan.returnedAt',
      'loan.lostAt',
      'loan.copyId',
      'loan.barcode',
      sql<number>`coalesce(${sql.ref('book.holds')}, 0)`.as('holds'),
      either('name').as('name'),
      either('author').as('author'),
      either('category').as('category'),
      either('image').as('image'),
    ]);
}

const memberLoans = (db: Kysely<DB>, userId: string) =>
  loansWithBooks(db).where('loan.userId', '=', userId);

type LoanWithBookRow = Awaited<ReturnType<ReturnType<typeof loansWithBooks>['execute']>>[number];

export const toListing = (row: LoanWithBookRow): LoanListing => ({
  id: row.id,
  bookId: row.bookId,
  userName: row.userName,
  userEmail: row.userEmail,
  borrowedDate: row.borrowedDate,
  returnDate: row.returnDate,
  renewals: row.renewals,
  returnedAt: row.returnedAt,
  lostAt: row.lostAt,
  copyId: row.copyId,
  barcode: row.barcode,
  bookHolds: Number(row.holds),
  bookDetails: {
    _id: row.bookId,
    name: row.name,
    title: row.name,
    author: row.author,
    category: row.category as Category,
    image: row.image,
  },
});

/** The member's current loans, newest first. */
export async function listCurrentLoans(db: Kysely<DB>, userId: string): Promise<LoanListing[]> {
  const rows = await memberLoans(db, userId)
    .where('loan.returnedAt', 'is', null)
    .orderBy('loan.createdAt', 'desc')
    .orderBy('loan.id', 'desc')
    .execute();
  return rows.map(toListing);
}

/** A position in the history's order: the last loan of the previous page. */
export interface HistoryCursor {
  returnedAt: string;
  id: string;
}

/** One page of the member's returned loans, most recently returned first. */
export async function listReturnedLoans(
  db: Kysely<DB>,
  userId: string,
  page: { limit: number; after?: HistoryCursor; offset: number },
): Promise<LoanListing[]> {
  let query = memberLoans(db, userId).where('loan.returnedAt', 'is not', null);
  if (page.after) {
    const { returnedAt, id } = page.after;
    query = query.where(
      sql<boolean>`(${sql.ref('loan.returnedAt')}, ${sql.ref('loan.id')}) < (${returnedAt}, ${id})`,
    );
  }
  const rows = await query
    .orderBy('loan.returnedAt', 'desc')
    .orderBy('loan.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toListing);
}

export async function countReturnedLoans(db: Kysely<DB>, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('loan')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('returnedAt', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Closes a current loan because its copy is lost; answers false when it was no longer current. */
export async function closeAsLost(db: Kysely<DB>, loanId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('loan')
    .set({ returnedAt: at, lostAt: at })
    .where('id', '=', loanId)
    .where('returnedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The loan a lost copy was lost on, when that is still why it is lost: the copy's last loan was
 * closed as lost, and the copy has not changed since (its `updatedAt` is the loss's moment). A
 * copy set lost by hand, or found and lost again, was lost on no loan (issue 33).
 */
export async function loanLostOn(db: Kysely<DB>, copyId: string) {
  const last = await db
    .selectFrom('loan')
    .innerJoin('copy', 'copy.id', 'loan.copyId')
    .select(['loan.id', 'loan.lostAt', 'copy.updatedAt', 'copy.status'])
    .where('loan.copyId', '=', copyId)
    .orderBy('loan.createdAt', 'desc')
    .orderBy('loan.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const lostThen =
    last?.status === 'lost' && last.lostAt !== null && last.lostAt === last.updatedAt;
  return lostThen ? { id: last.id } : undefined;
}
