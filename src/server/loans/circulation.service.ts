/**
 * The circulation rules, in one place. Borrowing and returning each run as one transaction, and
 * the database's own constraints back every rule, so they hold under any concurrency, across
 * server processes sharing PostgreSQL, and across a crash:
 * - a copy is taken with `quantity = quantity - 1 WHERE quantity > 0`, and CHECK (quantity >= 0);
 * - UNIQUE (userId, bookId) refuses a second loan of one book to one member;
 * - each loan takes one of the member's BORROW_LIMIT numbered places, UNIQUE (userId, slot) with
 *   CHECK (slot between 1 and BORROW_LIMIT), so a fourth loan cannot be stored at all.
 * Both transactions lock the book row before any loan row, so they cannot deadlock each other.
 * Two borrows racing for one place: the loser's insert fails on a unique key, its transaction
 * rolls back whole, and it runs again, now seeing the winner's loan and answering accordingly.
 */
import type { Kysely } from 'kysely';
import { BORROW_LIMIT } from '../../common/constants.ts';
import type { BorrowRefusal, ErrorCode } from '../../common/error-codes.ts';
import type { LoanCreate } from '../../common/schemas.ts';
import type { BorrowCheck } from '../../common/types.ts';
import { isRetryableConflict } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import {
  bookQuantity,
  deleteMemberLoan,
  findMemberLoan,
  insertLoan,
  memberHoldings,
  putCopyBack,
  takeCopy,
  type Member,
} from './loans.repository.ts';

const MAX_ATTEMPTS = 8;

const refusals = {
  BOOK_NOT_FOUND: { status: 404, message: 'The selected book does not exist.' },
  NOT_AVAILABLE: { status: 409, message: 'This book is currently unavailable for borrowing.' },
  ALREADY_BORROWED: {
    status: 409,
    message: 'You already borrowed this book. Please return it first.',
  },
  LIMIT_REACHED: {
    status: 409,
    message: `You can borrow a maximum of ${BORROW_LIMIT} books at a time.`,
  },
  LOAN_NOT_FOUND: { status: 404, message: 'You have no loan with this id' },
} satisfies Partial<Record<ErrorCode, { status: number; message: string }>>;

const refuse = (code: keyof typeof refusals) =>
  new ApiError(refusals[code].status, code, refusals[code].message);

/** Runs a transaction again when it lost a race on a unique key or a lock; its reads then see the winner. */
async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

type HoldingRefusal = 'ALREADY_BORROWED' | 'LIMIT_REACHED';

/**
 * Where a member's next loan of this book would go: the first of their BORROW_LIMIT places that is
 * free, or why there is none. Borrowing and the check share it, so they can never disagree.
 */
function placeLoan(
  holdings: { bookId: string; slot: number }[],
  bookId: string,
): { slot: number; refusal?: undefined } | { refusal: HoldingRefusal } {
  if (holdings.some((loan) => loan.bookId === bookId)) return { refusal: 'ALREADY_BORROWED' };
  const taken = new Set(holdings.map((loan) => loan.slot));
  const slot = Array.from({ length: BORROW_LIMIT }, (_, index) => index + 1).find(
    (place) => !taken.has(place),
  );
  return slot === undefined ? { refusal: 'LIMIT_REACHED' } : { slot };
}

export async function borrowBook(
  db: Kysely<DB>,
  member: Member,
  request: LoanCreate,
): Promise<string> {
  return withRetry(() =>
    db.transaction().execute(async (tx) => {
      if (!(await takeCopy(tx, request.bookId))) {
        throw refuse(
          (await bookQuantity(tx, request.bookId)) === undefined
            ? 'BOOK_NOT_FOUND'
            : 'NOT_AVAILABLE',
        );
      }
      const placement = placeLoan(await memberHoldings(tx, member.id), request.bookId);
      if (placement.refusal) throw refuse(placement.refusal);
      return insertLoan(tx, { ...request, member, slot: placement.slot });
    }),
  );
}

export async function returnLoan(db: Kysely<DB>, member: Member, loanId: string): Promise<void> {
  await withRetry(() =>
    db.transaction().execute(async (tx) => {
      const loan = await findMemberLoan(tx, member.id, loanId);
      if (!loan) throw refuse('LOAN_NOT_FOUND');
      await putCopyBack(tx, loan.bookId);
      // A concurrent return of the same loan may have won since we read it: then undo by rolling back.
      if (!(await deleteMemberLoan(tx, member.id, loanId))) throw refuse('LOAN_NOT_FOUND');
    }),
  );
}

/** What borrowing would answer now, without borrowing (the same rules, in the same order). */
export async function checkBorrow(
  db: Kysely<DB>,
  member: Member,
  bookId: string,
): Promise<BorrowCheck> {
  const quantity = await bookQuantity(db, bookId);
  const reason: BorrowRefusal | null =
    quantity === undefined
      ? 'NOT_FOUND'
      : quantity <= 0
        ? 'NOT_AVAILABLE'
        : (placeLoan(await memberHoldings(db, member.id), bookId).refusal ?? null);
  return { canBorrow: reason === null, reason };
}
