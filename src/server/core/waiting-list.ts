/**
 * The one waiting list of the library: members queue for a book on paper (`hold`) or for an
 * e-book's digital copy (`ebookWait`), are served in the order they joined, and a copy freed for
 * the first of them is kept until closing time on the last of HOLD_PICKUP_DAYS open days
 * (docs/product.md#holds). Both tables share these columns; the caller holds the book's row lock,
 * so one title's list changes one transaction at a time.
 */
import type { Kysely } from 'kysely';
import { pickupDeadline, type OpeningHours } from '../../common/opening-hours.ts';
import type { DB } from '../db/schema.ts';
import type { LibraryClock } from './clock.ts';

type ListTable = 'hold' | 'ebookWait';

/** A place on a list that was served or let go, as its notice needs it. */
export interface Place {
  id: string;
  userId: string;
  /** Until when its copy is (or was) kept. */
  readyUntil: string;
}

export interface KeepingRule {
  openingHours: OpeningHours;
  /** HOLD_PICKUP_DAYS: the open days a freed copy is kept for. */
  pickupDays: number;
}

export class WaitingList {
  constructor(
    // Both tables have the columns read here; the first names the type they are read with.
    private readonly table: ListTable,
    private readonly clock: LibraryClock,
    private readonly keeping: KeepingRule,
  ) {}

  private get name(): 'hold' {
    return this.table as 'hold';
  }

  /** Until when a copy freed now is kept: closing time on the last of its open days. */
  keptUntil(): string {
    const { openingHours, pickupDays } = this.keeping;
    return pickupDeadline(openingHours, this.clock.today(), pickupDays).toISOString();
  }

  /**
   * When a place taken now goes in the list: now, or just after the title's newest place if the
   * clock has not moved past it, so two joined within one millisecond keep their order.
   */
  async nextPlacement(tx: Kysely<DB>, bookId: string): Promise<string> {
    const row = await tx
      .selectFrom(this.name)
      .select((eb) => eb.fn.max('placedAt').as('placedAt'))
      .where('bookId', '=', bookId)
      .executeTakeFirst();
    const now = this.clock.now().getTime();
    const after = row?.placedAt ? Date.parse(row.placedAt) + 1 : now;
    return new Date(Math.max(now, after)).toISOString();
  }

  /**
   * Lets go of the places whose kept copy was not taken in time; answers them. Looked for first,
   * so that a title with none is not written to (a write empties the caches).
   */
  async expire(tx: Kysely<DB>, bookId: string): Promise<(Place & { copyId: string | null })[]> {
    const now = this.clock.now().toISOString();
    // Every column: a hold names the copy kept for it; an e-book's place keeps none.
    const expired = await tx
      .selectFrom(this.name)
      .selectAll()
      .where('bookId', '=', bookId)
      .where('status', '=', 'ready')
      .where('readyUntil', '<', now)
      .execute();
    if (expired.length === 0) return [];
    await tx
      .deleteFrom(this.name)
      .where(
        'id',
        'in',
        expired.map((place) => place.id),
      )
      .execute();
    return expired.map((place) => ({
      id: place.id,
      userId: place.userId,
      readyUntil: place.readyUntil ?? now,
      copyId: place.copyId ?? null,
    }));
  }

  /** Keeps a copy for each of the `count` first waiting, in the order they joined; answers them. */
  async serve(tx: Kysely<DB>, bookId: string, count: number): Promise<Place[]> {
    if (count <= 0) return [];
    const first = await tx
      .selectFrom(this.name)
      .select(['id', 'userId'])
      .where('bookId', '=', bookId)
      .where('status', '=', 'waiting')
      .orderBy('placedAt')
      .orderBy('id')
      .limit(count)
      .execute();
    if (first.length === 0) return [];
    const readyUntil = this.keptUntil();
    await tx
      .updateTable(this.name)
      .set({ status: 'ready', readyUntil })
      .where(
        'id',
        'in',
        first.map((place) => place.id),
      )
      .execute();
    return first.map((place) => ({ ...place, readyUntil }));
  }

  /** Titles with a kept copy past its time, for the sweep. */
  async titlesToExpire(db: Kysely<DB>, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom(this.name)
      .select('bookId')
      .distinct()
      .where('status', '=', 'ready')
      .where('readyUntil', '<', this.clock.now().toISOString())
      .limit(limit)
      .execute();
    return rows.map((row) => row.bookId);
  }
}
