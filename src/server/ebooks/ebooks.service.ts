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
import type { RefusalCode } from '../../common/refusals.ts';
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
import { toBook } from '../books/book-answer.ts';
import type { Kernel } from '../core/kernel.ts';
import { WaitingList, type KeepingRule } from '../core/waiting-list.ts';
import type { EbookSettings } from '../config.ts';
import type { Member } from '../core/member.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import { lockMember } from '../members/members.ts';
import { recordNotices } from '../notices/outbox.ts';
import {
  countTaken,
  currentLoansOf,
  deleteEbookFile,
  deleteWait,
  deleteWaitsOf,
  ebookFileFacts,
  endExpiredLoans,
  endLoan,
  findCurrentLoan,
  findWait,
  findWaitById,
  forgetReader,
  hasCurrentLoan,
  insertEbookLoan,
  insertWait,
  listEbookBooks,
  listMemberLoans,
  listMemberWaits,
  lockEbook,
  readPosition,
  readerRecord,
  releaseTitle,
  titlesHeldBy,
  titlesToSettle,
  writePosition,
} from './ebooks.repository.ts';
import { storeEbookFile, writeEbookStock, type EbookStock } from './ebook-files.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Titles one sweep settles; the next sweep takes the rest. */
const SWEEP_BATCH = 100;
/** The most books GET /api/ebooks lists at once. */
const LIST_MAX = 200;

/** What settling found: the title's state now, and how many of its copies are taken. */
interface Settled extends EbookStock {
  lent: number;
  kept: number;
}

/** Whether a reader may have a file, and how it may be kept. */
export type ReadRight = { lent: boolean };

export class Ebooks {
  /** The title's waiting list: a freed copy is kept like a hold's (core/waiting-list.ts). */
  private readonly queue: WaitingList;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly kernel: Kernel,
    readonly settings: EbookSettings,
    keeping: KeepingRule,
  ) {
    this.queue = new WaitingList('ebookWait', kernel.clock, keeping);
  }

  refuse(code: RefusalCode): ApiError {
    return this.kernel.refuse(code);
  }

  private get clock() {
    return this.kernel.clock;
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
    await this.queue.expire(tx, stock.id);
    let taken = await countTaken(tx, stock.id);
    if (stock.access === 'lend') {
      const free = stock.copies - taken.lent - taken.kept;
      if (free > 0 && taken.waiting > 0) {
        const served = await this.queue.serve(tx, stock.id, Math.min(free, taken.waiting));
        await recordNotices(
          tx,
          served.map((wait) => ({
            kind: 'ebookReady' as const,
            subjectId: wait.id,
            until: wait.readyUntil,
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

  /**
   * Whether members read the title now: a current e-loan, or a copy kept for one. Asked by
   * withdrawing a book, under the book's lock (the same row `lockEbook` locks).
   */
  async inUse(tx: Kysely<DB>, bookId: string): Promise<boolean> {
    const stock = await lockEbook(tx, bookId);
    if (!stock || stock.access !== 'lend') return false;
    const settled = await this.settle(tx, stock);
    return settled.lent > 0 || settled.kept > 0;
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

  async borrow(member: Member, bookId: string): Promise<EbookLoan> {
    return retryingTransaction(this.db, async (tx) => {
      const settled = await this.lockSettled(tx, bookId);
      if (settled instanceof ApiError) return settled;
      if (settled.access === 'open') return this.refuse('EBOOK_OPEN');
      // After the book: every borrow locks in this order, so they cannot deadlock.
      if (!(await lockMember(tx, member.id))) return this.refuse('UNAUTHORIZED');
      const refusal = await this.kernel.eligibility.refusal(tx, 'eLoan', member.id);
      if (refusal) return this.refuse(refusal);
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
      const refusal = await this.kernel.eligibility.refusal(tx, 'eLoan', member.id);
      if (refusal) return this.refuse(refusal);
      if (await hasCurrentLoan(tx, member.id, bookId, this.nowIso()))
        return this.refuse('ALREADY_BORROWED');
      if (await findWait(tx, member.id, bookId)) return this.refuse('ALREADY_WAITING');
      if (settled.available > 0) return this.refuse('EBOOK_AVAILABLE');
      await insertWait(tx, {
        bookId,
        userId: member.id,
        placedAt: await this.queue.nextPlacement(tx, bookId),
      });
      await this.settle(tx, settled);
      return { position: settled.waiting + 1 };
    });
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

  /**
   * Closing the member's account (profile/account-closing.ts), in its transaction: their e-loans
   * end and they leave every waiting list, so each title's next turn is kept (with a mail); where
   * they were in their books is forgotten, and their e-loans stay as history without their id.
   */
  async releaseMember(tx: Kysely<DB>, userId: string): Promise<void> {
    const now = this.nowIso();
    for (const bookId of await titlesHeldBy(tx, userId, now)) {
      const stock = await lockEbook(tx, bookId);
      if (!stock) continue;
      await releaseTitle(tx, userId, bookId, now);
      await this.settle(tx, stock);
    }
    await forgetReader(tx, userId);
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

  /** Every e-loan of the member and where they are in each book (the data download). */
  async readerRecord(member: Member) {
    const { loans, positions } = await readerRecord(this.db, member.id);
    return {
      ebookLoans: loans.map(({ id, ...loan }) => ({ _id: id, ...loan })),
      readingPositions: positions.map((position) => ({
        ...position,
        progress: Number(position.progress),
      })),
    };
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
