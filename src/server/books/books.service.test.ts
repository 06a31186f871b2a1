import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Circulation } from '../circulation/circulation.service.ts';
import { libraryClock } from '../circulation/library-clock.ts';
import type { CatalogueChange, CatalogueChanges } from '../db/change-version.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrations/index.ts';
import { loadConfig } from '../config.ts';
import { Books } from './books.service.ts';
import { insertBook } from './books.repository.ts';

const book = {
  name: 'Pather Panchali',
  author: 'Bibhutibhushan Bandyopadhyay',
  category: 'Novel',
  quantity: 3,
  rating: 4.8,
  shortDescription: 'A childhood in a Bengal village.',
  image: '/covers/pather-panchali.svg',
} as const;

/** Changes the test announces by hand; `duringNextRead` makes one land while a read runs. */
function handChanges() {
  let version: number | undefined = 1;
  let listener: (change: CatalogueChange) => void = () => {};
  let pending: CatalogueChange | undefined;
  let looks = 0;
  const announce = (change: CatalogueChange) => {
    version = (version ?? 0) + 1;
    listener(change);
  };
  const changes: CatalogueChanges = {
    async current() {
      looks += 1;
      // A read looks before and after it reads: a change between the two lands on the second look.
      if (pending && looks % 2 === 0) {
        announce(pending);
        pending = undefined;
      }
      return version;
    },
    onChange: (each) => void (listener = each),
    close: async () => {},
  };
  return {
    changes,
    announce,
    duringNextRead(change: CatalogueChange) {
      looks = 0;
      pending = change;
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

  beforeEach(async () => {
    database = openDatabase(':memory:');
    await migrateToLatest(database.db);
    hand = handChanges();
    const config = loadConfig({ DATABASE_URL: ':memory:', AUTH_SECRET: 'x'.repeat(32) });
    const clock = libraryClock(config.circulation.timeZone, 0);
    books = new Books(
      database.db,
      hand.changes,
      new Circulation(database.db, clock, config.circulation),
    );
    first = await insertBook(database.db, book);
    second = await insertBook(database.db, book);
  });
  afterEach(() => database.close());

  /** Whether reading `id` was answered from memory. */
  async function kept(id: string): Promise<boolean> {
    const before = books.memoryFigures().fromMemory;
    await books.book(id);
    return books.memoryFigures().fromMemory > before;
  }

  it('forgets the changed book only', async () => {
    await books.book(first);
    await books.book(second);
    hand.announce({ books: [second] });
    expect(await kept(first)).toBe(true);
    expect(await kept(second)).toBe(false);
    expect(await kept(second)).toBe(true);
    hand.announce('everything');
    expect(await kept(first)).toBe(false);
  });

  it('keeps nothing read while the catalogue changed, even a change to another book', async () => {
    hand.duringNextRead({ books: [second] });
    await books.book(first);
    expect(await kept(first)).toBe(false);
    expect(await kept(first)).toBe(true);
  });

  it('neither keeps nor answers from memory while changes cannot be followed', async () => {
    await books.book(first);
    hand.lose();
    expect(await kept(first)).toBe(false);
    expect(await kept(first)).toBe(false);
  });
});
