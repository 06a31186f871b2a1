/**
 * The circulation rules, in one place (docs/product.md#api and docs/product.md#circulation): borrowing, returning, renewing,
 * holds and the stock edits that race them.
 *
 * Why they hold under any concurrency, across processes and across a crash:
 * - Every change to a book's stock runs in one transaction that first locks the book's row
 *   (shelf.repository.ts lockBook), so all of one book's circulation is serialised, and the copies
 *   on the shelf + on loan + kept for ready holds only move between those three places.
 * - Rules that span books are backed by unique indexes, and the loser of a race is run again:
 *   one current loan of a book per member, one loan per numbered place (BORROW_LIMIT places), one
 *   hold per book and HOLDS_MAX numbered hold places per member.
 * - Transactions lock the book before writing any loan or hold row, so they cannot deadlock.
 * - A refusal is decided inside the transaction but thrown after it commits, so expiry applied on
 *   the way (a ready hold past its pickup time) is kept even when the request is refused.
 */
import type { Kysely } from 'kysely';
import { addDays, daysBetween } from '../../common/calendar.ts';
import { BORROW_LIMIT, COPIES_PER_REQUEST } from '../../common/constants.ts';
import { pickupDeadline } from '../../common/opening-hours.ts';
import type { BorrowRefusal, ErrorCode } from '../../common/error-codes.ts';
import type { ValidationCatalogue } from '../../common/i18n/catalogue.ts';
import { enValidation } from '../../common/i18n/en-validation.ts';
import type { LoanCreate } from '../../common/schemas.ts';
import type {
  BorrowCheck,
  CirculationRules,
  DeskHold,
  DeskStats,
  FineEntry,
  Hold,
  Loan,
} from '../../common/types.ts';
import type { CirculationSettings } from '../config.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import { memberStanding } from '../members/members.repository.ts';
import { bookName, recordNotices } from '../notices/notices.repository.ts';
import { deskLoanPage, libraryStats, type DeskLoanQuery } from '../desk/desk.repository.ts';
import {
  booksWithExpiredHolds,
  deleteHold,
  expireReadyHolds,
  findHold,
  findMemberHold,
  holdKeeping,
  insertHold,
  listAllHolds,
  listMemberHolds,
  memberHolds,
  newestPlacement,
  serveWaitingHolds,
  type HoldChange,
} from './holds.repository.ts';
import type { LibraryClock } from '../core/clock.ts';
import type { Member } from '../core/member.ts';
import { STANDING_REFUSALS, type Fines } from '../fines/fines.service.ts';
import {
  anonymiseLoans,
  closeAsLost,
  countReturnedLoans,
  currentLoanOfCopy,
  extendLoan,
  findCurrentLoan,
  insertLoan,
  loanLostOn,
  listCurrentLoans,
  listReturnedLoans,
  markReturned,
  memberHoldings,
  type HistoryCursor,
  type LoanListing,
} from './loans.repository.ts';
import { lockBook, writeStock, type Stock } from './shelf.repository.ts';
import {
  claimBarcode,
  countShelfCopies,
  copiesComingBack,
  findCopy,
  findCopyByBarcode,
  insertCopy,
  moveShelf,
  newBarcodes,
  setCopyStatus,
  shelfCopies,
  toCopy,
  updateCopyFields,
} from '../copies/copies.repository.ts';
import { cardNumberOf, memberByCard } from '../members/cards.repository.ts';
import type {
  CheckinResult,
  Copy,
  CopyUpdate,
  DeskCard,
  DeskLoan,
  HeldFor,
  LostResult,
} from '../../common/copies.ts';

/** The ledger's note on the waiver of a lost copy's charge when the copy is found. */
const FOUND_COPY_NOTE = 'Copy found and checked in';

/** The copies the holds kept. */
const keptCopies = (holds: HoldChange[]) =>
  holds.flatMap((hold) => (hold.copyId === null ? [] : [hold.copyId]));
/** Books whose expired holds one sweep passes on; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/** Every "no" of the rules, with its status and sentence; some sentences name a setting. */
const refusalsOf = (settings: CirculationSettings) =>
  ({
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
    OVERDUE_LOANS: {
      status: 409,
      message: 'Please return your overdue books before borrowing another.',
    },
    EMAIL_NOT_VERIFIED: {
      status: 409,
      message:
        'Please confirm your e-mail address first: open the link in the mail the library sent you.',
    },
    LOAN_NOT_FOUND: { status: 404, message: 'You have no current loan with this id' },
    RENEWAL_LIMIT: {
      status: 409,
      message: `This loan has been renewed ${settings.renewalsMax} times, the most allowed.`,
    },
    HOLD_QUEUE: {
      status: 409,
      message: 'Another member is waiting for this book, so the loan cannot be renewed.',
    },
    COPIES_AVAILABLE: {
      status: 409,
      message: 'A copy is on the shelf: borrow it instead of placing a hold.',
    },
    NOT_IN_COLLECTION: {
      status: 409,
      message: 'No copy of this book is in the collection, so a hold could never be served.',
    },
    ALREADY_ON_HOLD: { status: 409, message: 'You already have a hold on this book.' },
    HOLD_LIMIT_REACHED: {
      status: 409,
      message: `You can hold at most ${settings.holdsMax} books at a time.`,
    },
    HOLD_NOT_FOUND: { status: 404, message: 'You have no hold with this id' },
    MEMBER_BLOCKED: {
      status: 409,
      message: 'Your borrowing is blocked. Please speak to a librarian at the desk.',
    },
    UNAUTHORIZED: { status: 401, message: 'Please sign in to continue' },
    OPEN_LOANS: {
      status: 409,
      message: 'Please return your borrowed books before deleting your account.',
    },
    BOOK_IN_CIRCULATION: {
      status: 409,
      message: 'This book has copies on loan or members waiting for it, so it cannot be withdrawn.',
    },
    ...STANDING_REFUSALS,
    MEMBER_NOT_FOUND: { status: 404, message: 'No member has this card number.' },
    COPY_NOT_FOUND: { status: 404, message: 'No copy has this barcode.' },
    COPY_NOT_AVAILABLE: {
      status: 409,
      message: 'This copy cannot be lent: it is on loan, lost, damaged or withdrawn.',
    },
    COPY_HELD: { status: 409, message: "This copy is kept for another member's hold." },
    COPY_NOT_ON_LOAN: { status: 409, message: 'This copy is not on loan.' },
    RETURN_AT_DESK: { status: 403, message: 'Please return this book at the desk.' },
    COPY_IN_CIRCULATION: {
      status: 409,
      message: 'This copy is on loan or kept for a hold, so its status cannot be changed.',
    },
  }) satisfies Partial<Record<ErrorCode, { status: number; message: string }>>;

type Refusal = keyof ReturnType<typeof refusalsOf>;

const duplicateBarcode = () =>
  new ApiError(
    409,
    'DUPLICATE_BARCODE',
    'Another copy or a library card already has this barcode.',
  );

const tooManyCopies = () => {
  const worded = (m: ValidationCatalogue) => m.copiesAtOnce(COPIES_PER_REQUEST);
  return new ApiError(400, 'VALIDATION', worded, [
    { path: 'quantity', message: worded(enValidation) },
  ]);
};

export interface HistoryPage {
  loans: Loan[];
  total: number;
  /** Where the next page starts, when there is one. */
  next?: HistoryCursor;
}

export class Circulation {
  private readonly refusals: ReturnType<typeof refusalsOf>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: LibraryClock,
    private readonly settings: CirculationSettings,
    private readonly fines: Fines,
    /** Whether members read the book's e-book now (lent or kept for them), under its lock. */
    private readonly ebookInUse: (tx: Kysely<DB>, bookId: string) => Promise<boolean>,
  ) {
    this.refusals = refusalsOf(settings);
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

  private refuse(code: Refusal): ApiError {
    const { status, message } = this.refusals[code];
    return new ApiError(status, code, message);
  }

  /**
   * Brings a locked book up to date, with a change made to it first (`copies` put back on the
   * shelf, `waiting` holds leaving the queue): ready holds past their pickup time give their copy
   * up, and copies on the shelf go to the oldest waiting holds before anyone else, `returned`
   * first when it is one of them.
   */
  private async settle(
    tx: Kysely<DB>,
    locked: Stock,
    change: { copies?: number; waiting?: number; returned?: string } = {},
  ): Promise<Stock> {
    const now = this.clock.now();
    const expired = await expireReadyHolds(tx, locked.id, now.toISOString());
    await setCopyStatus(tx, keptCopies(expired), 'available', now);
    let quantity = locked.quantity + (change.copies ?? 0) + expired.length;
    let holds = locked.holds + (change.waiting ?? 0);
    let served: HoldChange[] = [];
    if (quantity > 0 && holds > 0) {
      const { openingHours, holdPickupDays } = this.settings;
      const readyUntil = pickupDeadline(openingHours, this.clock.today(), holdPickupDays);
      const copies = await shelfCopies(tx, locked.id, Math.min(quantity, holds), change.returned);
      served = await serveWaitingHolds(
        tx,
        locked.id,
        copies.map((copy) => copy.id),
        readyUntil.toISOString(),
      );
      await setCopyStatus(tx, keptCopies(served), 'held', now);
      quantity -= served.length;
      holds -= served.length;
    }
    const settled = { id: locked.id, quantity, holds };
    await writeStock(tx, locked, settled);
    await this.recordHoldNotices(tx, locked.id, { expired, served }, now);
    return settled;
  }

  /**
   * The notices of holds that expired or became ready (docs/product.md#accounts), written in the
   * transaction that changed them: they exist exactly when the change committed.
   */
  private async recordHoldNotices(
    tx: Kysely<DB>,
    bookId: string,
    changes: { expired: HoldChange[]; served: HoldChange[] },
    now: Date,
  ): Promise<void> {
    if (changes.expired.length === 0 && changes.served.length === 0) return;
    const name = await bookName(tx, bookId);
    const event = (kind: 'holdExpired' | 'holdReady') => (hold: HoldChange) => ({
      kind,
      subjectId: hold.id,
      until: hold.readyUntil,
      userId: hold.userId,
      bookId,
      bookName: name,
    });
    await recordNotices(
      tx,
      [...changes.expired.map(event('holdExpired')), ...changes.served.map(event('holdReady'))],
      now.toISOString(),
    );
  }

  /** Locks the book and brings it up to date; undefined when there is no such book. */
  private async lockSettled(tx: Kysely<DB>, bookId: string): Promise<Stock | undefined> {
    const stock = await lockBook(tx, bookId);
    return stock && this.settle(tx, stock);
  }

  /** The allowed dates of a loan starting now, or why the requested ones are not. */
  private datesRefusal({ borrowedDate, returnDate }: LoanCreate): ApiError | undefined {
    const today = this.clock.today();
    const fromDay = addDays(today, -1);
    const toDay = addDays(today, 1);
    if (borrowedDate < fromDay || borrowedDate > toDay) {
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

  private hasOverdue(holdings: { returnDate: string }[]): boolean {
    const today = this.clock.today();
    return holdings.some((loan) => loan.returnDate < today);
  }

  /** REQUIRE_EMAIL_VERIFICATION: borrowing and holds wait for a confirmed address (docs/product.md#accounts). */
  private awaitsVerification(member: Member): boolean {
    return this.settings.requireEmailVerification && member.emailVerified !== true;
  }

  /** The first of `places` numbered places not taken, if any. */
  private static freePlace(taken: { slot: number }[], places: number): number | undefined {
    const used = new Set(taken.map((entry) => entry.slot));
    return Array.from({ length: places }, (_, index) => index + 1).find((slot) => !used.has(slot));
  }

  /**
   * Why the member cannot borrow the (locked, settled) book now, or the place their loan takes and
   * the ready hold it comes from. Borrowing and the check share it, so they never disagree.
   */
  private async borrowDecision(tx: Kysely<DB>, member: Member, stock: Stock) {
    // Read in the transaction, so a block set at the desk applies from its commit on.
    const standing = await memberStanding(tx, member.id);
    if (standing === 'gone') return { refusal: 'UNAUTHORIZED' as const };
    if (standing === 'blocked') return { refusal: 'MEMBER_BLOCKED' as const };
    const fineOrExpiry = await this.fines.refusal(tx, member.id);
    if (fineOrExpiry) return { refusal: fineOrExpiry };
    const holdings = await memberHoldings(tx, member.id);
    if (this.hasOverdue(holdings)) return { refusal: 'OVERDUE_LOANS' as const };
    const readyHold = (await memberHolds(tx, member.id)).find(
      (hold) => hold.bookId === stock.id && hold.status === 'ready',
    );
    if (!readyHold && stock.quantity <= 0) return { refusal: 'NOT_AVAILABLE' as const };
    if (holdings.some((loan) => loan.bookId === stock.id))
      return { refusal: 'ALREADY_BORROWED' as const };
    const slot = Circulation.freePlace(holdings, BORROW_LIMIT);
    if (slot === undefined) return { refusal: 'LIMIT_REACHED' as const };
    return { slot, readyHold };
  }

  async borrow(member: Member, request: LoanCreate): Promise<string> {
    const wrongDates = this.datesRefusal(request);
    if (wrongDates) throw wrongDates;
    return retryingTransaction(this.db, async (tx) => {
      const stock = await this.lockSettled(tx, request.bookId);
      if (!stock) return this.refuse('BOOK_NOT_FOUND');
      if (this.awaitsVerification(member)) return this.refuse('EMAIL_NOT_VERIFIED');
      const decision = await this.borrowDecision(tx, member, stock);
      if (decision.refusal) return this.refuse(decision.refusal);
      const copy = await this.takeCopy(tx, stock, decision.readyHold);
      return insertLoan(tx, {
        ...request,
        member,
        slot: decision.slot,
        createdAt: this.clock.now().toISOString(),
        copy,
      });
    });
  }

  /**
   * Takes the copy a member's online borrow lends: the one kept for their ready hold (the hold
   * becomes the loan), or else the oldest on the shelf. Marks it on loan.
   */
  private async takeCopy(
    tx: Kysely<DB>,
    stock: Stock,
    readyHold: { id: string; copyId: string | null } | undefined,
  ): Promise<{ id: string; barcode: string }> {
    const now = this.clock.now();
    if (readyHold?.copyId) {
      const kept = await findCopy(tx, readyHold.copyId);
      if (kept) {
        await deleteHold(tx, readyHold.id);
        await setCopyStatus(tx, [kept.id], 'onLoan', now);
        return kept;
      }
    }
    const [copy] = await shelfCopies(tx, stock.id, 1);
    // The rules let no one borrow from an empty shelf; quantity counts the copies on it.
    if (!copy)
      throw new Error(`book ${stock.id} has quantity ${stock.quantity} but no copy on the shelf`);
    await setCopyStatus(tx, [copy.id], 'onLoan', now);
    await writeStock(tx, stock, { ...stock, quantity: stock.quantity - 1 });
    return copy;
  }

  /** What borrowing would answer now, without borrowing (the same rules, in the same order). */
  async check(member: Member, bookId: string): Promise<BorrowCheck> {
    const reason = await retryingTransaction(
      this.db,
      async (tx): Promise<BorrowRefusal | null | ApiError> => {
        const stock = await this.lockSettled(tx, bookId);
        if (!stock) return 'NOT_FOUND';
        // The same order as borrowing: an unverified address is refused before the member's rules.
        if (this.awaitsVerification(member)) return 'EMAIL_NOT_VERIFIED';
        const { refusal } = await this.borrowDecision(tx, member, stock);
        // An account deleted meanwhile is no longer signed in: a 401, not a reason.
        if (refusal === 'UNAUTHORIZED') return this.refuse(refusal);
        return refusal ?? null;
      },
    );
    return { canBorrow: reason === null, reason };
  }

  /**
   * Closes the member's loan; the copy goes to the oldest waiting hold, or back on the shelf.
   * Answers the fine the return charged, if it was late.
   */
  async returnLoan(member: Member, loanId: string): Promise<FineEntry | null> {
    // RETURNS=desk: the book is back when the desk checks its copy in, not before (docs/product/desk.md).
    if (this.settings.returns === 'desk') throw this.refuse('RETURN_AT_DESK');
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
    if (!found) throw this.refuse(refusal);
    return retryingTransaction(this.db, async (tx) => {
      const stock = await lockBook(tx, found.bookId);
      // Read again under the book's lock: a racing renewal has moved the due date, or a racing
      // return has closed the loan, by now.
      const loan = await findCurrentLoan(tx, owner, loanId);
      if (!stock || !loan || !(await markReturned(tx, loanId, this.clock.now().toISOString())))
        return this.refuse(refusal);
      const fine = await this.fines.chargeLateReturn(tx, {
        ...loan,
        bookName: await bookName(tx, loan.bookId),
      });
      await this.shelve(tx, stock, loan.copyId);
      return fine;
    });
  }

  /** Puts a copy back on the shelf; the settling then gives it to the oldest waiting hold, if any. */
  private async shelve(tx: Kysely<DB>, stock: Stock, copyId: string | null): Promise<Stock> {
    if (copyId !== null) await setCopyStatus(tx, [copyId], 'available', this.clock.now());
    return this.settle(tx, stock, { copies: 1, returned: copyId ?? undefined });
  }

  /** Moves the due date LOAN_DAYS further, unless renewed too often or someone waits for the book. */
  async renew(member: Member, loanId: string): Promise<Loan> {
    await this.extend(member.id, loanId);
    const renewed = (await this.currentLoans(member)).find((loan) => loan._id === loanId);
    if (!renewed) throw this.refuse('LOAN_NOT_FOUND');
    return renewed;
  }

  /** A renewal at the desk, on a member's behalf: the same rules, any member's current loan. */
  async deskRenew(loanId: string): Promise<Loan> {
    await this.extend(undefined, loanId);
    const { rows } = await deskLoanPage(this.db, { loanId, limit: 1, offset: 0 });
    const renewed = rows[0] && this.toLoan(rows[0]);
    if (!renewed) throw this.refuse('LOAN_NOT_FOUND');
    return renewed;
  }

  private async extend(owner: string | undefined, loanId: string): Promise<void> {
    const found = await findCurrentLoan(this.db, owner, loanId);
    if (!found) throw this.refuse('LOAN_NOT_FOUND');
    await retryingTransaction(this.db, async (tx) => {
      const stock = await this.lockSettled(tx, found.bookId);
      // Read again under the book's lock: a racing renewal or return has finished by now.
      const loan = await findCurrentLoan(tx, owner, loanId);
      if (!stock || !loan) return this.refuse('LOAN_NOT_FOUND');
      const fineOrExpiry = await this.fines.refusal(tx, loan.userId);
      if (fineOrExpiry) return this.refuse(fineOrExpiry);
      // An overdue loan is not renewed, nor any loan while another is overdue: a renewal would
      // lift the block on borrowing that the overdue loan puts there.
      if (this.hasOverdue(await memberHoldings(tx, loan.userId)))
        return this.refuse('OVERDUE_LOANS');
      if (loan.renewals >= this.settings.renewalsMax) return this.refuse('RENEWAL_LIMIT');
      if (stock.holds > 0) return this.refuse('HOLD_QUEUE');
      await extendLoan(tx, loan, addDays(loan.returnDate, this.settings.loanDays));
    });
  }

  private toDeskLoan(listing: LoanListing): DeskLoan {
    return { ...this.toLoan(listing), copyId: listing.copyId, barcode: listing.barcode };
  }

  /** A member's loan answer: the copy is the desk's business (its answers add it). */
  private toLoan(listing: LoanListing): Loan {
    const current = listing.returnedAt === null;
    const daysLeft = current ? daysBetween(this.clock.today(), listing.returnDate) : 0;
    const overdue = current && daysLeft < 0;
    return {
      _id: listing.id,
      bookId: listing.bookId,
      userName: listing.userName,
      userEmail: listing.userEmail,
      borrowedDate: listing.borrowedDate,
      returnDate: listing.returnDate,
      bookDetails: listing.bookDetails,
      renewals: listing.renewals,
      returnedAt: listing.returnedAt,
      overdue,
      daysLeft,
      renewable:
        current &&
        !overdue &&
        listing.renewals < this.settings.renewalsMax &&
        listing.bookHolds === 0,
      fineAccrued: overdue ? this.fines.fineFor(listing.returnDate) : 0,
    };
  }

  async currentLoans(member: Member): Promise<Loan[]> {
    return (await listCurrentLoans(this.db, member.id)).map((listing) => this.toLoan(listing));
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
      loans: shown.map((listing) => this.toLoan(listing)),
      total,
      next:
        found.length > page.limit && last?.returnedAt
          ? { returnedAt: last.returnedAt, id: last.id }
          : undefined,
    };
  }

  /** Queues the member for a book with no copy on the shelf; answers the hold and its place. */
  async placeHold(member: Member, bookId: string): Promise<{ id: string; position: number }> {
    return retryingTransaction(this.db, async (tx) => {
      const stock = await this.lockSettled(tx, bookId);
      if (!stock) return this.refuse('BOOK_NOT_FOUND');
      if (this.awaitsVerification(member)) return this.refuse('EMAIL_NOT_VERIFIED');
      const standing = await memberStanding(tx, member.id);
      if (standing === 'gone') return this.refuse('UNAUTHORIZED');
      if (standing === 'blocked') return this.refuse('MEMBER_BLOCKED');
      const fineOrExpiry = await this.fines.refusal(tx, member.id);
      if (fineOrExpiry) return this.refuse(fineOrExpiry);
      const holdings = await memberHoldings(tx, member.id);
      if (this.hasOverdue(holdings)) return this.refuse('OVERDUE_LOANS');
      if (holdings.some((loan) => loan.bookId === bookId)) return this.refuse('ALREADY_BORROWED');
      const holds = await memberHolds(tx, member.id);
      if (holds.some((hold) => hold.bookId === bookId)) return this.refuse('ALREADY_ON_HOLD');
      if (stock.quantity > 0) return this.refuse('COPIES_AVAILABLE');
      // Every copy lost or withdrawn: the hold would wait for ever.
      if ((await copiesComingBack(tx, bookId)) === 0) return this.refuse('NOT_IN_COLLECTION');
      const slot = Circulation.freePlace(holds, this.settings.holdsMax);
      if (slot === undefined) return this.refuse('HOLD_LIMIT_REACHED');
      const id = await insertHold(tx, {
        bookId,
        member,
        slot,
        placedAt: await this.nextPlacement(tx, bookId),
      });
      await writeStock(tx, stock, { ...stock, holds: stock.holds + 1 });
      return { id, position: stock.holds + 1 };
    });
  }

  /**
   * Now, or just after the book's newest hold if the clock has not moved past it: the queue's
   * order is the order holds were placed in, even two placed within one millisecond.
   */
  private async nextPlacement(tx: Kysely<DB>, bookId: string): Promise<string> {
    const now = this.clock.now().getTime();
    const newest = await newestPlacement(tx, bookId);
    const after = newest === undefined ? now : Date.parse(newest) + 1;
    return new Date(Math.max(now, after)).toISOString();
  }

  /** Leaves the queue; a ready hold's copy passes to the next waiting hold, or to the shelf. */
  async cancelHold(member: Member, holdId: string): Promise<void> {
    const found = await findMemberHold(this.db, member.id, holdId);
    if (!found) throw this.refuse('HOLD_NOT_FOUND');
    await retryingTransaction(this.db, async (tx) => {
      const stock = await lockBook(tx, found.bookId);
      const hold = await findMemberHold(tx, member.id, holdId);
      if (!stock || !hold || !(await deleteHold(tx, hold.id))) return this.refuse('HOLD_NOT_FOUND');
      await this.letGo(tx, stock, hold);
    });
  }

  /** After a hold is deleted: it leaves the queue, or its kept copy passes on. */
  private async letGo(
    tx: Kysely<DB>,
    stock: Stock,
    hold: { status: 'waiting' | 'ready'; copyId: string | null },
  ): Promise<void> {
    if (hold.status === 'waiting') await this.settle(tx, stock, { waiting: -1 });
    else await this.shelve(tx, stock, hold.copyId);
  }

  /**
   * Closing the member's account (members/account-closing.ts), in its transaction, the member's
   * row locked: each hold is cancelled as the member would cancel it (its book locked, a kept
   * copy passed to the next in the queue); any current loan refuses the whole (409 `OPEN_LOANS`,
   * nothing changed); returned loans lose the name, the e-mail and whose they were. A hold being
   * placed holds the member's row until it commits, so the holds read here include it (issue 30).
   */
  async releaseMember(tx: Kysely<DB>, memberId: string): Promise<void> {
    const holds = (await memberHolds(tx, memberId)).sort((a, b) =>
      a.bookId.localeCompare(b.bookId),
    );
    for (const hold of holds) {
      const stock = await lockBook(tx, hold.bookId);
      if (!stock || !(await deleteHold(tx, hold.id))) continue;
      await this.letGo(tx, stock, hold);
    }
    // Thrown, not returned: unlike other refusals, this one undoes the cancelled holds too.
    if ((await memberHoldings(tx, memberId)).length > 0) throw this.refuse('OPEN_LOANS');
    await anonymiseLoans(tx, memberId);
  }

  /** Every loan of the member, current ones first, then the whole history (the data download). */
  async allLoans(member: Member): Promise<Loan[]> {
    const total = await countReturnedLoans(this.db, member.id);
    const returned = await listReturnedLoans(this.db, member.id, { limit: total, offset: 0 });
    return [...(await this.currentLoans(member)), ...returned.map((row) => this.toLoan(row))];
  }

  async holds(member: Member): Promise<Hold[]> {
    return listMemberHolds(this.db, member.id);
  }

  /** Every member's holds (the desk). */
  async allHolds(): Promise<DeskHold[]> {
    return listAllHolds(this.db);
  }

  /** One page of every member's loans (the desk), and how many match. */
  async deskLoans(
    query: Omit<DeskLoanQuery, 'today' | 'loanId'>,
  ): Promise<{ loans: Loan[]; total: number }> {
    const today = this.clock.today();
    const { rows, total } = await deskLoanPage(this.db, { ...query, today }, { counted: true });
    return { loans: rows.map((listing) => this.toLoan(listing)), total };
  }

  async stats(): Promise<DeskStats> {
    const today = this.clock.today();
    return libraryStats(this.db, { today, monthStart: `${today.slice(0, 7)}-01` });
  }

  /**
   * Withdraws a book (docs/product.md#librarians): decided under the book's lock, like every stock change,
   * so no loan or hold can slip in between the check and the delete. Refused while a copy is on
   * loan or anyone holds the book (expired ready holds are let go first), and while its e-book is
   * lent or kept for a member (409 EBOOK_IN_USE). What its returned loans
   * show of it is kept in `withdrawnBook`; the book's row goes, and with it every list's entry.
   */
  async withdraw(bookId: string): Promise<void> {
    await retryingTransaction(this.db, async (tx) => {
      const stock = await this.lockSettled(tx, bookId);
      if (!stock) return this.refuse('BOOK_NOT_FOUND');
      const [loans, holds] = await Promise.all([
        tx
          .selectFrom('loan')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('bookId', '=', bookId)
          .where('returnedAt', 'is', null)
          .executeTakeFirstOrThrow(),
        tx
          .selectFrom('hold')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('bookId', '=', bookId)
          .executeTakeFirstOrThrow(),
      ]);
      if (Number(loans.count) > 0 || Number(holds.count) > 0)
        return this.refuse('BOOK_IN_CIRCULATION');
      // Decided under the book's lock, which an e-loan takes too: no borrow slips in (issue 33).
      if (await this.ebookInUse(tx, bookId))
        return new ApiError(
          409,
          'EBOOK_IN_USE',
          'Members are reading this e-book now: wait until their loans end.',
        );
      const book = await tx
        .selectFrom('book')
        .select(['id', 'name', 'author', 'category', 'image'])
        .where('id', '=', bookId)
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('withdrawnBook')
        .values({ ...book, withdrawnAt: this.clock.now().toISOString() })
        .execute();
      await tx.deleteFrom('book').where('id', '=', bookId).execute();
    });
  }

  /**
   * Runs an edit of a book's stock (update, increment) with the book locked, then serves waiting
   * holds from any copies it put on the shelf. Answers undefined when there is no such book.
   */
  async editStock<T>(bookId: string, edit: (tx: Kysely<DB>) => Promise<T>): Promise<T | undefined> {
    return retryingTransaction(this.db, async (tx) => {
      if (!(await lockBook(tx, bookId))) return undefined;
      const result = await edit(tx);
      const edited = await lockBook(tx, bookId);
      if (edited) {
        const difference = edited.quantity - (await countShelfCopies(tx, bookId));
        // Thrown, so the whole edit is undone: its copies are made one by one (issue 33).
        if (Math.abs(difference) > COPIES_PER_REQUEST) throw tooManyCopies();
        await moveShelf(tx, bookId, difference, this.clock.now());
        await this.settle(tx, edited);
      }
      return result;
    });
  }

  /**
   * Passes on the copies of ready holds whose pickup time has passed. Safe on several instances at
   * once: each book is settled under its lock, and an expired hold is removed once.
   */
  async sweepExpiredHolds(): Promise<number> {
    const books = await booksWithExpiredHolds(this.db, this.clock.now().toISOString(), SWEEP_BATCH);
    for (const bookId of books)
      await retryingTransaction(this.db, (tx) => this.lockSettled(tx, bookId));
    return books.length;
  }

  /** One loan as the desk sees it, current or returned. */
  private async deskLoan(loanId: string): Promise<DeskLoan> {
    const { rows } = await deskLoanPage(this.db, { loanId, limit: 1, offset: 0 });
    const listing = rows[0];
    if (!listing) throw this.refuse('LOAN_NOT_FOUND');
    return this.toDeskLoan(listing);
  }

  /** The member a card opens at the desk, with their loans and holds. */
  async deskCard(cardNumber: string): Promise<DeskCard> {
    const member = await memberByCard(this.db, cardNumber);
    if (!member) throw this.refuse('MEMBER_NOT_FOUND');
    const [listings, holds, membership, balance] = await Promise.all([
      listCurrentLoans(this.db, member.id),
      listMemberHolds(this.db, member.id),
      this.fines.membership(member.id),
      this.fines.balance(member.id),
    ]);
    const loans = listings.map((listing) => this.toDeskLoan(listing));
    return {
      member: {
        _id: member.id,
        name: member.name,
        email: member.email,
        cardNumber: member.cardNumber,
        blocked: member.blocked,
        expiresOn: membership?.expiresOn ?? '',
      },
      loans,
      holds,
      fines: { balance, accruing: loans.reduce((sum, loan) => sum + loan.fineAccrued, 0) },
    };
  }

  /**
   * Lends a scanned copy to the member whose card was scanned (docs/product/desk.md): every rule
   * of a member's own borrow, then the copy's own state. Lending the copy kept for the member's
   * ready hold fulfils the hold; lending another copy of that book fulfils it too, and the kept
   * copy passes to the next in the queue.
   */
  async deskCheckout(cardNumber: string, barcode: string): Promise<string> {
    const member = await memberByCard(this.db, cardNumber);
    if (!member) throw this.refuse('MEMBER_NOT_FOUND');
    const scanned = await findCopyByBarcode(this.db, barcode);
    if (!scanned) throw this.refuse('COPY_NOT_FOUND');
    const today = this.clock.today();
    return retryingTransaction(this.db, async (tx) => {
      const stock = await this.lockSettled(tx, scanned.bookId);
      // Read again under the book's lock: its status may have moved since.
      const copy = stock && (await findCopy(tx, scanned.id));
      if (!stock || !copy) return this.refuse('COPY_NOT_FOUND');
      if (this.awaitsVerification(member)) return this.refuse('EMAIL_NOT_VERIFIED');
      const standing = await memberStanding(tx, member.id);
      if (standing === 'gone') return this.refuse('MEMBER_NOT_FOUND');
      if (standing === 'blocked') return this.refuse('MEMBER_BLOCKED');
      const fineOrExpiry = await this.fines.refusal(tx, member.id);
      if (fineOrExpiry) return this.refuse(fineOrExpiry);
      const holdings = await memberHoldings(tx, member.id);
      if (this.hasOverdue(holdings)) return this.refuse('OVERDUE_LOANS');
      const readyHold = (await memberHolds(tx, member.id)).find(
        (hold) => hold.bookId === stock.id && hold.status === 'ready',
      );
      if (copy.status === 'held' && readyHold?.copyId !== copy.id) return this.refuse('COPY_HELD');
      if (copy.status !== 'held' && copy.status !== 'available')
        return this.refuse('COPY_NOT_AVAILABLE');
      if (holdings.some((loan) => loan.bookId === stock.id)) return this.refuse('ALREADY_BORROWED');
      const slot = Circulation.freePlace(holdings, BORROW_LIMIT);
      if (slot === undefined) return this.refuse('LIMIT_REACHED');
      const now = this.clock.now();
      await setCopyStatus(tx, [copy.id], 'onLoan', now);
      let after = stock;
      if (copy.status === 'available') {
        after = { ...stock, quantity: stock.quantity - 1 };
        await writeStock(tx, stock, after);
      }
      if (readyHold) {
        await deleteHold(tx, readyHold.id);
        if (readyHold.copyId !== copy.id) await this.shelve(tx, after, readyHold.copyId);
      }
      return insertLoan(tx, {
        bookId: stock.id,
        member,
        slot,
        borrowedDate: today,
        returnDate: addDays(today, this.settings.loanDays),
        createdAt: now.toISOString(),
        copy,
      });
    });
  }

  /** The copy's current loan as the desk shows it, or null when it is not out. */
  async currentLoanOfCopy(copyId: string): Promise<DeskLoan | null> {
    const loan = await currentLoanOfCopy(this.db, copyId);
    return loan ? this.deskLoan(loan.id) : null;
  }

  /** The loan a checkout made, as the desk shows it. */
  async deskCheckoutLoan(loanId: string): Promise<DeskLoan> {
    return this.deskLoan(loanId);
  }

  /**
   * Checks a scanned copy in: its current loan is returned in the transaction of a member's own
   * return. Answers the loan and, when the copy now waits for a ready hold, whose.
   */
  async deskCheckin(barcode: string): Promise<CheckinResult> {
    const copy = await findCopyByBarcode(this.db, barcode);
    if (!copy) throw this.refuse('COPY_NOT_FOUND');
    const loan = await currentLoanOfCopy(this.db, copy.id);
    if (!loan && copy.status === 'lost') return this.foundLostCopy(copy.id);
    if (!loan) throw this.refuse('COPY_NOT_ON_LOAN');
    const fine = await this.checkIn(undefined, loan.id, 'COPY_NOT_ON_LOAN');
    return { loan: await this.deskLoan(loan.id), fine, hold: await this.heldFor(copy.id) };
  }

  /** The ready hold a copy is now kept for, as the desk's hold shelf needs it. */
  private async heldFor(copyId: string): Promise<HeldFor | null> {
    const keeping = await holdKeeping(this.db, copyId);
    return keeping
      ? {
          memberName: keeping.userName,
          cardNumber: keeping.cardNumber ?? (await cardNumberOf(this.db, this.clock, keeping.userId)),
          readyUntil: keeping.readyUntil ?? '',
        }
      : null;
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
      const stock = found && (await lockBook(tx, found.bookId));
      // Read again under the book's lock: a racing check-in may have found it first.
      const copy = stock && (await findCopy(tx, copyId));
      const loan = copy && (await loanLostOn(tx, copyId));
      if (!stock || !loan) return this.refuse('COPY_NOT_ON_LOAN');
      await this.shelve(tx, stock, copyId);
      await this.fines.waiveLostCharge(tx, loan.id, FOUND_COPY_NOTE);
      return loan.id;
    });
    return { loan: await this.deskLoan(lostOn), fine: null, hold: await this.heldFor(copyId) };
  }

  /**
   * Marks the copy of a current loan lost (docs/product/fines-and-membership.md): the loan is
   * closed as lost, the copy becomes `lost`, and the member is charged its late days (if any) and
   * LOST_COPY_CHARGE, all in one transaction under the book's lock.
   */
  async markLost(loanId: string): Promise<LostResult> {
    const found = await findCurrentLoan(this.db, undefined, loanId);
    if (!found) throw this.refuse('LOAN_NOT_FOUND');
    const charges = await retryingTransaction(this.db, async (tx) => {
      const stock = await lockBook(tx, found.bookId);
      const loan = stock && (await findCurrentLoan(tx, undefined, loanId));
      const now = this.clock.now();
      if (!loan || !(await closeAsLost(tx, loanId, now.toISOString())))
        return this.refuse('LOAN_NOT_FOUND');
      const charged = { ...loan, bookName: await bookName(tx, loan.bookId) };
      if (loan.copyId !== null) await setCopyStatus(tx, [loan.copyId], 'lost', now);
      return {
        fine: await this.fines.chargeLateReturn(tx, charged),
        lost: await this.fines.chargeLostCopy(tx, { ...charged, replacementCost: null }),
      };
    });
    return { loan: await this.deskLoan(loanId), ...charges };
  }

  /**
   * Adds a copy to a book's shelf (a claimed or a new barcode); it serves the queue first, like
   * a returned one. Answers undefined when there is no such book; 409 DUPLICATE_BARCODE when a
   * copy or card already has the barcode.
   */
  async addCopy(
    bookId: string,
    fields: { barcode?: string; shelfMark?: string | null },
  ): Promise<Copy | undefined> {
    return retryingTransaction(this.db, async (tx) => {
      const stock = await lockBook(tx, bookId);
      if (!stock) return undefined;
      const now = this.clock.now();
      const given = fields.barcode;
      if (given !== undefined && !(await claimBarcode(tx, 'copy', given))) throw duplicateBarcode();
      const [barcode] = given !== undefined ? [given] : await newBarcodes(tx, 'copy', 1);
      if (barcode === undefined) throw duplicateBarcode();
      const copy = await insertCopy(
        tx,
        { bookId, barcode, shelfMark: fields.shelfMark ?? null },
        now,
      );
      await this.settle(tx, stock, { copies: 1, returned: copy._id });
      return toCopy((await findCopy(tx, copy._id)) ?? { ...copy, id: copy._id });
    });
  }

  /**
   * Changes a copy's shelf mark, note or status. A status is set only on a copy neither on loan
   * nor held (409 COPY_IN_CIRCULATION); one made available serves the queue first, one taken off
   * the shelf leaves `quantity`. Answers undefined when there is no such copy.
   */
  async updateCopy(copyId: string, changes: CopyUpdate): Promise<Copy | undefined> {
    const found = await findCopy(this.db, copyId);
    if (!found) return undefined;
    return retryingTransaction(this.db, async (tx) => {
      const stock = await lockBook(tx, found.bookId);
      const copy = stock && (await findCopy(tx, copyId));
      if (!stock || !copy) return undefined;
      const { status, ...fields } = changes;
      const moves = status !== undefined && status !== copy.status;
      if (moves && (copy.status === 'onLoan' || copy.status === 'held'))
        return this.refuse('COPY_IN_CIRCULATION');
      const now = this.clock.now();
      await updateCopyFields(tx, copyId, { ...fields, ...(moves ? { status } : {}) }, now);
      if (moves && status === 'available')
        await this.settle(tx, stock, { copies: 1, returned: copyId });
      else if (moves && copy.status === 'available') {
        await writeStock(tx, stock, { ...stock, quantity: stock.quantity - 1 });
      }
      return toCopy((await findCopy(tx, copyId)) ?? copy);
    });
  }

  /**
   * Cancels any member's hold at the desk, like the member's own cancelling, and tells them by
   * mail, written in the same transaction.
   */
  async deskCancelHold(holdId: string): Promise<void> {
    const found = await findHold(this.db, holdId);
    if (!found) throw new ApiError(404, 'HOLD_NOT_FOUND', 'No hold has this id');
    await retryingTransaction(this.db, async (tx) => {
      const stock = await lockBook(tx, found.bookId);
      const hold = stock && (await findHold(tx, holdId));
      if (!stock || !hold || !(await deleteHold(tx, hold.id))) return this.refuse('HOLD_NOT_FOUND');
      await this.letGo(tx, stock, hold);
      const now = this.clock.now().toISOString();
      const cancelled = {
        kind: 'holdCancelled' as const,
        subjectId: hold.id,
        until: now,
        userId: hold.userId,
        bookId: hold.bookId,
        bookName: await bookName(tx, hold.bookId),
      };
      await recordNotices(tx, [cancelled], now);
    });
  }
}
