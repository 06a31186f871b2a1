/**
 * A book's stock (docs/decisions/001-circulation.md): its copies on the shelf (`quantity`), on
 * loan and kept for ready holds only move between those places, and always with the book's row
 * locked (shelf.repository.ts lockBook), so all of one book's circulation is serialised. Settling
 * a locked book lets go of ready holds past their pickup time and gives copies on the shelf to the
 * oldest waiting holds before anyone else, writing their notices in the same transaction.
 */
import type { Kysely } from 'kysely';
import type { Kernel } from '../core/kernel.ts';
import { WaitingList, type KeepingRule, type Place } from '../core/waiting-list.ts';
import type { DB } from '../db/schema.ts';
import { recordNotices } from '../notices/outbox.ts';
import { setCopyStatus, shelfCopies } from '../copies/copies.ts';
import { keepCopiesFor } from './holds.repository.ts';
import { bookName, lockBook, writeStock, type Stock } from './shelf.repository.ts';

/** A change made to a locked book before it is settled. */
export interface StockChange {
  /** Copies put back on the shelf. */
  copies?: number;
  /** Holds joining (1) or leaving (-1) the queue. */
  waiting?: number;
  /** The copy just put back: it serves the queue first, so the desk can say for whom. */
  returned?: string;
}

type KeptHold = Place & { copyId: string | null };

const copiesOf = (holds: KeptHold[]) =>
  holds.flatMap((hold) => (hold.copyId === null ? [] : [hold.copyId]));

export class Shelf {
  /** The holds' queue, one title at a time. */
  readonly queue: WaitingList;

  constructor(
    private readonly kernel: Kernel,
    keeping: KeepingRule,
  ) {
    this.queue = new WaitingList('hold', kernel.clock, keeping);
  }

  lock(tx: Kysely<DB>, bookId: string): Promise<Stock | undefined> {
    return lockBook(tx, bookId);
  }

  /** Locks the book and brings it up to date; undefined when there is no such book. */
  async lockSettled(tx: Kysely<DB>, bookId: string): Promise<Stock | undefined> {
    const stock = await lockBook(tx, bookId);
    return stock && this.settle(tx, stock);
  }

  /**
   * Brings a locked book up to date, with `change` made to it first: ready holds past their
   * pickup time give their copy up, and copies on the shelf go to the oldest waiting holds,
   * `returned` first when it is one of them.
   */
  async settle(tx: Kysely<DB>, locked: Stock, change: StockChange = {}): Promise<Stock> {
    const now = this.kernel.clock.now();
    const expired = await this.queue.expire(tx, locked.id);
    await setCopyStatus(tx, copiesOf(expired), 'available', now);
    let quantity = locked.quantity + (change.copies ?? 0) + expired.length;
    let holds = locked.holds + (change.waiting ?? 0);
    let served: KeptHold[] = [];
    if (quantity > 0 && holds > 0) {
      const copies = await shelfCopies(tx, locked.id, Math.min(quantity, holds), change.returned);
      const places = await this.queue.serve(tx, locked.id, copies.length);
      served = places.map((place, index) => ({ ...place, copyId: copies[index]?.id ?? null }));
      await keepCopiesFor(tx, served);
      await setCopyStatus(tx, copiesOf(served), 'held', now);
      quantity -= served.length;
      holds -= served.length;
    }
    const settled = { id: locked.id, quantity, holds };
    await writeStock(tx, locked, settled);
    await this.recordHoldNotices(tx, locked.id, { expired, served });
    return settled;
  }

  /** Puts a copy back on the shelf; settling then gives it to the oldest waiting hold, if any. */
  async shelve(tx: Kysely<DB>, stock: Stock, copyId: string | null): Promise<Stock> {
    if (copyId !== null) await setCopyStatus(tx, [copyId], 'available', this.kernel.clock.now());
    return this.settle(tx, stock, { copies: 1, returned: copyId ?? undefined });
  }

  /**
   * The notices of holds that expired or became ready (docs/product.md#accounts), written in the
   * transaction that changed them: they exist exactly when the change committed.
   */
  private async recordHoldNotices(
    tx: Kysely<DB>,
    bookId: string,
    changes: { expired: KeptHold[]; served: KeptHold[] },
  ): Promise<void> {
    if (changes.expired.length === 0 && changes.served.length === 0) return;
    const name = await bookName(tx, bookId);
    const event = (kind: 'holdExpired' | 'holdReady') => (hold: KeptHold) => ({
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
      this.kernel.clock.now().toISOString(),
    );
  }
}
