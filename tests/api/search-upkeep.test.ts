/**
 * SQLite's search indexes are merged into one b-tree each, a step at a time, by every server
 * (books/search-upkeep.ts); searches find the same books before and after, and a book filed while
 * it merges is found too. The titles' word index follows every change of a book. PostgreSQL's
 * index needs no such upkeep, and the server does none there.
 */
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBookPage, updateBook } from '../../src/server/books/books.repository.ts';
import { insertBook } from '../../src/server/books/book-rows.ts';
import { mergeSearchIndex, searchUpkeep } from '../../src/server/books/search-upkeep.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrations/index.ts';
import { validBook } from '../support/agent.ts';
import { createTestDatabase } from '../support/test-app.ts';

const WORDS = ['Padma', 'Meghna', 'Jamuna', 'Karnaphuli', 'Teesta', 'Surma'];
const SEARCHES = [['padma'], ['megh'], ['una'], ['karnaphuli', 'padma'], ['jamuna', 'surm']];

/** SQLite's FTS5 indexes: the trigram one, the word one and the title words' one. */
const INDEXES = ['bookSearch', 'bookWords', 'bookTitleWords'] as const;

/**
 * How many b-trees an FTS5 index is made of, from its structure record (row 10 of its `_data`
 * table): a 4-byte cookie, a 4-byte mark of the second format, then the levels and the b-trees as
 * varints (fts5_index.c, fts5StructureDecode).
 */
async function bTrees(database: Database, index: (typeof INDEXES)[number]): Promise<number> {
  const { rows } = await sql<{ block: Buffer }>`select "block" from ${sql.id(`${index}_data`)}
    where "id" = 10`.execute(database.db);
  const record = rows[0]?.block;
  if (!record) return 0;
  let at = record.subarray(4, 8).equals(Buffer.from([0xff, 0, 0, 1])) ? 8 : 4;
  const varint = () => {
    let value = 0;
    for (;;) {
      const byte = record[at++] ?? 0;
      value = value * 128 + (byte & 0x7f);
      if (byte < 0x80) return value;
    }
  };
  varint(); // levels
  return varint();
}

/** The ids each search finds, newest first. */
const found = (database: Database) =>
  Promise.all(
    SEARCHES.map(async (words) =>
      (await findBookPage(database.db, { words }, { limit: 500 })).map((row) => row.id),
    ),
  );

/** Files books one commit each, so that each adds a b-tree of its own. */
async function fileBooks(database: Database, count: number, from = 0): Promise<string[]> {
  const ids: string[] = [];
  for (let index = from; index < from + count; index += 1) {
    const name = `${WORDS[index % WORDS.length]} ${WORDS[(index * 7 + 3) % WORDS.length]} ${index}`;
    ids.push(await insertBook(database.db, { ...validBook, name, category: 'Novel' }, new Date()));
  }
  return ids;
}

describe('search index upkeep on sqlite', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase('sqlite');
    drop = created.drop;
    database = openDatabase(created.url);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('merges the index into one b-tree, and every search finds the same books', async () => {
    await fileBooks(database, 60);
    const before = await found(database);
    expect(before.every((ids) => ids.length > 0)).toBe(true);
    for (const index of INDEXES) expect(await bTrees(database, index)).toBeGreaterThan(1);

    expect(await mergeSearchIndex(database.db, { pauseMs: 0 })).toBeGreaterThan(0);
    for (const index of INDEXES) expect(await bTrees(database, index), index).toBe(1);
    expect(await found(database)).toEqual(before);
    // Merged, and nothing filed since: the next turn finds nothing to do.
    expect(await mergeSearchIndex(database.db, { pauseMs: 0 })).toBe(0);
  });

  it('finds the books filed while it merges, and merges them in at the next turn', async () => {
    await fileBooks(database, 40, 100);
    const [, filedMeanwhile] = await Promise.all([
      mergeSearchIndex(database.db, { pauseMs: 1 }),
      fileBooks(database, 12, 200),
    ]);
    const shown = new Set((await found(database)).flat());
    expect(filedMeanwhile.filter((id) => !shown.has(id))).toEqual([]);

    await mergeSearchIndex(database.db, { pauseMs: 0 });
    for (const index of INDEXES) expect(await bTrees(database, index), index).toBe(1);
  });

  it('stops between two steps when asked', async () => {
    await fileBooks(database, 30, 300);
    expect(await mergeSearchIndex(database.db, { stopping: () => true })).toBe(0);
    expect(await bTrees(database, 'bookSearch')).toBeGreaterThan(1);
  });

  it('is merged by the server a while after it starts', async () => {
    await fileBooks(database, 30, 400);
    expect(await bTrees(database, 'bookSearch')).toBeGreaterThan(1);
    const app = Fastify({ logger: false }).decorate('database', database);
    await app.register(searchUpkeep, { firstAfterMs: 0 });
    await app.ready();
    try {
      const eachIndex = () => Promise.all(INDEXES.map((index) => bTrees(database, index)));
      await expect.poll(eachIndex, { timeout: 5000 }).toEqual([1, 1, 1]);
    } finally {
      await app.close();
    }
  });

  it('keeps the index of titles and authors in step with a book added, renamed and withdrawn', async () => {
    const matching = async (index: string, word: string) =>
      Number(
        (
          await sql<{ count: number }>`select count(*) as "count" from ${sql.id(index)}
            where ${sql.id(index)} match ${`"${word}"`}`.execute(database.db)
        ).rows[0]?.count,
      );
    const book = { ...validBook, name: 'Brahmaputra Nights', shortDescription: 'Meghdoot tales.' };
    const id = await insertBook(database.db, { ...book, category: 'Novel' }, new Date());
    expect(await matching('bookTitleWords', 'brahmaputra')).toBe(1);
    // The description is in the word index only.
    expect(await matching('bookWords', 'meghdoot')).toBe(1);
    expect(await matching('bookTitleWords', 'meghdoot')).toBe(0);

    await updateBook(
      database.db,
      id,
      { name: 'Dhaleshwari Nights', author: book.author },
      new Date(),
    );
    expect(await matching('bookTitleWords', 'brahmaputra')).toBe(0);
    expect(await matching('bookTitleWords', 'dhaleshwari')).toBe(1);

    await sql`delete from "book" where "id" = ${id}`.execute(database.db);
    expect(await matching('bookTitleWords', 'dhaleshwari')).toBe(0);
  });
});

describe('search index upkeep on postgres', () => {
  it('does nothing: a server due to merge at once has no merge to fail', async () => {
    const { url, drop } = await createTestDatabase('postgres');
    const database = openDatabase(url);
    const warnings: unknown[] = [];
    const app = Fastify({ logger: false }).decorate('database', database);
    app.log.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      await migrateToLatest(database.db);
      await app.register(searchUpkeep, { firstAfterMs: 0 });
      await app.ready();
      // Past the first turn's time; closing waits for a turn under way.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
    expect(warnings).toEqual([]);
  });
});
