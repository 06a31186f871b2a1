/**
 * What another connection to the database hears of the catalogue's changes (db/change-version.ts,
 * migrations 0070 and 0080): which books changed, and whether only their copies moved. A server
 * keeps its lists through a change of copies (books.service.ts), so a change of anything else
 * heard as one of copies would leave lists showing an old name, category or order.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookCreate } from '../../src/common/schemas.ts';
import type { CatalogueChange } from '../../src/server/db/change-version.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrations/index.ts';
import { insertBook } from '../../src/server/books/book-rows.ts';
import { validBook } from '../support/agent.ts';
import { createTestDatabase, databaseKinds } from '../support/test-app.ts';

/** A book of the category Novel, without ISBN. */
const novel = { ...validBook, category: 'Novel' as const };

/** How long PostgreSQL's notice may take to arrive. */
const NOTICE_WAIT = { timeout: 3000, interval: 10 };

/**
 * What moves when a book's copies do: on the shelf, waiting, and the time of the edit; and its
 * e-book's summary, which moves no book into or out of a list either (migration 0120).
 */
const COPIES_COLUMNS = [
  'quantity',
  'holds',
  'updatedAt',
  'ebookAccess',
  'ebookCopies',
  'ebookAvailable',
  'ebookWaiting',
];

/** A book's id never changes: rows of other tables refer to it. */
const KEY_COLUMNS = ['id'];

/** Another value for each other column of `book` than `novel`'s. */
const OTHER_VALUES: Record<string, unknown> = {
  name: 'Another name',
  author: 'Another author',
  category: 'Drama',
  rating: 1.5,
  shortDescription: 'Another description',
  image: '/covers/another.svg',
  content: 'Another content',
  searchText: 'another text',
  searchKey: 'antr tkst',
  searchDescription: 'another description',
  createdAt: '2020-01-01T00:00:00.000Z',
  sortName: 'another name',
  sortAuthor: 'another author',
  isbn: '9780306406157',
  publisher: 'Another publisher',
  publishedYear: 1999,
  language: 'bn',
  replacementCost: 750,
  controlNumber: '(DLC)2001012345',
  romanisedName: 'Another romanised name',
  romanisedAuthor: 'Another romanised author',
};

describe.each(databaseKinds)(
  'changes to the catalogue heard by another connection on %s',
  (kind) => {
    let dropDatabase: () => Promise<void>;
    let writer: Database;
    let listener: Database;
    const heard: CatalogueChange[] = [];

    beforeAll(async () => {
      const created = await createTestDatabase(kind);
      dropDatabase = created.drop;
      writer = openDatabase(created.url);
      await migrateToLatest(writer.db);
      listener = openDatabase(created.url);
      listener.changes.onChange((change) => heard.push(change));
      // The first look starts following (on PostgreSQL, listening).
      await vi.waitFor(
        async () => expect(await listener.changes.current()).not.toBeUndefined(),
        NOTICE_WAIT,
      );
    });
    afterAll(async () => {
      await listener?.close();
      await writer?.close();
      await dropDatabase?.();
    });

    /** The changes the listener hears of `write`, once it has heard of the book `write` answers. */
    async function heardOf(write: () => Promise<string>): Promise<CatalogueChange[]> {
      heard.length = 0;
      const book = await write();
      const namesBook = (change: CatalogueChange) =>
        change === 'everything' || change.books.includes(book);
      await expect
        .poll(async () => {
          await listener.changes.current();
          return heard.some(namesBook);
        }, NOTICE_WAIT)
        .toBe(true);
      return [...heard];
    }

    const update = (id: string, values: Record<string, unknown>) => async () => {
      await writer.db.updateTable('book').set(values).where('id', '=', id).execute();
      return id;
    };

    /** Adds a book, and answers its id once the listener has heard of it. */
    async function added(book: BookCreate = novel): Promise<string> {
      let id = '';
      await heardOf(async () => (id = await insertBook(writer.db, book, new Date())));
      return id;
    }

    it('hears a borrow, a return, a hold and a copy added as changes of copies only', async () => {
      const id = await added({ ...novel, quantity: 2 });
      const copiesOnly = [{ books: [id], copiesOnly: true }];
      expect(await heardOf(update(id, { quantity: 1 }))).toEqual(copiesOnly);
      expect(await heardOf(update(id, { quantity: 0, holds: 1 }))).toEqual(copiesOnly);
      expect(
        await heardOf(update(id, { quantity: 3, updatedAt: new Date().toISOString() })),
      ).toEqual(copiesOnly);
    });

    it('hears a change of copies to several books in one statement as one of copies only', async () => {
      const ids = [
        await added({ ...novel, category: 'History' }),
        await added({ ...novel, category: 'History' }),
      ];
      const changes = await heardOf(async () => {
        await writer.db.updateTable('book').set({ quantity: 7 }).where('id', 'in', ids).execute();
        return ids[1] as string;
      });
      expect(changes).toHaveLength(1);
      expect(changes[0]).toEqual({ books: expect.arrayContaining(ids), copiesOnly: true });
    });

    it('compares every other column of a book: a change to any of them is not one of copies only', async () => {
      const columns =
        kind === 'postgres'
          ? await sql<{ name: string }>`select column_name as "name" from information_schema.columns
            where table_name = 'book' and table_schema = current_schema()`.execute(writer.db)
          : await sql<{ name: string }>`select "name" from pragma_table_info('book')`.execute(
              writer.db,
            );
      // A new column of `book` must be compared by the triggers too (a migration after 0080).
      expect(columns.rows.map((column) => column.name).sort()).toEqual(
        [...KEY_COLUMNS, ...COPIES_COLUMNS, ...Object.keys(OTHER_VALUES)].sort(),
      );

      for (const [column, value] of Object.entries(OTHER_VALUES)) {
        const id = await added();
        // With the copies moving in the same statement, as an edit of the book's form may.
        const changes = await heardOf(update(id, { [column]: value, quantity: 9 }));
        expect(changes, column).toEqual([{ books: [id], copiesOnly: false }]);
      }
    });

    it('hears a book added, another renamed alongside copies moving, and a book removed as other changes', async () => {
      const inserted = await heardOf(() => insertBook(writer.db, novel, new Date()));
      expect(inserted).toEqual([{ books: [expect.any(String)], copiesOnly: false }]);

      const copies = await added();
      const renamed = await added();
      const changes = await heardOf(async () => {
        await sql`update "book" set "quantity" = "quantity" + 1,
          "name" = case when "id" = ${renamed} then 'Renamed' else "name" end
        where "id" in (${copies}, ${renamed})`.execute(writer.db);
        return renamed;
      });
      const heardRenamed = changes.filter(
        (change) => change === 'everything' || change.books.includes(renamed),
      );
      expect(heardRenamed).toEqual([
        { books: expect.arrayContaining([renamed]), copiesOnly: false },
      ]);

      const removed = await heardOf(async () => {
        await writer.db.deleteFrom('book').where('id', '=', copies).execute();
        return copies;
      });
      expect(removed).toEqual([{ books: [copies], copiesOnly: false }]);
    });
  },
);
