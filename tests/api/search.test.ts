/**
 * Finding any book from either script (docs/product.md#search, docs/decisions/019-search-in-both-scripts.md),
 * on both databases: Bengali-script records from Latin spellings and Latin records from Bengali
 * script, exact matches first, the description after title and author, ISBNs in any form, one typo
 * forgiven, and the word index kept in step with every way a book changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, BookFacets } from '../../src/common/types.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import type { Agent } from '../support/agent.ts';
import { addBook, signUp, validBook } from '../support/agent.ts';
import { SMALL_SAMPLE_ENOUGH, SMALL_SAMPLE_EVERY } from '../../src/server/books/word-sample.ts';
import { addSampledBooks } from '../support/sampled-books.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

/** Added in this order, one after another: the last is the newest. */
const books = [
  { name: 'Pather Panchali', author: 'Bibhutibhushan Bandyopadhyay', isbn: '978-0-253-20176-8' },
  { name: 'Padma Nadir Majhi', author: 'Manik Bandopadhyay' },
  { name: 'Gitanjali', author: 'Rabindranath Tagore', isbn: '978-0-14-303917-4' },
  { name: 'Feluda Omnibus', author: 'Satyajit Ray' },
  { name: 'Sonar Kella', author: 'Satyajit Ray', shortDescription: 'Feluda goes to Rajasthan.' },
  {
    name: 'A Film Diary',
    author: 'Someone Else',
    shortDescription: 'On making Pather Panchali with a borrowed camera.',
  },
  { name: 'পথের পাঁচালী', author: 'বিভূতিভূষণ বন্দ্যোপাধ্যায়' },
  { name: 'শেষের কবিতা', author: 'রবীন্দ্রনাথ ঠাকুর', shortDescription: 'অমিত ও লাবণ্যর গল্প।' },
  { name: 'লালসালু', author: 'সৈয়দ ওয়ালীউল্লাহ' },
];

describe.each(databaseKinds)('searching in both scripts on %s', (kind) => {
  let server: TestApp;
  let member: Agent;
  let librarian: Agent;
  const ids = new Map<string, string>();
  const answer = (q: string, extra = '') =>
    member.get<Book[]>(`/api/books?q=${encodeURIComponent(q)}${extra}`);
  const search = async (q: string, extra = '') =>
    (await answer(q, extra)).body.map((book) => book.name);

  beforeAll(async () => {
    server = await startTestApp(kind);
    member = (await signUp(server.app)).agent;
    const head = await signUp(server.app, 'Head Librarian');
    await setRoleByEmail(server.app.database.db, head.email, 'librarian');
    librarian = head.agent;
    for (const book of books) {
      ids.set(book.name, await addBook(member, book));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  afterAll(() => server.close());
  /** Counts `by` more books in the catalogue than it holds: a million makes it searched as large. */
  const countMoreBooks = (by: number) =>
    server.app.database.db
      .updateTable('categoryStat')
      .set((eb) => ({ count: eb('count', '+', by) }))
      .where('name', '=', 'Novel')
      .execute();
  /** Runs `check` in a catalogue counted as a million books larger, then counts it as it is. */
  async function asLargeCatalogue(check: () => Promise<void>) {
    await countMoreBooks(1_000_000);
    try {
      await check();
    } finally {
      await countMoreBooks(-1_000_000);
    }
  }
  /** A large catalogue's total: estimated from PostgreSQL's sample, counted on SQLite. */
  function expectLargeTotal(
    headers: Record<string, unknown>,
    estimatedOnPostgres: string,
    countedOnSqlite: string,
  ) {
    if (kind === 'postgres') {
      expect(headers['x-total-count']).toBe(estimatedOnPostgres);
      expect(headers['x-total-count-estimated']).toBe('true');
    } else expect(headers['x-total-count']).toBe(countedOnSqlite);
  }
  /** Runs `check`, then withdraws the books `added`, whether `check` passed or not. */
  async function withdrawnAfter(added: string[], check: () => Promise<void>) {
    try {
      await check();
    } finally {
      for (const id of added) await librarian.delete(`/api/books/${id}`);
    }
  }

  it('finds Bengali-script records from their usual Latin spellings', async () => {
    expect(await search('shesher kobita')).toEqual(['শেষের কবিতা']);
    expect(await search('sheshar kabita')).toEqual(['শেষের কবিতা']);
    expect(await search('Lal Shalu')).toEqual(['লালসালু']);
    expect(await search('lalsalu')).toEqual(['লালসালু']);
    expect(await search('robindronath')).toEqual(['শেষের কবিতা', 'Gitanjali']);
  });

  it('finds Latin records from Bengali script', async () => {
    expect(await search('পদ্মা নদীর মাঝি')).toEqual(['Padma Nadir Majhi']);
    expect(await search('পদ্মানদীর')).toEqual(['Padma Nadir Majhi']);
    expect(await search('গীতাঞ্জলি')).toEqual(['Gitanjali']);
  });

  it('ranks exact matches first, then those found across scripts, then descriptions', async () => {
    // The Bengali record is the newest, yet the exact one comes first; the description last.
    expect(await search('pather panchali')).toEqual([
      'Pather Panchali',
      'পথের পাঁচালী',
      'A Film Diary',
    ]);
    expect(await search('পথের পাঁচালী')).toEqual(['পথের পাঁচালী', 'Pather Panchali', 'A Film Diary']);
    expect(await search('feluda')).toEqual(['Feluda Omnibus', 'Sonar Kella']);
    // Newest first, when asked, whatever the tier.
    expect(await search('pather panchali', '&sort=newest')).toEqual([
      'পথের পাঁচালী',
      'A Film Diary',
      'Pather Panchali',
    ]);
  });

  it('pages the best matches by cursor, tier after tier, each book once', async () => {
    const seen: string[] = [];
    let url: string | undefined = `/api/books?q=${encodeURIComponent('pather panchali')}&limit=1`;
    while (url) {
      const page: { body: Book[]; headers: Record<string, unknown> } =
        await member.get<Book[]>(url);
      expect(page.headers['x-total-count']).toBe('3');
      seen.push(...page.body.map((book) => book.name));
      url = (page.headers.link as string | undefined)?.match(/<([^>]+)>; rel="next"/)?.[1];
    }
    expect(seen).toEqual(['Pather Panchali', 'পথের পাঁচালী', 'A Film Diary']);
    const second = await search('pather panchali', '&limit=1&page=3');
    expect(second).toEqual(['A Film Diary']);
  });

  it('finds a book by its ISBN-13 or ISBN-10, with hyphens, spaces or neither', async () => {
    for (const isbn of [
      '978-0-14-303917-4',
      '9780143039174',
      '978 0 14 303917 4',
      '0-14-303917-2',
      '0143039172',
    ]) {
      expect(await search(isbn), isbn).toEqual(['Gitanjali']);
    }
    expect(await search('9780253201768')).toEqual(['Pather Panchali']);
    // A number that is no valid ISBN is only words.
    expect(await search('9780143039175')).toEqual([]);
  });

  it('forgives one typo per word and says which words it looked for', async () => {
    const corrected = await answer('Ditanjali');
    expect(corrected.body.map((book) => book.name)).toEqual(['Gitanjali']);
    expect(corrected.headers['x-search-corrected']).toBe('gitanjali');
    const facets = await member.get<BookFacets>('/api/books/facets?q=Ditanjali');
    expect(facets.body).toMatchObject({ total: 1, corrected: 'gitanjali' });
    // Vowels typed wrongly are forgiven by the key itself, without a correction.
    const vowels = await answer('Rabindranth Tagor');
    expect(vowels.body.map((book) => book.name)).toEqual(['Gitanjali']);
    expect(vowels.headers['x-search-corrected']).toBeUndefined();
    // Two edits are forgiven only in words of eight letters or more.
    expect(await search('Pxthxr')).toEqual([]);
    const twoEdits = await answer('Bandyxpadhyxy');
    expect(twoEdits.headers['x-search-corrected']).toBe('bandyopadhyay');
    // The word found, then the books whose authors' names are spelt otherwise or in Bengali.
    expect(twoEdits.body.map((book) => book.name)).toEqual([
      'Pather Panchali',
      'পথের পাঁচালী',
      'Padma Nadir Majhi',
    ]);
    const found = await answer('gitanjali');
    expect(found.headers['x-search-corrected']).toBeUndefined();
  });

  it('finds words by their first letters, in either script, and keys by theirs', async () => {
    // Two to eight letters are a lexeme of their own on PostgreSQL (migrations 0199, 0200), more a
    // prefix: "bandyo" is one, "gitanjali" and "bandyopadh" (below) are not.
    expect(await search('pa')).toEqual(['Padma Nadir Majhi', 'Pather Panchali', 'A Film Diary']);
    expect(await search('band')).toEqual(['Padma Nadir Majhi', 'Pather Panchali', 'পথের পাঁচালী']);
    // "Bandopadhyay" by its key: a spelling without the y.
    expect(await search('bandyo')).toEqual(['Pather Panchali', 'পথের পাঁচালী', 'Padma Nadir Majhi']);
    expect(await search('পথ')).toEqual(['পথের পাঁচালী']);
    expect(await search('sona kel')).toEqual(['Sonar Kella']);
    expect(await search('kobita')).toEqual(['শেষের কবিতা']);
    expect(await search('bandyopadh')).toEqual([
      'Pather Panchali',
      'পথের পাঁচালী',
      'Padma Nadir Majhi',
    ]);
  });

  it('looks for pieces inside words only when no word begins so', async () => {
    expect(await search('anjali')).toEqual(['Gitanjali']);
    expect(await search('mnibus')).toEqual(['Feluda Omnibus']);
    // Newest first, as words are.
    expect(await search('atyajit')).toEqual(['Sonar Kella', 'Feluda Omnibus']);
  });

  it('answers alike when the catalogue counts as large, where its newest books are asked first', async () => {
    // Past 200,000 books PostgreSQL samples the catalogue first and reads a tier's first page
    // among the newest books (word-sample.ts); past 20,000 SQLite counts the newest first.
    await asLargeCatalogue(async () => {
      expect(await search('pather panchali', '&limit=2')).toEqual([
        'Pather Panchali',
        'পথের পাঁচালী',
      ]);
      const page = await answer('panchali', '&limit=1');
      expect(page.body.map((book) => book.name)).toEqual(['Pather Panchali']);
      expect(page.headers['x-total-count']).toBe('3');
    });
  });

  it('answers alike when a frequent search reaches the descriptions of a catalogue counted as large', async () => {
    // 45 titles and 3 descriptions with "mirror", all in PostgreSQL's sample (one book in 64 by its
    // id, word-sample.ts): in a catalogue counted as a million books the sample finds 48, past the
    // 16 that say a search is surely past 100, and the total is estimated from them without a
    // count (48 × 64, about 3,100); a tier's first page is looked for among the newest books. The
    // answer is the same.
    const titles = Array.from({ length: 45 }, (_, n) => ({
      ...validBook,
      name: `Mirror Lake ${n + 1}`,
      author: 'Hana Quill',
      shortDescription: 'Still water.',
    }));
    const descriptions = ['Low Tide', 'Salt Road', 'Quiet Harbour'].map((name) => ({
      ...validBook,
      name,
      author: 'Ivo Brand',
      shortDescription: `A cracked mirror in ${name}.`,
    }));
    const { db } = server.app.database;
    const added = await addSampledBooks(db, [...descriptions.toReversed(), ...titles]);
    await withdrawnAfter(added, async () => {
      const small = await search('mirror', '&limit=48');
      expect(small.slice(0, 3)).toEqual(['Mirror Lake 45', 'Mirror Lake 44', 'Mirror Lake 43']);
      expect(small.slice(45)).toEqual(['Low Tide', 'Salt Road', 'Quiet Harbour']);
      await asLargeCatalogue(async () => {
        // Spelt otherwise, so that the total kept for "mirror" is not reused.
        const large = await answer('MIRROR', '&limit=48');
        expect(large.body.map((book) => book.name)).toEqual(small);
        expectLargeTotal(large.headers, '3100', '48');
      });
    });
  });

  it('counts a search its sample finds in 15 books, and estimates one it finds in 16 without a count', async () => {
    // PostgreSQL: 16 matches in the sample (one book in 64) say a search is past 100 (a search of
    // 100 has 16 there with a chance of five in a million million); 15 do not, and the matches are
    // counted, and read in the relevance order as they are. SQLite counts both.
    const novels = (word: string, count: number) =>
      Array.from({ length: count }, (_, n) => ({
        ...validBook,
        name: `${word} Garden ${n + 1}`,
        author: 'Ines Varga',
      }));
    const { db } = server.app.database;
    const added = await addSampledBooks(db, [...novels('Quince', 15), ...novels('Sorrel', 16)]);
    await withdrawnAfter(added, () =>
      asLargeCatalogue(async () => {
        const quince = await answer('quince garden', '&limit=2');
        expect(quince.body.map((book) => book.name)).toEqual([
          'Quince Garden 15',
          'Quince Garden 14',
        ]);
        expect(quince.headers['x-total-count']).toBe('15');
        expect(quince.headers['x-total-count-estimated']).toBeUndefined();
        const sorrel = await answer('sorrel garden', '&limit=2');
        expect(sorrel.body.map((book) => book.name)).toEqual([
          'Sorrel Garden 16',
          'Sorrel Garden 15',
        ]);
        expectLargeTotal(sorrel.headers, '1000', '16');
      }),
    );
  });

  it('estimates a word in many books from the small sample of a catalogue counted as large', async () => {
    // 64 titles with "lantern", all in PostgreSQL's small sample (one book in 1,024, word-sample.ts):
    // enough there to estimate 64 × 1,024 (about 66,000) without reading the larger sample, which
    // would have said 64 × 64 (4,100). SQLite counts them.
    const lanterns = Array.from({ length: SMALL_SAMPLE_ENOUGH }, (_, n) => ({
      ...validBook,
      name: `Lantern Street ${n + 1}`,
      author: 'Ola Wick',
    }));
    const { db } = server.app.database;
    const added = await addSampledBooks(db, lanterns, SMALL_SAMPLE_EVERY);
    await withdrawnAfter(added, () =>
      asLargeCatalogue(async () => {
        const large = await answer('lantern', '&limit=2');
        expect(large.body.map((book) => book.name)).toEqual([
          'Lantern Street 64',
          'Lantern Street 63',
        ]);
        expectLargeTotal(large.headers, '66000', '64');
      }),
    );
  });

  it('keeps the index in step with every book added, changed, withdrawn or imported', async () => {
    const id = await addBook(member, { name: 'Chokher Bali', author: 'Rabindranath Tagore' });
    expect(await search('চোখের বালি')).toEqual(['Chokher Bali']);
    await member.patch(`/api/books/${id}`, { name: 'Nastanirh', author: 'Rabindranath Tagore' });
    expect(await search('চোখের বালি')).toEqual([]);
    expect(await search('nastanirh')).toEqual(['Nastanirh']);
    await member.patch(`/api/books/${id}`, {
      name: 'Nastanirh',
      author: 'Rabindranath Tagore',
      shortDescription: 'Charulata and Amal.',
    });
    expect(await search('charulata')).toEqual(['Nastanirh']);
    expect((await librarian.delete(`/api/books/${id}`)).status).toBe(200);
    expect(await search('nastanirh')).toEqual([]);
    expect(await search('charulata')).toEqual([]);

    const header =
      'name,author,category,quantity,rating,shortDescription,image,content,isbn,publisher,publishedYear,language';
    const imported = await librarian.request({
      method: 'POST',
      url: '/api/desk/books/import',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload: `${header}\nআরণ্যক,বিভূতিভূষণ বন্দ্যোপাধ্যায়,Novel,1,4.5,অরণ্যের কথা।,/covers/gora.svg,,,,,bn\n`,
    });
    expect(imported.body).toEqual({ imported: 1 });
    expect(await search('aranyak')).toEqual(['আরণ্যক']);
  });
});
