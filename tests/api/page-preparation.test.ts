/**
 * The first load of the prepared pages (common/prepared-pages.ts): the server writes the page
 * module's chunks, the first covers and the API answer of the page's loader into index.html, and
 * the client's loaders take that answer instead of asking the server.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoaderFunctionArgs } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Book, CategorySummary } from '../../src/common/types.ts';
import { EMBEDDED_ANSWERS_ID, type EmbeddedAnswer } from '../../src/common/prepared-pages.ts';
import { CATEGORY_EAGER_COVERS, COUNTED_MATCHES } from '../../src/common/constants.ts';
import { pageModules } from '../../src/common/page-modules.ts';
import { buildApp } from '../../src/server/app.ts';
import { insertBook } from '../../src/server/books/book-rows.ts';
import { signUp, validBook } from '../support/agent.ts';
import {
  INDEX_HTML,
  MANIFEST,
  VISITOR_SESSION,
  embeddedAnswers,
  headOf,
  imagePreloads,
  modulePreloads,
  pageAnswers,
} from '../support/prepared-html.ts';
import { createTestDatabase, databaseKinds, testConfig } from '../support/test-app.ts';

const MARKUP = '</script><script>alert(1)</script>';

describe.each(databaseKinds)('prepared pages on %s', (kind) => {
  let clientDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;

  const page = async (url: string) => (await app.inject({ method: 'GET', url })).body;
  const api = (url: string) => app.inject({ method: 'GET', url });
  /** The library's categories, which every page carries after the session. */
  const categoryOptions = async (): Promise<EmbeddedAnswer> => ({
    url: '/api/categories/options',
    status: 200,
    headers: {},
    body: (await api('/api/categories/options')).json(),
  });

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'pathagar-prepared-'));
    mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    const database = await createTestDatabase(kind);
    drop = database.drop;
    app = await buildApp(
      { ...testConfig(database.url, { SEED_DEMO: 'true' }), clientDir },
      { logger: false },
    );
    await signUp(app);
    // Planted as an older release could have stored it: names with markup are refused now.
    await insertBook(
      app.database.db,
      { ...validBook, name: MARKUP, category: 'Drama' },
      new Date(),
    );
    // Stored as books were before covers given as web addresses were fetched (docs/product.md#images).
    await insertBook(
      app.database.db,
      {
        ...validBook,
        name: 'Far away',
        category: 'Drama',
        image: 'https://example.com/a.png',
      },
      new Date(),
    );
  });
  afterAll(async () => {
    await app.close();
    await drop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("a book's page names its module's own chunks, its cover and the API's answer", async () => {
    const [book] = (await api('/api/books?category=Novel&limit=1')).json<Book[]>();
    if (!book) throw new Error('the demo catalogue has no novel');
    const html = await page(`/books/${book._id}`);
    expect(modulePreloads(html)).toEqual([
      '/assets/shared-1.js',
      '/assets/book-details-1.js',
      '/assets/book-cover-1.js',
    ]);
    expect(imagePreloads(html)).toEqual([book.image]);
    expect(embeddedAnswers(html)).toEqual([
      VISITOR_SESSION,
      await categoryOptions(),
      {
        url: `/api/books/${book._id}`,
        status: 200,
        headers: {},
        body: (await api(`/api/books/${book._id}`)).json(),
      },
    ]);
  });

  it('a missing book is embedded as the 404 the API gives, with no cover', async () => {
    const html = await page('/books/no-such-book');
    expect(imagePreloads(html)).toEqual([]);
    expect(embeddedAnswers(html)).toEqual([
      VISITOR_SESSION,
      await categoryOptions(),
      {
        url: '/api/books/no-such-book',
        status: 404,
        headers: {},
        body: (await api('/api/books/no-such-book')).json(),
      },
    ]);
  });

  it("a category page carries the category's books and total, and its first covers", async () => {
    const html = await page('/category/Novel');
    const listed = await api('/api/books?category=Novel&limit=200');
    const books = listed.json<Book[]>();
    expect(modulePreloads(html)).toEqual([
      '/assets/shared-1.js',
      '/assets/category-books-1.js',
      '/assets/book-cover-1.js',
    ]);
    expect(imagePreloads(html)).toEqual(
      books.slice(0, CATEGORY_EAGER_COVERS).map((book) => book.image),
    );
    expect(embeddedAnswers(html)).toEqual([
      VISITOR_SESSION,
      await categoryOptions(),
      {
        url: '/api/books?category=Novel&limit=200',
        status: 200,
        headers: { 'x-total-count': listed.headers['x-total-count'] },
        body: books,
      },
    ]);
  });

  it('a search page carries its page of results with their total, the facets, and the first covers', async () => {
    const html = await page('/search?q=%20tagore%20&sort=title&available=false');
    const listed = await api('/api/books?q=tagore&sort=title&limit=24');
    const books = listed.json<Book[]>();
    expect(books.length).toBeGreaterThan(0);
    expect(imagePreloads(html)).toEqual(books.slice(0, 4).map((book) => book.image));
    expect(pageAnswers(html)).toEqual([
      {
        url: '/api/books?limit=24&q=tagore&sort=title',
        status: 200,
        headers: { 'x-total-count': listed.headers['x-total-count'] },
        body: books,
      },
      {
        url: '/api/books/facets?q=tagore',
        status: 200,
        headers: {},
        body: (await api('/api/books/facets?q=tagore')).json(),
      },
    ]);
  });

  it('never lets text from the path or the catalogue end the data block', async () => {
    for (const url of ['/category/Drama', `/category/${encodeURIComponent(MARKUP)}`]) {
      const html = await page(url);
      expect(html).not.toContain('<script>alert(1)');
      expect(html.match(/<\/script>/g)).toHaveLength(2);
    }
    const drama = pageAnswers(await page('/category/Drama'));
    expect((drama?.[0]?.body as Book[]).map((book) => book.name)).toContain(MARKUP);
    const named = pageAnswers(await page(`/category/${encodeURIComponent(MARKUP)}`));
    expect(named?.[0]?.url).toBe(
      `/api/books?${new URLSearchParams({ category: MARKUP, limit: '200' })}`,
    );
  });

  it('preloads only covers served by this site', async () => {
    const html = await page('/category/Drama');
    expect(imagePreloads(html).length).toBeGreaterThan(0);
    expect(imagePreloads(html).every((cover) => cover.startsWith('/covers/'))).toBe(true);
  });

  it("the home page names its module, its stylesheet and the categories' answer", async () => {
    const html = await page('/');
    expect(modulePreloads(html)).toEqual(['/assets/shared-1.js', '/assets/home-1.js']);
    expect(headOf(html)).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/home-1.css">',
    );
    expect(embeddedAnswers(html)).toEqual([
      VISITOR_SESSION,
      await categoryOptions(),
      {
        url: '/api/categories',
        status: 200,
        headers: {},
        body: (await api('/api/categories')).json<CategorySummary[]>(),
      },
    ]);
  });

  // The language (issue 15: <html lang>, and the page's title in it) and the session.
  it.each([
    ['/signIn', 'Sign In - Pathagar'],
    ['/allBooks', 'All Books - Pathagar'],
  ])('serves %s as index.html is, in its language, with the session', async (url, title) => {
    const html = await page(url);
    expect(embeddedAnswers(html)).toEqual([VISITOR_SESSION, await categoryOptions()]);
    expect(html.replace(/<script type="application\/json"[^]*?<\/script>/, '')).toBe(
      INDEX_HTML.replace('<html>', '<html lang="en">').replace(
        '<title>Pathagar</title>',
        `<title>${title}</title>`,
      ),
    );
  });

  // No page shows them: the client's router shows 'Page Not Found', which needs nothing.
  it.each(['/books', '/books/1/more', '/category'])('serves %s as index.html is', async (url) => {
    expect(await page(url)).toBe(INDEX_HTML.replace('<html>', '<html lang="en">'));
  });

  it("names any page's chunks and the catalogue of its language, and only of its language", async () => {
    const english = await page('/terms');
    expect(modulePreloads(english)).toEqual([
      '/assets/shared-1.js',
      '/assets/terms-1.js',
      '/assets/page-texts-1.js',
      '/assets/en-pages-1.js',
    ]);
    const bangla = (
      await app.inject({ method: 'GET', url: '/terms', headers: { cookie: 'lang=bn' } })
    ).body;
    expect(modulePreloads(bangla)).toEqual([
      '/assets/shared-1.js',
      '/assets/terms-1.js',
      '/assets/page-texts-1.js',
      '/assets/bn-pages-1.js',
    ]);
  });

  it("a member's Borrowed Books carries their session and their own answers, and no one else's", async () => {
    const { agent, email } = await signUp(app, 'Prepared Reader');
    const [book] = (await api('/api/books?limit=1')).json<Book[]>();
    if (!book) throw new Error('the demo catalogue is empty');
    const { today } = (await agent.get('/api/circulation/rules')).body as { today: string };
    const due = new Date(`${today}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 7);
    const loan = await agent.post('/api/borrowedBooks', {
      bookId: book._id,
      borrowedDate: today,
      returnDate: due.toISOString().slice(0, 10),
    });
    expect(loan.status).toBe(201);

    const response = await app.inject({
      method: 'GET',
      url: '/borrowedBooks',
      headers: { cookie: agent.cookieHeader() },
    });
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const answers = embeddedAnswers(response.body) ?? [];
    const session = answers[0]?.body as { user: { email: string } };
    expect(session.user.email).toBe(email);
    const asked = async (url: string) => ({
      url,
      status: 200,
      headers: {},
      body: (await agent.get(url)).body,
    });
    expect(answers.slice(1)).toEqual([
      await asked('/api/categories/options'),
      await asked('/api/borrowedBooks'),
      await asked('/api/holds'),
      await asked('/api/circulation/rules'),
      await asked('/api/fines'),
    ]);
    expect((answers[2]?.body as { bookId: string }[]).map((held) => held.bookId)).toEqual([
      book._id,
    ]);

    // A visitor's page carries no one's loans: only what anyone may read.
    const visitor = await app.inject({ method: 'GET', url: '/borrowedBooks' });
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(embeddedAnswers(visitor.body)?.map((answer) => answer.url)).toEqual([
      '/api/auth/get-session',
      '/api/categories/options',
      '/api/circulation/rules',
    ]);
    expect(visitor.body).not.toContain(email);
  });

  it.each([
    ['/no/such/page', 404],
    ['/books/no-such-book', 404],
    ['/category/Poetry', 404],
    ['/covers/no-such-cover.svg', 404],
    ['/', 200],
    ['/category/Drama', 200],
    ['/search', 200],
    ['/allBooks', 200],
    ['/TERMS', 200],
  ])("answers %s with %i and the app's page", async (url, status) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
  });

  it('takes a category path in any case, asking for the category as the catalogue names it', async () => {
    const response = await app.inject({ method: 'GET', url: '/category/sci-fi' });
    expect(response.statusCode).toBe(200);
    const [answer] = pageAnswers(response.body) ?? [];
    expect(answer?.url).toBe('/api/books?category=Sci-Fi&limit=200');
    expect(answer?.body).toEqual((await api('/api/books?category=Sci-Fi&limit=200')).json());
    expect((answer?.body as Book[]).length).toBeGreaterThan(0);
  });

  it('answers HEAD for a prepared page', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/category/Novel' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('prepared pages without a manifest', () => {
  it('still carry the answer, only without module hints', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'pathagar-prepared-'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
    const database = await createTestDatabase('sqlite');
    const app = await buildApp(
      { ...testConfig(database.url, { SEED_DEMO: 'true' }), clientDir },
      { logger: false },
    );
    try {
      const html = (await app.inject({ method: 'GET', url: '/' })).body;
      expect(modulePreloads(html)).toEqual(['/assets/shared-1.js']);
      expect(pageAnswers(html)?.[0]?.url).toBe('/api/categories');
    } finally {
      await app.close();
      await database.drop();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe('a prepared search of more than a thousand books', () => {
  it('carries its total as the estimate it is', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'pathagar-prepared-'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
    const database = await createTestDatabase('sqlite');
    const app = await buildApp({ ...testConfig(database.url), clientDir }, { logger: false });
    try {
      await app.database.db.transaction().execute(async (tx) => {
        for (let index = 0; index <= COUNTED_MATCHES; index += 1)
          await insertBook(tx, { ...validBook, name: `Kingfisher ${index}` }, new Date());
      });
      const html = (await app.inject({ method: 'GET', url: '/search?q=kingfisher' })).body;
      const [books] = pageAnswers(html) ?? [];
      const asked = await app.inject({ method: 'GET', url: '/api/books?q=kingfisher&limit=24' });
      expect(asked.headers['x-total-count-estimated']).toBe('true');
      expect(books?.headers).toEqual({
        'x-total-count': asked.headers['x-total-count'],
        'x-total-count-estimated': 'true',
        link: asked.headers.link,
      });
    } finally {
      await app.close();
      await database.drop();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe("the client's router and loaders", () => {
  const routerSource = readFileSync('src/client/router.tsx', 'utf8');

  it('loads for each page the module the server hints at (common/page-modules.ts)', () => {
    const routes = routerSource.matchAll(
      /path: pagePaths\.(\w+),[\s\S]*?page: \(\) => import\('\.\/([^']+)'\)/g,
    );
    expect(Object.fromEntries([...routes].map(([, name, module]) => [name, module]))).toEqual(
      pageModules,
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** Loads the client's loaders in a page whose only content is the server's data block. */
  async function loadersInPage(html: string) {
    const block = new RegExp(`<script[^>]*id="${EMBEDDED_ANSWERS_ID}">([^<]*)</script>`).exec(html);
    const element = { textContent: block?.[1] ?? null, remove: () => {} };
    vi.stubGlobal('document', {
      cookie: '',
      getElementById: (id: string) => (id === EMBEDDED_ANSWERS_ID && block ? element : null),
    });
    vi.stubGlobal('window', { location: { origin: 'http://localhost' } });
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.reject(new Error(`unexpected request for ${url}`));
    });
    const loaders = {
      ...(await import('../../src/client/features/home/home-loader.ts')),
      ...(await import('../../src/client/features/books/book-loaders.ts')),
      ...(await import('../../src/client/features/loans/loan-loaders.ts')),
      ...(await import('../../src/client/features/account/profile-loader.ts')),
      ...(await import('../../src/client/features/card/card-loader.ts')),
    };
    return { loaders, fetched };
  }

  it('take the answers the server embedded and ask the server for nothing', async () => {
    const database = await createTestDatabase('sqlite');
    const clientDir = mkdtempSync(path.join(tmpdir(), 'pathagar-prepared-'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
    const app = await buildApp(
      { ...testConfig(database.url, { SEED_DEMO: 'true' }), clientDir },
      { logger: false },
    );
    try {
      const [book] = (await app.inject({ method: 'GET', url: '/api/books?limit=1' })).json<
        Book[]
      >();
      if (!book) throw new Error('the demo catalogue is empty');
      const html = (url: string) => app.inject({ method: 'GET', url }).then((r) => r.body);
      const request = new Request('http://localhost/');
      const argsOf = (params: Record<string, string>): LoaderFunctionArgs => ({
        params,
        request,
        context: {},
        url: new URL(request.url),
        pattern: '',
      });

      let { loaders, fetched } = await loadersInPage(await html(`/books/${book._id}`));
      expect(await loaders.loadBook(argsOf({ id: book._id }))).toEqual({
        book,
      });
      expect(fetched).toEqual([]);
      vi.resetModules();

      ({ loaders, fetched } = await loadersInPage(await html('/books/missing')));
      expect(await loaders.loadBook(argsOf({ id: 'missing' }))).toEqual({
        book: null,
      });
      vi.resetModules();

      ({ loaders, fetched } = await loadersInPage(await html(`/category/${book.category}`)));
      const category = await loaders.loadCategoryBooks(argsOf({ name: book.category }));
      const listed = await app.inject({
        method: 'GET',
        url: `/api/books?category=${book.category}&limit=200`,
      });
      expect(category).toEqual({
        name: book.category,
        books: listed.json(),
        total: Number(listed.headers['x-total-count']),
      });
      expect(fetched).toEqual([]);
      vi.resetModules();

      // A category named in another case is the category, named as the catalogue spells it.
      const lowerCase = book.category.toLowerCase();
      ({ loaders, fetched } = await loadersInPage(await html(`/category/${lowerCase}`)));
      expect(await loaders.loadCategoryBooks(argsOf({ name: lowerCase }))).toEqual(category);
      expect(fetched).toEqual([]);
      vi.resetModules();

      // A search's later page, with its total and whether the total is an estimate.
      const address = '/search?q=the&available=true&page=2';
      ({ loaders, fetched } = await loadersInPage(await html(address)));
      const searchRequest = new Request(`http://localhost${address}`);
      const found = await loaders.loadSearch({ ...argsOf({}), request: searchRequest });
      const asked = await app.inject({
        method: 'GET',
        url: '/api/books?q=the&available=true&limit=24&page=2',
      });
      expect(found).toMatchObject({
        search: { q: 'the', available: true, page: 2 },
        books: asked.json(),
        total: Number(asked.headers['x-total-count']),
        estimated: asked.headers['x-total-count-estimated'] === 'true',
      });
      expect(fetched).toEqual([]);
      vi.resetModules();

      ({ loaders, fetched } = await loadersInPage(await html('/')));
      expect(await loaders.loadHome().categories).toEqual(
        (await app.inject({ method: 'GET', url: '/api/categories' })).json(),
      );
      expect(fetched).toEqual([]);
    } finally {
      await app.close();
      await database.drop();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it("take a member's own answers from their page, and ask the server for nothing", async () => {
    const database = await createTestDatabase('sqlite');
    const clientDir = mkdtempSync(path.join(tmpdir(), 'pathagar-prepared-'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
    const app = await buildApp(
      { ...testConfig(database.url, { SEED_DEMO: 'true' }), clientDir },
      { logger: false },
    );
    try {
      const { agent } = await signUp(app, 'Embedded Reader');
      const html = async (url: string) =>
        (await app.inject({ method: 'GET', url, headers: { cookie: agent.cookieHeader() } })).body;
      const argsAt = (url: string): LoaderFunctionArgs => {
        const request = new Request(`http://localhost${url}`);
        return { params: {}, request, context: {}, url: new URL(request.url), pattern: '' };
      };
      const api = async (url: string) => (await agent.get(url)).body;

      let { loaders, fetched } = await loadersInPage(await html('/borrowedBooks'));
      expect(await loaders.loadBorrowedBooks(argsAt('/borrowedBooks'))).toEqual({
        tab: 'loans',
        page: 1,
        data: {
          loans: await api('/api/borrowedBooks'),
          holds: await api('/api/holds'),
          rules: await api('/api/circulation/rules'),
          history: null,
          fines: await api('/api/fines'),
        },
      });
      expect(fetched).toEqual([]);
      vi.resetModules();

      ({ loaders, fetched } = await loadersInPage(await html('/profile')));
      expect((await loaders.loadProfile(argsAt('/profile'))).data).toEqual({
        choices: await api('/api/profile/notice-choices'),
        notices: await api('/api/profile/notices'),
        membership: await api('/api/membership'),
        balance: ((await api('/api/fines')) as { balance: number }).balance,
        phone: { phone: null, verified: false },
        smsChoices: await api('/api/profile/sms-choices'),
      });
      expect(fetched).toEqual([]);
      vi.resetModules();

      ({ loaders, fetched } = await loadersInPage(await html('/card')));
      expect(await loaders.loadCard(argsAt('/card'))).toEqual({ card: await api('/api/card') });
      expect(fetched).toEqual([]);
    } finally {
      await app.close();
      await database.drop();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('give each answer once, and ask the server for anything else', async () => {
    const { loaders, fetched } = await loadersInPage(
      `<script type="application/json" id="${EMBEDDED_ANSWERS_ID}">${JSON.stringify([
        { url: '/api/categories', status: 200, headers: {}, body: [] },
      ])}</script>`,
    );
    expect(await loaders.loadHome().categories).toEqual([]);
    await expect(loaders.loadHome().categories).rejects.toMatchObject({ status: 0 });
    expect(fetched).toEqual(['/api/categories']);
  });
});
