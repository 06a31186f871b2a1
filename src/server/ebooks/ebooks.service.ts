/**
 * The digital library's rules, in one place (docs/product/digital-library.md): e-book editions,
 * e-loans that end by themselves, early returns, the waiting list with kept copies, who may read
 * a file, and where each member is in a book.
 *
 * Why they hold under any concurrency, across processes:
 * - Every change to a title's e-loans and waiting list runs in one transaction that first locks
 *   the book's row (lockEbook), then settles the title (settle): e-loans past `expiresAt` end,
 *   kept copies past their time are let go, free copies go to the first waiting members, and
 *   the summary on the book's row is counted again from the rows themselves. So for a lent title
 *   current e-loans + kept copies never exceed `copies`: a loan or a kept copy is only made from
 *   a free one, and `copies` is never lowered below what is taken.
 * - The per-member limit spans titles: a borrow locks the member's row after the book's (the
 *   order every borrow follows, so they cannot deadlock), so two borrows by one member are
 *   counted one after the other.
 * - A refusal is decided inside the transaction and thrown after it commits, so what settling
 *   did on the way is kept even when the request is refused.
 * - Reading asks the loan rows themselves (`expiresAt` ahead, not ended), so a loan ends at its
 *   time to the second even before any sweep has settled it.
 */
import type { Kysely } from 'kysely';
import type { EbookAccess } from '../../common/constants.ts';
import type { ErrorCode } from '../../common/error-codes.ts';
import type { EbookListQuery, EbookPatch, ReadingPositionInput } from '../../common/schemas.ts';
import type {
  Book,
  EbookEdition,
  EbookLoan,
  EbookLoanListing,
  EbookWait,
  ReadingPosition,
} from '../../common/types.ts';
import type { Category } from '../../common/constants.ts';
import { searchWords } from '../books/search-words.ts';
import { toBook } from '../books/books.repository.ts';
import type { LibraryClock } from '../circulation/library-clock.ts';
import type { EbookSettings } from '../config.ts';
import type { Member } from '../circulation/loans.repository.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import { STANDING_REFUSALS } from '../fines/fines.service.ts';
import { lockMember, memberStanding } from '../members/members.repository.ts';
import type { MembershipCheck } from '../members/membership.repository.ts';
import { recordNotices } from '../notices/notices.repository.ts';
import {
  countTaken,
  currentLoansOf,
  deleteEbookFile,
  deleteWait,
  deleteWaitsOf,
  dropExpiredKeeps,
  ebookFileFacts,
  endExpiredLoans,
  endLoan,
  findCurrentLoan,
  findWait,
  findWaitById,
  hasCurrentLoan,
  insertEbookLoan,
  insertWait,
  keepForFirstWaiting,
  listEbookBooks,
  listMemberLoans,
  listMemberWaits,
  lockEbook,
  newestWait,
  readPosition,
  storeEbookFile,
  titlesToSettle,
  writeEbookStock,
  writePosition,
  type EbookStock,
} from './ebooks.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Titles one sweep settles; the next sweep takes the rest. */
const SWEEP_BATCH = 100;
/** The most books GET /api/ebooks lists at once. */
const LIST_MAX = 200;

/** Every "no" of the digital library, with its status and sentence. */
const refusalsOf = (settings: EbookSettings) =>
  ({
    BOOK_NOT_FOUND: { status: 404, message: 'The selected book does not exist.' },
    EBOOK_NOT_FOUND: { status: 404, message: 'This book has no e-book.' },
    EBOOK_OPEN: {
      status: 409,
      message: 'This e-book is open to everyone: read it without borrowing.',
    },
    EBOOK_NOT_AVAILABLE: {
      status: 409,
      message: 'Every digital copy is out. Join the waiting list to be next.',
    },
    EBOOK_LOAN_LIMIT: {
      status: 409,
      message: `You can borrow at most ${settings.loansMax} e-books at a time.`,
    },
    ALREADY_BORROWED: {
      status: 409,
      message: 'You already borrowed this e-book. Open it to read.',
    },
    EBOOK_AVAILABLE: {
      status: 409,
      message: 'A digital copy is free: borrow it instead of joining the waiting list.',
    },
    ALREADY_WAITING: {
      status: 409,
      message: 'You are already on the waiting list for this e-book.',
    },
    WAIT_NOT_FOUND: { status: 404, message: 'You are not on this waiting list.' },
    LOAN_NOT_FOUND: { status: 404, message: 'You have no current e-loan with this id' },
    EBOOK_IN_USE: {
      status: 409,
      message: 'Members are reading this e-book now: wait until their loans end.',
    },
    EBOOK_LOAN_REQUIRED: {
      status: 403,
      message: 'Borrow this e-book to read it.',
    },
    MEMBER_BLOCKED: {
      status: 409,
      message: 'Your borrowing is blocked. Please speak to a librarian at the desk.',
    },
    UNAUTHORIZED: { status: 401, message: 'Please sign in to continue' },
    MEMBERSHIP_EXPIRED: STANDING_REFUSALS.MEMBERSHIP_EXPIRED,
  }) satisfies Partial<Record<ErrorCode, { status: number; message: string }>>;

type Refusal = keyof ReturnType<typeof refusalsOf>;

/** What settling found: the title's state now, and how many of its copies are taken. */
interface Settled extends EbookStock {
  lent: number;
  kept: number;
}

/** Whether a reader may have a file, and how it may be kept. */
export type ReadRight = { lent: boolean };

export class Ebooks {
  private readonly refusals: ReturnType<typeof refusalsOf>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: LibraryClock,
    readonly settings: EbookSettings,
    private readonly membershipEnded: MembershipCheck,
  ) {
    this.refusals = refusalsOf(settings);
  }

  refuse(code: Refusal): ApiError {
    const { status, message } = this.refusals[code];
    return new ApiError(status, code, message);
  }

  private nowIso(): string {
    return this.clock.now().toISOString();
  }

  /**
   * Brings a locked title up to date: e-loans past their time end, copies kept too long are let
   * go, free copies are kept for the first waiting members (with a mail each), and the summary
   * on the book's row is counted again. Written only when it changed (a write empties caches).
   */
  private async settle(tx: Kysely<DB>, stock: EbookStock): Promise<Settled> {
    const now = this.clock.now();
    await endExpiredLoans(tx, stock.id, now.toISOString());
    await dropExpiredKeeps(tx, stock.id, now.toISOString());
    let taken = await countTaken(tx, stock.id);
    if (stock.access === 'lend') {
      const free = stock.copies - taken.lent - taken.kept;
      if (free > 0 && taken.waiting > 0) {
        const readyUntil = new Date(
          now.getTime() + this.settings.holdPickupDays * DAY_MS,
        ).toISOString();
        const served = await keepForFirstWaiting(
          tx,
          stock.id,
          Math.min(free, taken.waiting),
          readyUntil,
        );
        await recordNotices(
          tx,
          served.map((wait) => ({
            kind: 'ebookReady' as const,
            subjectId: wait.id,
            until: readyUntil,
            userId: wait.userId,
            bookId: stock.id,
            bookName: stock.name,
          })),
          now.toISOString(),
        );
        taken = await countTaken(tx, stock.id);
      }
    }
    const settled: Settled = {
      ...stock,
      available:
        stock.access === 'lend'
          ? Math.max(0, stock.copies - taken.lent - taken.kept)
          : stock.access === 'open'
            ? stock.copies
            : 0,
      waiting: taken.waiting,
      lent: taken.lent,
      kept: taken.kept,
    };
    if (settled.available !== stock.available || settled.waiting !== stock.waiting) {
      await writeEbookStock(tx, stock.id, settled);
    }
    return settled;
  }

  /** Locks a title that has an e-book and settles it; a refusal when there is no such title. */
  private async lockSettled(tx: Kysely<DB>, bookId: string): Promise<Settled | ApiError> {
    const stock = await lockEbook(tx, bookId);
    if (!stock) return this.refuse('BOOK_NOT_FOUND');
    if (stock.access === null) return this.refuse('EBOOK_NOT_FOUND');
    return this.settle(tx, stock);
  }

  private edition(stock: Settled, file: { size: number; uploadedAt: string }): EbookEdition {
    return {
      bookId: stock.id,
      access: stock.access ?? 'lend',
      copies: stock.copies,
      available: stock.available,
      waiting: stock.waiting,
      size: file.size,
      uploadedAt: file.uploadedAt,
    };
  }

  /**
   * Stores a checked EPUB as the book's e-book (a new one is lent, one copy, until the librarian
   * says otherwise), or replaces the file of the one it has, keeping its access and loans.
   */
  async upload(bookId: string, bytes: Buffer, librarianId: string): Promise<EbookEdition> {
    const uploadedAt = this.nowIso();
    return retryingTransaction(this.db, async (tx) => {
      const stock = await lockEbook(tx, bookId);
      if (!stock) return this.refuse('BOOK_NOT_FOUND');
      await storeEbookFile(tx, { bookId, bytes, uploadedBy: librarianId, uploadedAt });
      const edition =
        stock.access === null
          ? { ...stock, access: 'lend' as const, copies: 1, available: 1, waiting: 0 }
          : stock;
      if (stock.access === null) await writeEbookStock(tx, bookId, edition);
      return this.edition(await this.settle(tx, edition), { size: bytes.length, uploadedAt });
    });
  }

  /**
   * Changes the access or the number of copies. Copies are never fewer than those lent and kept
   * (409 EBOOK_IN_USE); an open title has no waiting list, so opening one lets its list go.
   */
  async change(bookId: string, patch: EbookPatch): Promise<EbookEdition> {
    return retryingTransaction(this.db, async (tx) => {
      const settled = await this.lockSettled(tx, bookId);
      if (settled instanceof ApiError) return settled;
      const access: EbookAccess = patch.access ?? settled.access ?? 'lend';
      const copies = patch.copies ?? settled.copies;
      if (access === 'lend' && copies < settled.lent + settled.kept)
        return this.refuse('EBOOK_IN_USE');
      if (access === 'open') await deleteWaitsOf(tx, bookId);
      const changed = { ...settled, access, copies };
      await writeEbookStock(tx, bookId, changed);
      const file = await ebookFileFacts(tx, bookId);
      return this.edition(await this.settle(tx, changed), file ?? { size: 0, uploadedAt: '' });
    });
  }

  /** Removes the e-book, refused while any member has it on loan (409 EBOOK_IN_USE). */
  async remove(bookId: string): Promise<void> {
    await retryingTransaction(this.db, async (tx) => {
      const settled = await this.lockSettled(tx, bookId);
      if (settled instanceof ApiError) return settled;
      if (settled.lent > 0) return this.refuse('EBOOK_IN_USE');
      await deleteWaitsOf(tx, bookId);
      await deleteEbookFile(tx, bookId);
      await writeEbookStock(tx, bookId, { access: null, copies: 0, available: 0, waiting: 0 });
      return undefined;
    });
  }

  /** Books with an e-book, newest first, by access and words of name or author. */
  async list(query: EbookListQuery): Promise<Book[]> {
    const rows = await listEbookBooks(this.db, {
      access: query.access,
      words: query.q ? searchWords(query.q) : [],
      limit: LIST_MAX,
    });
    return rows.map((row) => toBook(row));
  }

  /**
   * The place in the rules where a member's membership is checked. MEMBERSHIP_EXPIRED arrives
   * with membership (docs/product/digital-library.md, "Who may borrow"): its check goes here, in
   * the transaction, after the block.
   */
  private async membershipRefusal(tx: Kysely<DB>, member: Member): Promise<Refusal | undefined> {
    return (await this.membershipEnded(tx, member.id)) ? 'MEMBERSHIP_EXPIRED' : undefined;
  }

  /** Why the member may not take an e-book now (blocked, account gone, membership), if so. */
  private async standingRefusal(tx: Kysely<DB>, member: Member): Promise<Refusal | undefined> {
    const standing = await memberStanding(tx, member.id);
    if (standing === 'gone') return 'UNAUTHORIZED';
    if (standing === 'blocked') return 'MEMBER_BLOCKED';
    return this.membershipRefusal(tx, member);
  }

  async borrow(member: Member, bookId: string): Promise<EbookLoan> {
    return retryingTransaction(this.db, async (tx) => {
      const settled = await this.lockSettled(tx, bookId);
      if (settled instanceof ApiError) return settled;
      if (settled.access === 'open') return this.refuse('EBOOK_OPEN');
      // After the book: every borrow locks in this order, so they cannot deadlock.
      if (!(await lockMember(tx, member.id))) return this.refuse('UNAUTHORIZED');
      const standing = await this.standingRefusal(tx, member);
      if (standing) return this.refuse(standing);
      const now = this.clock.now();
      const current = await currentLoansOf(tx, member.id, now.toISOString());
      if (current.some((loan) => loan.bookId === bookId)) return this.refuse('ALREADY_BORROWED');
      if (current.length >= this.settings.loansMax) return this.refuse('EBOOK_LOAN_LIMIT');
      const wait = await findWait(tx, member.id, bookId);
      // A kept copy is the member's; any other loan takes a free one.
      if (wait?.status !== 'ready' && settled.available <= 0)
        return this.refuse('EBOOK_NOT_AVAILABLE');
      if (wait) await deleteWait(tx, wait.id);
      const loan = await insertEbookLoan(tx, {
        bookId,
        userId: member.id,
        startedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + this.settings.loanDays * DAY_MS).toISOString(),
      });
      await this.settle(tx, settled);
      return { _id: loan.id, bookId, startedAt: loan.startedAt, expiresAt: loan.expiresAt };
    });
  }

  /** Ends the member's current e-loan now; its copy goes to the first waiting member. */
  async giveBack(member: Member, loanId: string): Promise<void> {
    const found = await findCurrentLoan(this.db, member.id, loanId, this.nowIso());
    if (!found) throw this.refuse('LOAN_NOT_FOUND');
    await retryingTransaction(this.db, async (tx) => {
      const stock = await lockEbook(tx, found.bookId);
      // A return racing this one, or the loan's own end, may have come first.
      if (!stock || !(await endLoan(tx, loanId, this.nowIso())))
        return this.refuse('LOAN_NOT_FOUND');
      await this.settle(tx, stock);
      return undefined;
    });
  }

  /** Puts the member on a lent title's waiting list; answers their place. */
  async joinWaitlist(member: Member, bookId: string): Promise<{ position: number }> {
    return retryingTransaction(this.db, async (tx) => {
      const settled = await this.lockSettled(tx, bookId);
      if (settled instanceof ApiError) return settled;
      if (settled.access === 'open') return this.refuse('EBOOK_OPEN');
      const standing = await this.standingRefusal(tx, member);
      if (standing) return this.refuse(standing);
      if (await hasCurrentLoan(tx, member.id, bookId, this.nowIso()))
        return this.refuse('ALREADY_BORROWED');
      if (await findWait(tx, member.id, bookId)) return this.refuse('ALREADY_WAITING');
      if (settled.available > 0) return this.refuse('EBOOK_AVAILABLE');
      await insertWait(tx, {
        bookId,
        userId: member.id,
        placedAt: await this.nextPlacement(tx, bookId),
      });
      await this.settle(tx, settled);
      return { position: settled.waiting + 1 };
    });
  }

  /** Now, or just after the title's newest wait: the list keeps the order members joined in. */
  private async nextPlacement(tx: Kysely<DB>, bookId: string): Promise<string> {
    const now = this.clock.now().getTime();
    const newest = await newestWait(tx, bookId);
    const after = newest === undefined ? now : Date.parse(newest) + 1;
    return new Date(Math.max(now, after)).toISOString();
  }

  /** Leaves a waiting list; a kept copy passes to the next member waiting. */
  async leaveWaitlist(member: Member, waitId: string): Promise<void> {
    const found = await findWaitById(this.db, member.id, waitId);
    if (!found) throw this.refuse('WAIT_NOT_FOUND');
    await retryingTransaction(this.db, async (tx) => {
      const stock = await lockEbook(tx, found.bookId);
      if (!stock || !(await deleteWait(tx, waitId))) return this.refuse('WAIT_NOT_FOUND');
      await this.settle(tx, stock);
      return undefined;
    });
  }

  async loans(member: Member): Promise<EbookLoanListing[]> {
    const rows = await listMemberLoans(this.db, member.id, this.nowIso());
    return rows.map((row) => ({
      _id: row.id,
      bookId: row.bookId,
      startedAt: row.startedAt,
      expiresAt: row.expiresAt,
      bookDetails: detailsOf(row),
    }));
  }

  async waits(member: Member): Promise<EbookWait[]> {
    const rows = await listMemberWaits(this.db, member.id);
    const now = this.nowIso();
    return (
      rows
        // A kept copy past its time is gone, even before the sweep lets it go.
        .filter((row) => row.status === 'waiting' || (row.readyUntil ?? '') > now)
        .map((row) => ({
          _id: row.id,
          bookId: row.bookId,
          status: row.status,
          position: row.status === 'waiting' ? Number(row.position) : null,
          readyUntil: row.readyUntil,
          bookDetails: detailsOf(row),
        }))
    );
  }

  /**
   * Whether the reader (a member, or a visitor: null) may have the title's file: anyone for an
   * open title, a member with a current e-loan for a lent one. Throws the refusal otherwise.
   */
  async readRight(member: Member | null, bookId: string): Promise<ReadRight> {
    const book = await this.db
      .selectFrom('book')
      .select('ebookAccess')
      .where('id', '=', bookId)
      .executeTakeFirst();
    if (!book) throw this.refuse('BOOK_NOT_FOUND');
    if (book.ebookAccess === null) throw this.refuse('EBOOK_NOT_FOUND');
    if (book.ebookAccess === 'open') return { lent: false };
    if (!member) throw this.refuse('UNAUTHORIZED');
    if (!(await hasCurrentLoan(this.db, member.id, bookId, this.nowIso())))
      throw this.refuse('EBOOK_LOAN_REQUIRED');
    return { lent: true };
  }

  async position(member: Member, bookId: string): Promise<ReadingPosition> {
    await this.readRight(member, bookId);
    const row = await readPosition(this.db, member.id, bookId);
    return row ?? { locator: null, progress: 0, updatedAt: null };
  }

  async keepPosition(
    member: Member,
    bookId: string,
    input: ReadingPositionInput,
  ): Promise<ReadingPosition> {
    await this.readRight(member, bookId);
    const updatedAt = this.nowIso();
    await writePosition(this.db, { userId: member.id, bookId, ...input, updatedAt });
    return { ...input, updatedAt };
  }

  /**
   * Settles titles whose e-loans or kept copies ran out, so their copies reach the waiting list.
   * Safe on several instances at once: each title is settled under its lock.
   */
  async sweep(): Promise<number> {
    const titles = await titlesToSettle(this.db, this.nowIso(), SWEEP_BATCH);
    for (const bookId of titles) {
      await retryingTransaction(this.db, async (tx) => {
        const stock = await lockEbook(tx, bookId);
        if (stock) await this.settle(tx, stock);
        return undefined;
      });
    }
    return titles.length;
  }
}

function detailsOf(row: {
  bookId: string;
  name: string;
  author: string;
  category: string;
  image: string;
  language: string | null;
}) {
  return {
    _id: row.bookId,
    name: row.name,
    author: row.author,
    category: row.category as Category,
    image: row.image,
    language: row.language,
  };
}
