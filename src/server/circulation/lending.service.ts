/**
 * Lending (docs/product.md#circulation, docs/product/desk.md): a loan starts on one path, whether
 * the member borrows online or the desk scans a copy for them, and ends on one path, whether the
 * member returns it or the desk checks its copy in. Renewals, and the check that says what
 * borrowing would answer, share the same rules.
 *
 * Why they hold under any concurrency, across processes and across a crash:
 * - Every change runs in one transaction that first locks the book's row (shelf.ts), so copies
 *   move between the shelf, loans and ready holds only, one change at a time.
 * - One current loan of a book per member, and BORROW_LIMIT numbered places per member, are
 *   unique keys: the loser of a race is run again and finds the place taken.
 * - A refusal is decided inside the transaction but thrown after it commits, so what settling
 *   did on the way (a ready hold past its time let go) is kept.
 */
import type { Kysely } from 'kysely';
import { addDays } from '../../common/calendar.ts';
import { BORROW_LIMIT } from '../../common/constants.ts';
import type { BorrowRefusal } from '../../common/error-codes.ts';
import type { RefusalCode } from '../../common/refusals.ts';
import type { LoanCreate } from '../../common/schemas.ts';
import type { BorrowCheck, CirculationRules, FineEntry, Loan } from '../../common/types.ts';
import type { CheckinResult, LostResult } from '../../common/copies.ts';
import type { CirculationSettings } from '../config.ts';
import { findCopy, findCopyByBarcode, setCopyStatus, shelfCopies } from '../copies/copies.ts';
import type { Kernel } from '../core/kernel.ts';
import type { Member } from '../core/member.ts';
import type { Service } from '../core/eligibility.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import type { Fines } from '../fines/fines.service.ts';
import { ApiError } from '../http-errors.ts';
import { memberByCard } from '../members/cards.ts';
import type { DeskViews } from './desk-views.service.ts';
import { deleteHold, memberHolds } from './holds.repository.ts';
import type { LoanAnswers } from './loan-answers.ts';
import {
  closeAsLost,
  countReturnedLoans,
  currentLoanOfCopy,
  extendLoan,
  findCurrentLoan,
  insertLoan,
  listCurrentLoans,
  listReturnedLoans,
  loanLostOn,
  markReturned,
  memberHoldings,
  type HistoryCursor,
} from './loans.repository.ts';
import type { Holds } from './holds.service.ts';
import type { Shelf } from './shelf.ts';
import { bookCharges, bookName, writeStock, type Stock } from './shelf.repository.ts';

/** The ledger's note on the waiver of a lost copy's charge when the copy is found. */
const FOUND_COPY_NOTE = 'Copy found and checked in';

export interface HistoryPage {
  loans: Loan[];
  total: number;
  /** Where the next page starts, when there is one. */
  next?: HistoryCursor;
}

/** A copy as lending needs it: scanned at the desk, or taken from the shelf. */
interface LentCopy {
  id: string;
  barcode: string;
  status: string;
}

/** What lending decided: the place the loan takes, the copy, and the ready hold it fulfils. */
interface Decision {
  slot: number;
  readyHold: { id: string; copyId: string | null } | undefined;
}

/** The first of `places` numbered places not taken, if any. */
function freePlace(taken: { slot: number }[], places: number): number | undefined {
  const used = new Set(taken.map((entry) => entry.slot));
  return Array.from({ length: places }, (_, index) => index + 1).find((slot) => !used.has(slot));
}

export class Lending {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly kernel: Kernel,
    private readonly settings: CirculationSettings,
    private readonly shelf: Shelf,
    private readonly answers: LoanAnswers,
    private readonly fines: Fines,
    private readonly views: DeskViews,
    private readonly holds: Holds,
  ) {}

  private get clock() {
    return this.kernel.clock;
  }

  rules(): CirculationRules {
    const { loanDays, renewalsMax, holdsMax, holdPickupDays, timeZone } = this.settings;
    return {
      today: this.clock.today(),
      timeZone,
      loanDays,
      renewalsMax,
      holdsMax,
      holdPickupDays,
      borrowLimit: BORROW_LIMIT,
    };
  }

  /** The allowed dates of a loan starting now, or why the requested ones are not. */
  private datesRefusal({ borrowedDate, returnDate }: LoanCreate): ApiError | undefined {
    const today = this.clock.today();
    if (borrowedDate < addDays(today, -1) || borrowedDate > addDays(today, 1)) {
      return new ApiError(400, 'INVALID_DATES', (m) => m.borrowedDateWindow(today));
    }
    const earliest = addDays(borrowedDate, 1);
    const latest = addDays(borrowedDate, this.settings.loanDays);
    if (returnDate < earliest || returnDate > latest) {
      const { loanDays } = this.settings;
      return new ApiError(400, 'INVALID_DATES', (m) =>
        m.returnDateWindow(earliest, latest, loanDays),
      );
    }
    return undefined;
  }

  /**
   * Whether `member` may take a copy of the (locked, settled) book now, by `service`: who may be
   * served (core/eligibility.ts), then the copy, then their loans. `copy` is the one the desk
   * scanned; online, any copy on the shelf or the one kept for the member will do. Borrowing,
   * the desk's checkout and the check share it, so they never disagree.
   */
  private async decide(
    tx: Kysely<DB>,
    service: Extract<Service, 'borrow' | 'deskCheckout'>,
    member: Member,
    stock: Stock,
    copy?: LentCopy,
  ): Promise<Decision | RefusalCode> {
    const refusal = await this.kernel.eligibility.refusal(tx, service, member.id);
    if (refusal) return refusal;
    const readyHold = (await memberHolds(tx, member.id)).find(
      (hold) => hold.bookId === stock.id && hold.status === 'ready',
    );
    if (copy) {
      if (copy.status === 'held' && readyHold?.copyId !== copy.id) return 'COPY_HELD';
      if (copy.status !== 'held' && copy.status !== 'available') return 'COPY_NOT_AVAILABLE';
    } else if (!readyHold && stock.quantity <= 0) return 'NOT_AVAILABLE';
    const holdings = await memberHoldings(tx, member.id);
    if (holdings.some((loan) => loan.bookId === stock.id)) return 'ALREADY_BORROWED';
    const slot = freePlace(holdings, BORROW_LIMIT);
    if (slot === undefined) return 'LIMIT_REACHED';
    return { slot, readyHold };
  }

  /**
   * Starts the loan `decide` allowed: the copy goes on loan (leaving the shelf's count if it was
   * on it), and a ready hold of the member's for the book is fulfilled; if another copy than the
   * one kept for it is lent, the kept one passes to the next in the queue.
   */
  private async lend(
    tx: Kysely<DB>,
    stock: Stock,
    member: Member,
    decision: Decision,
    loan: { copy?: LentCopy; borrowedDate: string; returnDate: string },
  ): Promise<string> {
    const now = this.clock.now();
    const copy = loan.copy ?? (await this.copyFor(tx, stock, decision.readyHold));
    await setCopyStatus(tx, [copy.id], 'onLoan', now);
    let after = stock;
    if (copy.status === 'available') {
      after = { ...stock, quantity: stock.quantity - 1 };
      await writeStock(tx, stock, after);
    }
    const { readyHold } = decision;
    if (readyHold) {
      await deleteHold(tx, readyHold.id);
      if (readyHold.copyId !== copy.id) await this.shelf.shelve(tx, after, readyHold.copyId);
    }
    return insertLoan(tx, {
      bookId: stock.id,
      member,
      slot: decision.slot,
      borrowedDate: loan.borrowedDate,
      returnDate: loan.returnDate,
      createdAt: now.toISOString(),
      copy,
    });
  }

  /** The copy an online borrow lends: the one kept for the member's ready hold, or the oldest on the shelf. */
  private async copyFor(
    tx: Kysely<DB>,
    stock: Stock,
    readyHold: Decision['readyHold'],
  ): Promise<LentCopy> {
    const kept = readyHold?.copyId ? await findCopy(tx, readyHold.copyId) : undefined;
    if (kept) return kept;
    const [copy] = await shelfCopies(tx, stock.id, 1);
    // The rules let no one borrow from an empty shelf; quantity counts the copies on it.
    if (!copy)
      throw new Error(`book ${stock.id} has quantity ${stock.quantity} but no copy on the shelf`);
    return { ...copy, status: 'available' };
  }

  /**
   * A member's own Borrow: a loan starting now, or with RETURNS=desk a copy set aside for pickup
   * (holds.service.ts `setAside`), whose loan the desk's checkout starts (DECISIONS §25).
   */
  async borrowOnline(
    member: Member,
    request: LoanCreate,
  ): Promise<{ insertedId: string; setAsideUntil?: string }> {
    if (this.settings.returns !== 'desk') return { insertedId: await this.borrow(member, request) };
    const kept = await this.holds.setAside(member, request.bookId);
    return { insertedId: kept.id, setAsideUntil: kept.readyUntil };
  }

  async borrow(member: Member, request: LoanCreate): Promise<string> {
    const wrongDates = this.datesRefusal(request);
    if (wrongDates) throw wrongDates;
    return retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lockSettled(tx, request.bookId);
      if (!stock) return this.kernel.refuse('BOOK_NOT_FOUND');
      const decision = await this.decide(tx, 'borrow', member, stock);
      if (typeof decision === 'string') return this.kernel.refuse(decision);
      return this.lend(tx, stock, member, decision, request);
    });
  }

  /** What borrowing would answer now, without borrowing (the same rules, in the same order). */
  async check(member: Member, bookId: string): Promise<BorrowCheck> {
    const reason = await retryingTransaction(
      this.db,
      async (tx): Promise<BorrowRefusal | null | ApiError> => {
        const stock = await this.shelf.lockSettled(tx, bookId);
        if (!stock) return 'NOT_FOUND';
        const decision = await this.decide(tx, 'borrow', member, stock);
        if (typeof decision !== 'string') return null;
        // An account closed meanwhile is no longer signed in: a 401, not a reason.
        if (decision === 'UNAUTHORIZED') return this.kernel.refuse(decision);
        // Borrowing's own refusals are the check's reasons (common/error-codes.ts BORROW_REFUSALS).
        return decision as BorrowRefusal;
      },
    );
    return { canBorrow: reason === null, reason };
  }

  /**
   * Lends a scanned copy to the member whose card was scanned (docs/product/desk.md): the path of
   * a member's own borrow, with the copy the desk holds. Lending the copy kept for the member's
   * ready hold fulfils the hold; lending another copy of that book fulfils it too, and the kept
   * copy passes to the next in the queue.
   */
  async deskCheckout(cardNumber: string, barcode: string): Promise<string> {
    const member = await memberByCard(this.db, cardNumber);
    if (!member) throw this.kernel.refuse('MEMBER_NOT_FOUND');
    const scanned = await findCopyByBarcode(this.db, barcode);
    if (!scanned) throw this.kernel.refuse('COPY_NOT_FOUND');
    const today = this.clock.today();
    return retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lockSettled(tx, scanned.bookId);
      // Read again under the book's lock: its status may have moved since.
      const copy = stock && (await findCopy(tx, scanned.id));
      if (!stock || !copy) return this.kernel.refuse('COPY_NOT_FOUND');
      const decision = await this.decide(tx, 'deskCheckout', member, stock, copy);
      if (typeof decision === 'string') return this.kernel.refuse(decision);
      return this.lend(tx, stock, member, decision, {
        copy,
        borrowedDate: today,
        returnDate: addDays(today, this.settings.loanDays),
      });
    });
  }

  /**
   * Closes the member's loan; the copy goes to the oldest waiting hold, or back on the shelf.
   * Answers the fine the return charged, if it was late.
   */
  async returnLoan(member: Member, loanId: string): Promise<FineEntry | null> {
    // RETURNS=desk: the book is back when the desk checks its copy in, not before (docs/product/desk.md).
    if (this.settings.returns === 'desk') throw this.kernel.refuse('RETURN_AT_DESK');
    return this.checkIn(member.id, loanId);
  }

  /** Check-in at the desk: any member's current loan, in the same transaction as their own return. */
  async deskReturn(loanId: string): Promise<FineEntry | null> {
    return this.checkIn(undefined, loanId);
  }

  /**
   * Closes a current loan (the owner's, when `owner` is given), charges it if it came back late
   * (docs/product/fines-and-membership.md), and serves the holds queue first; `refusal` names the
   * "no" when the loan is no longer current. Only the one transaction that closes the loan
   * charges it, so racing returns charge it once. Answers the charge, if any.
   */
  private async checkIn(
    owner: string | undefined,
    loanId: string,
    refusal: 'LOAN_NOT_FOUND' | 'COPY_NOT_ON_LOAN' = 'LOAN_NOT_FOUND',
  ): Promise<FineEntry | null> {
    const found = await findCurrentLoan(this.db, owner, loanId);
    if (!found) throw this.kernel.refuse(refusal);
    return retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lock(tx, found.bookId);
      // Read again under the book's lock: a racing renewal has moved the due date, or a racing
      // return has closed the loan, by now.
      const loan = await findCurrentLoan(tx, owner, loanId);
      if (!stock || !loan || !(await markReturned(tx, loanId, this.clock.now().toISOString())))
        return this.kernel.refuse(refusal);
      const fine = await this.fines.chargeLateReturn(tx, {
        ...loan,
        bookName: await bookName(tx, loan.bookId),
      });
      await this.shelf.shelve(tx, stock, loan.copyId);
      return fine;
    });
  }

  /**
   * Checks a scanned copy in: its current loan is returned in the transaction of a member's own
   * return. Answers the loan and, when the copy now waits for a ready hold, whose.
   */
  async deskCheckin(barcode: string): Promise<CheckinResult> {
    const copy = await findCopyByBarcode(this.db, barcode);
    if (!copy) throw this.kernel.refuse('COPY_NOT_FOUND');
    const loan = await currentLoanOfCopy(this.db, copy.id);
    if (!loan && copy.status === 'lost') return this.foundLostCopy(copy.id);
    if (!loan) throw this.kernel.refuse('COPY_NOT_ON_LOAN');
    const fine = await this.checkIn(undefined, loan.id, 'COPY_NOT_ON_LOAN');
    return {
      loan: await this.views.loan(loan.id),
      fine,
      hold: await this.views.heldFor(copy.id),
      shelfMark: copy.shelfMark,
    };
  }

  /**
   * A copy lost on its last loan is found and checked in (docs/product/fines-and-membership.md):
   * it becomes available (serving the holds queue first) and that loan's lost charge is waived in
   * the same transaction; its overdue fine stays. A copy lost on no loan (set lost by hand, or
   * found and lost again) is 409 COPY_NOT_ON_LOAN: the desk marks it found on its book's page.
   */
  private async foundLostCopy(copyId: string): Promise<CheckinResult> {
    const lostOn = await retryingTransaction(this.db, async (tx) => {
      const found = await findCopy(tx, copyId);
      const stock = found && (await this.shelf.lock(tx, found.bookId));
      // Read again under the book's lock: a racing check-in may have found it first.
      const copy = stock && (await findCopy(tx, copyId));
      const loan = copy && (await loanLostOn(tx, copyId));
      if (!stock || !loan) return this.kernel.refuse('COPY_NOT_ON_LOAN');
      await this.shelf.shelve(tx, stock, copyId);
      await this.fines.waiveLostCharge(tx, loan.id, FOUND_COPY_NOTE);
      return { id: loan.id, shelfMark: copy.shelfMark };
    });
    return {
      loan: await this.views.loan(lostOn.id),
      fine: null,
      hold: await this.views.heldFor(copyId),
      shelfMark: lostOn.shelfMark,
    };
  }

  /**
   * Marks the copy of a current loan lost (docs/product/fines-and-membership.md): the loan is
   * closed as lost, the copy becomes `lost`, and the member is charged its late days (if any) and
   * LOST_COPY_CHARGE, all in one transaction under the book's lock.
   */
  async markLost(loanId: string): Promise<LostResult> {
    const found = await findCurrentLoan(this.db, undefined, loanId);
    if (!found) throw this.kernel.refuse('LOAN_NOT_FOUND');
    const charges = await retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lock(tx, found.bookId);
      const loan = stock && (await findCurrentLoan(tx, undefined, loanId));
      const now = this.clock.now();
      if (!loan || !(await closeAsLost(tx, loanId, now.toISOString())))
        return this.kernel.refuse('LOAN_NOT_FOUND');
      const charged = { ...loan, ...(await bookCharges(tx, loan.bookId)) };
      if (loan.copyId !== null) await setCopyStatus(tx, [loan.copyId], 'lost', now);
      return {
        fine: await this.fines.chargeLateReturn(tx, charged),
        lost: await this.fines.chargeLostCopy(tx, charged),
      };
    });
    return { loan: await this.views.loan(loanId), ...charges };
  }

  /** Moves the due date LOAN_DAYS further, unless renewed too often or someone waits for the book. */
  async renew(member: Member, loanId: string): Promise<Loan> {
    await this.extend(member.id, loanId);
    const renewed = (await this.currentLoans(member)).find((loan) => loan._id === loanId);
    if (!renewed) throw this.kernel.refuse('LOAN_NOT_FOUND');
    return renewed;
  }

  /** A renewal at the desk, on a member's behalf: the same rules, any member's current loan. */
  async deskRenew(loanId: string): Promise<Loan> {
    await this.extend(undefined, loanId);
    return this.views.loan(loanId);
  }

  private async extend(owner: string | undefined, loanId: string): Promise<void> {
    const found = await findCurrentLoan(this.db, owner, loanId);
    if (!found) throw this.kernel.refuse('LOAN_NOT_FOUND');
    await retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lockSettled(tx, found.bookId);
      // Read again under the book's lock: a racing renewal or return has finished by now.
      const loan = await findCurrentLoan(tx, owner, loanId);
      if (!stock || !loan) return this.kernel.refuse('LOAN_NOT_FOUND');
      // An overdue loan is not renewed, nor any loan while another is overdue: a renewal would
      // lift the block on borrowing that the overdue loan puts there (core/eligibility.ts).
      const refusal = await this.kernel.eligibility.refusal(tx, 'renewal', loan.userId);
      if (refusal) return this.kernel.refuse(refusal);
      if (loan.renewals >= this.settings.renewalsMax) return this.kernel.refuse('RENEWAL_LIMIT');
      if (stock.holds > 0) return this.kernel.refuse('HOLD_QUEUE');
      await extendLoan(tx, loan, addDays(loan.returnDate, this.settings.loanDays));
    });
  }

  async currentLoans(member: Member): Promise<Loan[]> {
    return (await listCurrentLoans(this.db, member.id)).map((listing) => this.answers.of(listing));
  }

  async history(
    member: Member,
    page: { limit: number; after?: HistoryCursor; offset: number },
  ): Promise<HistoryPage> {
    const [found, total] = await Promise.all([
      listReturnedLoans(this.db, member.id, { ...page, limit: page.limit + 1 }),
      countReturnedLoans(this.db, member.id),
    ]);
    const shown = found.slice(0, page.limit);
    const last = shown.at(-1);
    return {
      loans: shown.map((listing) => this.answers.of(listing)),
      total,
      next:
        found.length > page.limit && last?.returnedAt
          ? { returnedAt: last.returnedAt, id: last.id }
          : undefined,
    };
  }

  /** Every loan of the member, current ones first, then the whole history (the data download). */
  async allLoans(member: Member): Promise<Loan[]> {
    const total = await countReturnedLoans(this.db, member.id);
    const returned = await listReturnedLoans(this.db, member.id, { limit: total, offset: 0 });
    return [...(await this.currentLoans(member)), ...returned.map((row) => this.answers.of(row))];
  }
}
