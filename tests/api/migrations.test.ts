/** A catalogue made before the search index and the category figures existed keeps every answer after upgrading. */
import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, CategorySummary } from '../../src/common/types.ts';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import * as catalogueAndLoans from '../../src/server/db/migrations/0001-catalogue-and-loans.ts';
import { migrateToLatest } from '../../src/server/db/migrations/index.ts';
import { Agent } from '../support/agent.ts';
import { createTestDatabase, databaseKinds, testConfig } from '../support/test-app.ts';

/** Books as the first version stored them: `searchText` merely lower-cased. */
const oldBooks = [
  {
    name: 'Cien años de soledad',
    author: 'Gabriel García Márquez',
    category: 'Novel',
    quantity: 2,
  },
  { name: 'Gitanjali', author: 'Rabindranath Tagore', category: 'Drama', quantity: 0 },
  { name: 'Foundation', author: 'Isaac Asimov', category: 'Sci-Fi', quantity: 1 },
  { name: 'পথের পাঁচালী', author: 'বিভূতিভূষণ', category: 'Novel', quantity: 1 },
];

async function createVersionOneCatalogue(url: string): Promise<void> {
  const database = openDatabase(url);
  try {
    const migrations: Record<string, Migration> = {
      '0001-catalogue-and-loans': catalogueAndLoans,
    };
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    for (const [index, book] of oldBooks.entries()) {
      const createdAt = new Date(Date.UTC(2024, 0, index + 1)).toISOString();
      // The columns of migration 0001 only: later ones did not exist yet.
      await (database.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('book')
        .values({
          ...book,
          id: randomUUID(),
          rating: 4,
          shortDescription: 'A book.',
          image: `/covers/${index}.svg`,
          content: '',
          searchText: `${book.name} ${book.author}`.toLowerCase(),
          createdAt,
          updatedAt: createdAt,
        })
        .execute();
    }
  } finally {
    await database.close();
  }
}

describe.each(databaseKinds)('upgrading a catalogue on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let visitor: Agent;

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    await createVersionOneCatalogue(database.url);
    app = await buildApp(testConfig(database.url), { logger: false });
    visitor = new Agent(app);
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('fills the category figures from the books already there', async () => {
    const categories = await visitor.get<CategorySummary[]>('/api/categories');
    expect(categories.body).toEqual([
      { name: 'Drama', count: 1, image: '/covers/1.svg' },
      { name: 'Novel', count: 2, image: '/covers/3.svg' },
      { name: 'Sci-Fi', count: 1, image: '/covers/2.svg' },
    ]);
    expect((await visitor.get('/api/books')).headers['x-total-count']).toBe('4');
    expect((await visitor.get('/api/books?available=true')).headers['x-total-count']).toBe('3');
  });

  it('indexes the books already there for search, accents folded', async () => {
    const search = async (q: string) =>
      (await visitor.get<Book[]>(`/api/books?q=${encodeURIComponent(q)}`)).body.map(
        (book) => book.name,
      );
    expect(await search('marquez anos')).toEqual(['Cien años de soledad']);
    expect(await search('tagore')).toEqual(['Gitanjali']);
    expect(await search('পাঁচালী')).toEqual(['পথের পাঁচালী']);
  });

  it('finds the books already there across scripts once the server has written their keys', async () => {
    await app.ready();
    await app.searchTextsWritten();
    const search = async (q: string) =>
      (await visitor.get<Book[]>(`/api/books?q=${encodeURIComponent(q)}`)).body.map(
        (book) => book.name,
      );
    expect(await search('pather panchali')).toEqual(['পথের পাঁচালী']);
    expect(await search('গীতাঞ্জলি')).toEqual(['Gitanjali']);
    expect(await search('Ditanjali')).toEqual(['Gitanjali']);
    // The books' categories are the library's, the seed's five among them.
    const options = await visitor.get<{ name: string }[]>('/api/categories/options');
    expect(options.body.map((category) => category.name)).toEqual([
      'Drama',
      'History',
      'Novel',
      'Sci-Fi',
      'Thriller',
    ]);
  });

  it('writes the title and author sort keys of the books already there', async () => {
    const keys = await app.database.db
      .selectFrom('book')
      .select(['name', 'sortName', 'sortAuthor'])
      .where('name', '=', 'Cien años de soledad')
      .executeTakeFirst();
    expect(keys).toEqual({
      name: 'Cien años de soledad',
      sortName: 'cien anos de soledad',
      sortAuthor: 'gabriel garcia marquez',
    });
    const titles = (await visitor.get<Book[]>('/api/books?sort=title')).body.map(
      (book) => book.name,
    );
    expect(titles).toEqual(['Cien años de soledad', 'Foundation', 'Gitanjali', 'পথের পাঁচালী']);
  });
});

describe('the word index of a catalogue upgraded on postgres', () => {
  it('files each word of the books already there by its beginnings of two to eight letters', async () => {
    // Migration 0200: a word typed of five to eight letters is then one list GIN skips through.
    // Read before any server runs, whose rewriting of the search texts would file them anew.
    const database = await createTestDatabase('postgres');
    try {
      await createVersionOneCatalogue(database.url);
      const opened = openDatabase(database.url);
      try {
        await migrateToLatest(opened.db);
        const { rows } = await sql<{ lexemes: string[] }>`select
            tsvector_to_array(e."bestWords") as "lexemes"
          from "bookSearchText" e join "book" b on b."id" = e."bookId"
          where b."name" = 'Gitanjali'`.execute(opened.db);
        const lexemes = rows[0]?.lexemes ?? [];
        expect(lexemes).toEqual(
          expect.arrayContaining([
            'gitanjali',
            'gi~',
            'gita~',
            'gitanjal~',
            'rabindra~',
            'tagore~',
          ]),
        );
        expect(lexemes).not.toContain('gitanjali~');
      } finally {
        await opened.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('the word index of a catalogue upgraded on sqlite', () => {
  it('is made again with beginnings of two to eight letters, with the titles apart, and holds every book already there', async () => {
    // Migration 0203: a word typed of five to eight letters is then one list FTS5 seeks through.
    const database = await createTestDatabase('sqlite');
    try {
      await createVersionOneCatalogue(database.url);
      const opened = openDatabase(database.url);
      try {
        await migrateToLatest(opened.db);
        const { rows: tables } = await sql<{ sql: string }>`select "sql" from "sqlite_master"
          where "name" = 'bookWords'`.execute(opened.db);
        expect(tables[0]?.sql).toContain(`prefix = '2 3 4 5 6 7 8'`);
        const matches = async (query: string, index = 'bookWords') =>
          (
            await sql<{ count: number }>`select count(*) as "count" from ${sql.id(index)}
              where ${sql.id(index)} match ${query}`.execute(opened.db)
          ).rows[0]?.count;
        expect(await matches('"gitanj"*')).toBe(1);
        expect(await matches('"foundat"*')).toBe(1);
        expect(await matches('{title} : "rabindra"*')).toBe(1);
        // Migration 0204: the titles' and authors' words alone, for the two best tiers.
        expect(await matches('{title} : "rabindra"*', 'bookTitleWords')).toBe(1);
        expect(await matches('"পথের"', 'bookTitleWords')).toBe(1);
      } finally {
        await opened.close();
      }
    } finally {
      await database.drop();
    }
  });
});
