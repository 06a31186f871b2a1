import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Copies } from '../circulation/copies.service.ts';
import { Shelf } from '../circulation/shelf.ts';
import { kernelOf } from '../library.ts';
import { libraryClock } from '../core/clock.ts';
import type { CatalogueChange, CatalogueChanges } from '../db/change-version.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrations/index.ts';
import { loadConfig } from '../config.ts';
import { booksQuerySchema } from '../../common/schemas.ts';
import { Books } from './books.service.ts';
import { insertBook } from './book-rows.ts';

const book = {
  name: 'Pather Panchali',
  author: 'Bibhutibhushan Bandyopadhyay',
  category: 'Novel',
  quantity: 3,
  rating: 4.8,
  shortDescription: 'A childhood in a Bengal village.',
  image: '/covers/pather-panchali.svg',
} as const;

/** Changes the test announces by hand; `duringNextRead` makes some land while a read runs. */
function handChanges() {
  let version: number | undefined = 1;
  let listener: (change: CatalogueChange) => void = () => {};
  let pending: CatalogueChange[] = [];
  let looks = 0;
  const announce = (change: CatalogueChange) => {
    version = (version ?? 0) + 1;
    listener(change);
  };
  const changes: CatalogueChanges = {
    async current() {
      looks += 1;
      // A read looks before and after it reads: a change between the two lands on the second look.
      if (looks % 2 === 0) {
        for (const change of pending) announce(change);
        pending = [];
      }
      return version;
    },
    onChange: (each) => void (listener = each),
    close: async () => {},
  };
  return {
    changes,
    announce,
    duringNextRead(...changes: CatalogueChange[]) {
      looks = 0;
      pending = changes;
    },
    lose: () => void (version = undefined),
  };
}

describe('the books service', () => {
  let database: Database;
  let hand: ReturnType<typeof handChanges>;
  let books: Books;
  let first: string;
  let second: string;
  let drama: string;

  beforeEach(async () => {
    database = openDatabase(':memory:');
    await migrateToLatest(database.db);
    hand = handChanges();
    const config = loadConfig({ DATABASE_URL: ':memory:', AUTH_SECRET: 'x'.repeat(32) });
    const clock = libraryClock(config.circulation.timeZone, 0);
    const kernel = kernelOf(config, clock);
    books = new Books(
      database.db,
      hand.changes,
      new Copies(
        database.db,
        kernel,
        new Shelf(kernel, { openingHours: config.openingHours, pickupDays: 2 }),
        async () => false,
      ),
      clock,
    );
    first = await insertBook(database.db, book, new Date());
    second = await insertBook(database.db, book, new Date());
    drama = await insertBook(database.db, { ...book, category: 'Drama' }, new Date());
  });
  afterEach(() => database.close());

  /** Whether reading `id` was answered from the cache. */
  async function kept(id: string): Promise<boolean> {
    const before = books.cacheFigures().fromCache;
    await books.book(id);
    return books.cacheFigures().fromCache > before;
  }

  it('forgets the changed book only', async () => {
    await books.book(first);
    await books.book(second);
    hand.announce({ books: [second], copiesOnly: false });
    expect(await kept(first)).toBe(true);
    expect(await kept(second)).toBe(false);
    expect(await kept(second)).toBe(true);
    hand.announce('everything');
    expect(await kept(first)).toBe(false);
  });

  /** Whether `read` was answered from the cache. */
  async function answeredFromCache(read: () => Promise<unknown>): Promise<boolean> {
    const before = books.cacheFigures().fromCache;
    await read();
    return books.cacheFigures().fromCache > before;
  }
  const list = (query: Record<string, string>) => () => books.list(booksQuerySchema.parse(query));
  const novels = list({ category: 'Novel' });
  const dramas = list({ category: 'Drama' });
  const onShelf = list({ category: 'Drama', available: 'true' });
  const facets = () => books.facets({});
  const categories = () => books.categories();
  /** Reads each, then answers which of them a second read found in the cache. */
  async function keptAfter(change: CatalogueChange, reads: (() => Promise<unknown>)[]) {
    for (const read of reads) await read();
    hand.announce(change);
    const kept: boolean[] = [];
    for (const read of reads) kept.push(await answeredFromCache(read));
    return kept;
  }

  it("forgets, when only a book's copies moved, what shows the book or counts copies on the shelf", async () => {
    const reads = [() => books.book(first), () => books.book(second), novels, dramas];
    expect(await keptAfter({ books: [second], copiesOnly: true }, reads)).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(
      await keptAfter({ books: [first], copiesOnly: true }, [onShelf, facets, categories]),
    ).toEqual([false, false, true]);
  });

  it('forgets every list, total, facet and category when a book changed otherwise', async () => {
    const reads = [() => books.book(first), dramas, onShelf, facets, categories];
    expect(await keptAfter({ books: [second], copiesOnly: false }, reads)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(await keptAfter('everything', reads)).toEqual([false, false, false, false, false]);
  });

  it('counts the books on the shelf again when copies move, and keeps the other totals', async () => {
    const total = async (query: Record<string, string>) =>
      (await books.list(booksQuerySchema.parse(query))).total;
    expect(await total({ available: 'true', limit: '1' })).toBe(3);
    expect(await total({ q: 'pather', limit: '1' })).toBe(3);
    // Behind the service's back: one book leaves the shelf, another the catalogue.
    await database.db.updateTable('book').set({ quantity: 0 }).where('id', '=', drama).execute();
    await database.db.deleteFrom('book').where('id', '=', first).execute();
    hand.announce({ books: [drama], copiesOnly: true });
    expect(await total({ available: 'true', limit: '1' })).toBe(1);
    // Another address of the same full first page reads the list again, and takes the search's
    // total from the cache.
    expect(await total({ q: 'pather', limit: '1', page: '1' })).toBe(3);
  });

  it('keeps a list read while copies of a book it does not show moved, and no other', async () => {
    hand.duringNextRead({ books: [first], copiesOnly: true });
    await dramas();
    expect(await answeredFromCache(dramas)).toBe(true);
    hand.duringNextRead({ books: [first], copiesOnly: true });
    await novels();
    expect(await answeredFromCache(novels)).toBe(false);
    expect(await answeredFromCache(novels)).toBe(true);
    hand.duringNextRead({ books: [drama], copiesOnly: true });
    await onShelf();
    expect(await answeredFromCache(onShelf)).toBe(false);
  });

  it('keeps a book read while another book changed, and no list or count', async () => {
    hand.duringNextRead({ books: [second], copiesOnly: false });
    await books.book(first);
    expect(await kept(first)).toBe(true);
    hand.duringNextRead({ books: [second], copiesOnly: false });
    await dramas();
    expect(await answeredFromCache(dramas)).toBe(false);
    hand.duringNextRead({ books: [second], copiesOnly: false });
    await categories();
    expect(await answeredFromCache(categories)).toBe(false);
  });

  it('keeps nothing read while its own book changed, or while anything might have', async () => {
    hand.duringNextRead({ books: [first], copiesOnly: true });
    await books.book(first);
    expect(await kept(first)).toBe(false);
    expect(await kept(first)).toBe(true);
    hand.duringNextRead('everything');
    await books.book(second);
    expect(await kept(second)).toBe(false);
    // More changes than the service keeps in mind: it cannot tell whether one was to this book.
    const others = { books: [second], copiesOnly: true };
    hand.duringNextRead(...Array.from({ length: 300 }, () => others));
    await books.book(drama);
    expect(await kept(drama)).toBe(false);
  });

  it('neither keeps nor answers from the cache while changes cannot be followed', async () => {
    await books.book(first);
    hand.lose();
    expect(await kept(first)).toBe(false);
    expect(await kept(first)).toBe(false);
  });
});
