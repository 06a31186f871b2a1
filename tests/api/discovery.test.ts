/**
 * Finding books (docs/product.md#search): lists in four orders, the facets of a search, and category names
 * in any case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED_MATCHES } from '../../src/common/constants.ts';
import type { Book, BookFacets } from '../../src/common/types.ts';
import { Agent, addBook, signUp, validBook } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

/** Added in this order, one after another; the last is the newest. */
const books = [
  { name: 'zebra Crossing', author: 'Mahmud', category: 'Novel', rating: 3.5, quantity: 2 },
  { name: 'Ángel de la Guarda', author: 'Gabriel Ortiz', category: 'Sci-Fi', rating: 4.9 },
  { name: 'Apple Orchard', author: 'anwar Hossain', category: 'Sci-Fi', rating: 3.5 },
  { name: 'Bell Jar River', author: 'Zia Rahman', category: 'Drama', rating: 1.2 },
  { name: 'গোরা নদী', author: 'রবীন্দ্রনাথ ঠাকুর', category: 'Novel', rating: 4.1 },
  { name: 'River Song', author: 'Anwar Hossain', category: 'History', rating: 5, quantity: 0 },
];

describe.each(databaseKinds)('finding books on %s', (kind) => {
  let server: TestApp;
  let member: Agent;
  let visitor: Agent;
  const names = async (query: string) => {
    const response = await visitor.get<Book[]>(`/api/books?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.map((book) => book.name);
  };
  const facets = async (query = '') => {
    const response = await visitor.get<BookFacets>(`/api/books/facets?${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    server = await startTestApp(kind);
    member = (await signUp(server.app)).agent;
    visitor = new Agent(server.app);
    for (const { quantity = 1, ...book } of books) {
      const id = await addBook(member, { ...book, quantity: Math.max(quantity, 1) });
      if (quantity === 0)
        await member.patch(`/api/books/${id}`, { ...validBook, ...book, quantity });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  afterAll(() => server.close());

  it('sorts by title, case and Latin accents aside, Bengali after Latin', async () => {
    expect(await names('sort=title')).toEqual([
      'Ángel de la Guarda',
      'Apple Orchard',
      'Bell Jar River',
      'River Song',
      'zebra Crossing',
      'গোরা নদী',
    ]);
  });

  it('sorts by author, then title; by rating, best first and the newest among equals', async () => {
    expect(await names('sort=author')).toEqual([
      'Apple Orchard',
      'River Song',
      'Ángel de la Guarda',
      'zebra Crossing',
      'Bell Jar River',
      'গোরা নদী',
    ]);
    expect(await names('sort=rating')).toEqual([
      'River Song',
      'Ángel de la Guarda',
      'গোরা নদী',
      'Apple Orchard',
      'zebra Crossing',
      'Bell Jar River',
    ]);
    expect(await names('sort=newest')).toEqual(books.map((book) => book.name).reverse());
  });

  it('sorts within a category, a search and the books on the shelf', async () => {
    expect(await names('sort=title&category=Sci-Fi')).toEqual([
      'Ángel de la Guarda',
      'Apple Orchard',
    ]);
    expect(await names('sort=title&q=river')).toEqual(['Bell Jar River', 'River Song']);
    expect(await names('sort=rating&q=river&available=true')).toEqual(['Bell Jar River']);
    // Words of two letters, by their beginnings: "ri" begins River, not Gabriel.
    expect(await names('sort=author&q=ri')).toEqual(['River Song', 'Bell Jar River']);
    // Only when no word begins so are pieces inside words looked for.
    expect(await names('sort=author&q=iver')).toEqual(['River Song', 'Bell Jar River']);
  });

  it('pages a sorted list by number, the order kept in the Link header', async () => {
    const first = await visitor.get<Book[]>('/api/books?sort=title&limit=4');
    expect(first.headers['x-total-count']).toBe('6');
    expect(first.headers.link).toBe('</api/books?sort=title&limit=4&page=2>; rel="next"');
    const second = await visitor.get<Book[]>('/api/books?sort=title&limit=4&page=2');
    expect(second.body.map((book) => book.name)).toEqual(['zebra Crossing', 'গোরা নদী']);
    expect(second.headers.link).toBeUndefined();
  });

  it.each(['sort=popular', 'sort=title&cursor=WyJ4IiwieSJd'])(
    'answers 400 for %s',
    async (query) => {
      const response = await visitor.get(`/api/books?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION' });
    },
  );

  it('takes a category in any case, in lists and their totals', async () => {
    const response = await visitor.get<Book[]>('/api/books?category=sci-fi&sort=title');
    expect(response.body.map((book) => book.name)).toEqual(['Ángel de la Guarda', 'Apple Orchard']);
    expect(response.body.every((book) => book.category === 'Sci-Fi')).toBe(true);
    expect(response.headers['x-total-count']).toBe('2');
    expect((await visitor.get('/api/books?category=HISTORY')).headers['x-total-count']).toBe('1');
    expect((await visitor.get('/api/books?category=Poetry')).headers['x-total-count']).toBe('0');
  });

  it('counts the whole catalogue per category and on the shelf', async () => {
    expect(await facets()).toEqual({
      total: 6,
      available: 5,
      categories: [
        { name: 'Drama', count: 1 },
        { name: 'History', count: 1 },
        { name: 'Novel', count: 2 },
        { name: 'Sci-Fi', count: 2 },
      ],
      estimated: false,
      corrected: null,
    });
    expect(await facets('available=true')).toEqual({
      total: 5,
      available: 5,
      categories: [
        { name: 'Drama', count: 1 },
        { name: 'Novel', count: 2 },
        { name: 'Sci-Fi', count: 2 },
      ],
      estimated: false,
      corrected: null,
    });
  });

  it("counts a search's matches, whatever the words' case, order or script", async () => {
    const river = {
      total: 2,
      available: 1,
      categories: [
        { name: 'Drama', count: 1 },
        { name: 'History', count: 1 },
      ],
      estimated: false,
      corrected: null,
    };
    expect(await facets('q=river')).toEqual(river);
    expect(await facets('q=RIVER%20ri')).toEqual(river);
    expect(await facets('q=river&available=true')).toEqual({
      total: 1,
      available: 1,
      categories: [{ name: 'Drama', count: 1 }],
      estimated: false,
      corrected: null,
    });
    expect(await facets(`q=${encodeURIComponent('নদী')}`)).toEqual({
      total: 1,
      available: 1,
      categories: [{ name: 'Novel', count: 1 }],
      estimated: false,
      corrected: null,
    });
    expect(await facets('q=zz')).toEqual({
      total: 0,
      available: 0,
      categories: [],
      estimated: false,
      corrected: null,
    });
    expect((await visitor.get('/api/books/facets?available=maybe')).status).toBe(400);
  });

  it('counts a new book at once, though the facets were asked for before', async () => {
    expect((await facets('q=orchard')).total).toBe(1);
    await addBook(member, { name: 'Orchard Days', author: 'Someone', category: 'Thriller' });
    expect(await facets('q=orchard')).toEqual({
      total: 2,
      available: 2,
      categories: [
        { name: 'Sci-Fi', count: 1 },
        { name: 'Thriller', count: 1 },
      ],
      estimated: false,
      corrected: null,
    });
  });
});

describe.each(databaseKinds)('a search of more books than are counted, on %s', (kind) => {
  let server: TestApp;
  let visitor: Agent;
  /** Books whose names have "lantern" in them, past the counted matches; a few "ember" ones. */
  const lanterns = COUNTED_MATCHES + 234;
  const embers = 12;
  /** Added last, so both searches show it first. */
  const newest = 'Lantern Ember';

  beforeAll(async () => {
    server = await startTestApp(kind);
    visitor = new Agent(server.app);
    const book = (name: string, index: number) =>
      server.app.books.add({
        ...validBook,
        name: `${name} ${index}`,
        category: index % 2 === 0 ? 'Drama' : 'History',
        quantity: index % 4 === 0 ? 0 : 1,
      });
    await Promise.all(Array.from({ length: lanterns - 1 }, (_, index) => book('Lantern', index)));
    await Promise.all(Array.from({ length: embers - 1 }, (_, index) => book('Ember', index)));
    await book(newest, lanterns);
  });
  afterAll(() => server.close());

  it('gives an estimate past the counted matches, rounded to two figures, and says so', async () => {
    const many = await visitor.get<Book[]>('/api/books?q=lantern&limit=5');
    expect(many.status).toBe(200);
    expect(many.body).toHaveLength(5);
    expect(many.body[0]?.name).toBe(`${newest} ${lanterns}`);
    // The sample is the whole of a catalogue this small, so the estimate is the count, rounded.
    expect(many.headers['x-total-count']).toBe('330');
    expect(many.headers['x-total-count-estimated']).toBe('true');

    const few = await visitor.get<Book[]>('/api/books?q=ember');
    expect(few.headers['x-total-count']).toBe(String(embers));
    expect(few.headers['x-total-count-estimated']).toBeUndefined();
    // A first page that is not full counts its own books; one that is full asks the index.
    const firstOfFew = await visitor.get<Book[]>('/api/books?q=ember&limit=5');
    expect(firstOfFew.body).toHaveLength(5);
    expect(firstOfFew.body[0]?.name).toBe(`${newest} ${lanterns}`);
    expect(firstOfFew.headers['x-total-count']).toBe(String(embers));
    // The total is kept by now; only the page is looked for.
    const fewer = await visitor.get<Book[]>('/api/books?q=ember&limit=3');
    expect(fewer.body.map((each) => each.name)).toEqual(
      firstOfFew.body.slice(0, 3).map((each) => each.name),
    );
    expect(fewer.headers['x-total-count']).toBe(String(embers));
  });

  it('estimates the facets of such a search per category, and counts those of a small one', async () => {
    const many = await visitor.get<BookFacets>('/api/books/facets?q=lantern');
    expect(many.body).toEqual({
      total: 330,
      available: 250,
      categories: [
        { name: 'Drama', count: 170 },
        { name: 'History', count: 170 },
      ],
      estimated: true,
      corrected: null,
    });
    const few = await visitor.get<BookFacets>('/api/books/facets?q=ember');
    expect(few.body).toMatchObject({ total: embers, estimated: false });
  });

  it('in a catalogue large enough to be sampled, shows the same first pages and counts the small search', async () => {
    // The newest books are kites: a page of lanterns is not among them, one of kites is.
    const kites = 20;
    const kite = (index: number) =>
      server.app.books.add({ ...validBook, name: `Kite ${index}`, category: 'Drama' });
    await Promise.all(Array.from({ length: kites }, (_, index) => kite(index)));
    const names = (answer: { body: Book[] }) => answer.body.map((each) => each.name);
    const firstPages = await Promise.all(
      ['lantern', 'kite'].map(async (word) =>
        names(await visitor.get<Book[]>(`/api/books?q=${word}&limit=5`)),
      ),
    );
    // The category figures say a million books: a sample stands for them (SQLite's newest 20,000
    // books, here every book; PostgreSQL's one book in 64 by its id, here about 19 lanterns).
    const { db } = server.app.database;
    const figures = await db.selectFrom('categoryStat').select(['name', 'count']).execute();
    const claimed = 1_000_000 - figures.reduce((sum, row) => sum + Number(row.count), 0);
    const drama = figures.find((row) => row.name === 'Drama');
    const setDrama = (count: number) =>
      db.updateTable('categoryStat').set({ count }).where('name', '=', 'Drama').execute();
    await setDrama(Number(drama?.count) + claimed);
    try {
      // Other words than before, so that no total is kept for them.
      const lanternsAgain = await visitor.get<Book[]>('/api/books?q=lanter&limit=5');
      expect(names(lanternsAgain)).toEqual(firstPages[0]);
      expect(lanternsAgain.headers['x-total-count-estimated']).toBe('true');
      // Never under the 101 counted, rounded to two figures: at least 100.
      expect(Number(lanternsAgain.headers['x-total-count'])).toBeGreaterThanOrEqual(
        COUNTED_MATCHES,
      );
      // Twenty kites are few in any sample (PostgreSQL's holds one book in 64): counted.
      const kitesAgain = await visitor.get<Book[]>('/api/books?q=kit&limit=5');
      expect(names(kitesAgain)).toEqual(firstPages[1]);
      expect(kitesAgain.headers['x-total-count']).toBe(String(kites));

      const few = await visitor.get<Book[]>('/api/books?q=embe&limit=5');
      expect(few.body[0]?.name).toBe(`${newest} ${lanterns}`);
      expect(few.headers['x-total-count']).toBe(String(embers));
      expect(few.headers['x-total-count-estimated']).toBeUndefined();
    } finally {
      await setDrama(Number(drama?.count));
    }
  });
});
