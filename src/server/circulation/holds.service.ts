/**
 * Holds (docs/product.md#circulation): members queue for a book with no copy on the shelf, are
 * served in the order they placed their holds (core/waiting-list.ts), and a copy kept for them
 * waits until closing time on the last of its pickup days. Every change runs with the book's row
 * locked (shelf.ts); HOLDS_MAX numbered places per member and one hold per book are unique keys.
 */
import type { Kysely } from 'kysely';
import { BORROW_LIMIT } from '../../common/constants.ts';
import type { DeskHold, Hold } from '../../common/types.ts';
import type { CirculationSettings } from '../config.ts';
import { copiesComingBack } from '../copies/copies.ts';
import type { Kernel } from '../core/kernel.ts';
import type { Member } from '../core/member.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { recordNotices } from '../notices/outbox.ts';
import {
  deleteHold,
  findHold,
  findMemberHold,
  insertHold,
  listAllHolds,
  listMemberHolds,
  memberHolds,
} from './holds.repository.ts';
import { anonymiseLoans, memberHoldings } from './loans.repository.ts';
import type { Shelf } from './shelf.ts';
import { bookName, writeStock, type Stock } from './shelf.repository.ts';

/** Books whose expired holds one sweep passes on; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

export class Holds {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly kernel: Kernel,
    private readonly settings: CirculationSettings,
    private readonly shelf: Shelf,
  ) {}

  /** Queues the member for a book with no copy on the shelf; answers the hold and its place. */
  async place(member: Member, bookId: string): Promise<{ id: string; position: number }> {
    const { refuse } = this.kernel;
    return retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lockSettled(tx, bookId);
      if (!stock) return refuse('BOOK_NOT_FOUND');
      const refusal = await this.kernel.eligibility.refusal(tx, 'hold', member.id);
      if (refusal) return refuse(refusal);
      const holdings = await memberHoldings(tx, member.id);
      if (holdings.some((loan) => loan.bookId === bookId)) return refuse('ALREADY_BORROWED');
      const holds = await memberHolds(tx, member.id);
      if (holds.some((hold) => hold.bookId === bookId)) return refuse('ALREADY_ON_HOLD');
      if (stock.quantity > 0) return refuse('COPIES_AVAILABLE');
      // Every copy lost or withdrawn: the hold would wait for ever.
      if ((await copiesComingBack(tx, bookId)) === 0) return refuse('NOT_IN_COLLECTION');
      const slot = this.freeHoldPlace(holds);
      if (slot === undefined) return refuse('HOLD_LIMIT_REACHED');
      const id = await insertHold(tx, {
        bookId,
        member,
        slot,
        placedAt: await this.shelf.queue.nextPlacement(tx, bookId),
      });
      await writeStock(tx, stock, { ...stock, holds: stock.holds + 1 });
      return { id, position: stock.holds + 1 };
    });
  }

  /**
   * RETURNS=desk: a member's online Borrow sets a copy aside for pickup instead of lending it
   * (DECISIONS §25), a ready hold kept like any; the loan starts when the desk checks the copy
   * out. Who may borrow decides it, with a borrow's refusals; it takes one of the member's hold
   * places. Asked again, it answers the copy already kept. Answers the hold and until when.
   */
  async setAside(member: Member, bookId: string): Promise<{ id: string; readyUntil: string }> {
    const { refuse } = this.kernel;
    return retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lockSettled(tx, bookId);
      if (!stock) return refuse('BOOK_NOT_FOUND');
      const refusal = await this.kernel.eligibility.refusal(tx, 'borrow', member.id);
      if (refusal) return refuse(refusal);
      const holdings = await memberHoldings(tx, member.id);
      if (holdings.some((loan) => loan.bookId === bookId)) return refuse('ALREADY_BORROWED');
      if (holdings.length >= BORROW_LIMIT) return refuse('LIMIT_REACHED');
      const holds = await memberHolds(tx, member.id);
      const kept = holds.find((hold) => hold.bookId === bookId && hold.status === 'ready');
      if (kept?.readyUntil) return { id: kept.id, readyUntil: kept.readyUntil };
      if (stock.quantity <= 0) return refuse('NOT_AVAILABLE');
      const slot = this.freeHoldPlace(holds);
      if (slot === undefined) return refuse('HOLD_LIMIT_REACHED');
      const placedAt = await this.shelf.queue.nextPlacement(tx, bookId);
      const id = await insertHold(tx, { bookId, member, slot, placedAt });
      // The shelf has a copy and, settled, nobody waiting before this hold: it is served now.
      await this.shelf.settle(tx, stock, { waiting: 1 });
      const hold = (await memberHolds(tx, member.id)).find((mine) => mine.id === id);
      if (hold?.status !== 'ready' || !hold.readyUntil)
        throw new Error(`hold ${id} was not served from a shelf of ${stock.quantity}`);
      return { id, readyUntil: hold.readyUntil };
    });
  }

  /** The member's first free numbered hold place (HOLDS_MAX of them). */
  private freeHoldPlace(holds: { slot: number }[]): number | undefined {
    const used = new Set(holds.map((hold) => hold.slot));
    return Array.from({ length: this.settings.holdsMax }, (_, index) => index + 1).find(
      (place) => !used.has(place),
    );
  }

  /** Leaves the queue; a ready hold's copy passes to the next waiting hold, or to the shelf. */
  async cancel(member: Member, holdId: string): Promise<void> {
    const found = await findMemberHold(this.db, member.id, holdId);
    if (!found) throw this.kernel.refuse('HOLD_NOT_FOUND');
    await retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lock(tx, found.bookId);
      const hold = await findMemberHold(tx, member.id, holdId);
      if (!stock || !hold || !(await deleteHold(tx, hold.id)))
        return this.kernel.refuse('HOLD_NOT_FOUND');
      await this.letGo(tx, stock, hold);
    });
  }

  /**
   * Cancels any member's hold at the desk, like the member's own cancelling, and tells them by
   * mail, written in the same transaction.
   */
  async deskCancel(holdId: string): Promise<void> {
    const found = await findHold(this.db, holdId);
    if (!found) throw this.kernel.refuse('HOLD_NOT_FOUND');
    await retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lock(tx, found.bookId);
      const hold = stock && (await findHold(tx, holdId));
      if (!stock || !hold || !(await deleteHold(tx, hold.id)))
        return this.kernel.refuse('HOLD_NOT_FOUND');
      await this.letGo(tx, stock, hold);
      const now = this.kernel.clock.now().toISOString();
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

  /** After a hold is deleted: it leaves the queue, or its kept copy passes on. */
  private async letGo(
    tx: Kysely<DB>,
    stock: Stock,
    hold: { status: 'waiting' | 'ready'; copyId: string | null },
  ): Promise<void> {
    if (hold.status === 'waiting') await this.shelf.settle(tx, stock, { waiting: -1 });
    else await this.shelf.shelve(tx, stock, hold.copyId);
  }

  /**
   * Closing the member's account (profile/account-closing.ts), in its transaction, the member's
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
      const stock = await this.shelf.lock(tx, hold.bookId);
      if (!stock || !(await deleteHold(tx, hold.id))) continue;
      await this.letGo(tx, stock, hold);
    }
    // Thrown, not returned: unlike other refusals, this one undoes the cancelled holds too.
    if ((await memberHoldings(tx, memberId)).length > 0) throw this.kernel.refuse('OPEN_LOANS');
    await anonymiseLoans(tx, memberId);
  }

  async of(member: Member): Promise<Hold[]> {
    return listMemberHolds(this.db, member.id);
  }

  /** Every member's holds (the desk). */
  async all(): Promise<DeskHold[]> {
    return listAllHolds(this.db);
  }

  /**
   * Passes on the copies of ready holds whose pickup time has passed. Safe on several instances at
   * once: each book is settled under its lock, and an expired hold is removed once.
   */
  async sweepExpired(): Promise<number> {
    const books = await this.shelf.queue.titlesToExpire(this.db, SWEEP_BATCH);
    for (const bookId of books)
      await retryingTransaction(this.db, (tx) => this.shelf.lockSettled(tx, bookId));
    return books.length;
  }
}
