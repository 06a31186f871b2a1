import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../src/common/types.ts';
import { buildApp } from '../../src/server/app.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { demoCatalogue } from '../../src/server/seed/demo-books.ts';
import { demoEbooks } from '../../src/server/seed/demo-ebooks.ts';
import { DEFAULT_CATEGORIES } from '../../src/common/constants.ts';
import { Agent } from '../support/agent.ts';
import { createTestDatabase, databaseKinds, testConfig } from '../support/test-app.ts';

describe.each(databaseKinds)('start-up on %s', (kind) => {
  it('seeds the demo catalogue into an empty database once, even when two servers start together', async () => {
    const database = await createTestDatabase(kind);
    const config = testConfig(database.url, { SEED_DEMO: 'true' });
    const [first, second] = await Promise.all([
      buildApp(config, { logger: false }),
      buildApp(config, { logger: false }),
    ]);
    try {
      const response = await first.inject({ method: 'GET', url: '/api/books?limit=200' });
      expect(response.headers['x-total-count']).toBe(
        String(demoCatalogue.length + demoEbooks.length),
      );
      const books = response.json<Book[]>();
      expect(books[0]?.name).toBe(demoCatalogue[0]?.name);
      expect(books.every((book) => book.image.startsWith('/covers/'))).toBe(true);
      await second.close();
      const again = await buildApp(config, { logger: false });
      expect(
        (await again.inject({ method: 'GET', url: '/api/books' })).headers['x-total-count'],
      ).toBe(String(demoCatalogue.length + demoEbooks.length));
      await again.close();
    } finally {
      await first.close();
      await database.drop();
    }
  });

  it('answers health 200 while the database answers and 503 once it is gone', async () => {
    const database = await createTestDatabase(kind);
    const app = await buildApp(testConfig(database.url), { logger: false });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
    });
    await app.database.close();
    const down = await app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await app.close().catch(() => {});
    await database.drop();
  });
});

describe('the demo catalogue', () => {
  it('has at least 40 books over all five categories, each with a cover served by the app', () => {
    expect(demoCatalogue.length).toBeGreaterThanOrEqual(40);
    expect(new Set(demoCatalogue.map((book) => book.category))).toEqual(
      new Set(DEFAULT_CATEGORIES),
    );
    for (const book of demoCatalogue) {
      expect(book.image).toMatch(/^\/covers\/[a-z0-9-]+\.svg$/);
      expect(book.content.length).toBeGreaterThan(200);
    }
  });
});

describe('settings', () => {
  const secret = 'x'.repeat(32);
  it.each([
    [{ AUTH_SECRET: secret, PORT: 'eighty' }, /^Invalid setting PORT/],
    [{ NODE_ENV: 'production' }, /^Missing setting AUTH_SECRET/],
    [{ AUTH_SECRET: 'short' }, /^Invalid setting AUTH_SECRET/],
    [{ AUTH_SECRET: secret, GOOGLE_CLIENT_ID: 'only-the-id' }, /^Invalid setting GOOGLE_CLIENT_ID/],
    [{ AUTH_SECRET: secret, SEED_DEMO: 'perhaps' }, /^Invalid setting SEED_DEMO/],
    [{ AUTH_SECRET: secret, PUBLIC_URL: 'not a url' }, /^Invalid setting PUBLIC_URL/],
    [{ AUTH_SECRET: secret, REQUEST_TIMEOUT: 'soon' }, /^Invalid setting REQUEST_TIMEOUT/],
    [{ AUTH_SECRET: secret, HEADERS_TIMEOUT: '40' }, /^Invalid setting HEADERS_TIMEOUT/],
  ])('names the bad setting in %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('uses the documented defaults', () => {
    const config = loadConfig({ AUTH_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: './data/pathagar.db',
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      authRateLimit: 10,
      google: null,
      appName: 'Pathagar',
      timeouts: { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 5000 },
    });
  });
});

describe('serving the client', () => {
  const script = 'console.log("app");'.repeat(200);
  let clientDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'pathagar-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><meta name="application-name" content="Pathagar"><title>Pathagar</title></head><body><script type="module" src="/assets/app-abc123.js"></script></body></html>',
    );
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), script);
    // What the build writes beside each asset (vite.config.ts): only brotli here, so gzip is made live.
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    const database = await createTestDatabase('sqlite');
    drop = database.drop;
    app = await buildApp(
      { ...testConfig(database.url, { APP_NAME: 'Boi <Ghor>' }), clientDir },
      { logger: false },
    );
  });
  afterAll(async () => {
    await app.close();
    await drop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  // A path no page shows and a book that does not exist are 404s, with the page (docs/product.md#search).
  // The first HTML is titled like the page it prepares, in the product's escaped name.
  it.each([
    ['/', 200, 'Home - Boi &#60;Ghor&#62;'],
    ['/books/123', 404, 'Book Details - Boi &#60;Ghor&#62;'],
    ['/category/Sci-Fi', 200, 'Category Books - Boi &#60;Ghor&#62;'],
    ['/no/such/page', 404, 'Boi &#60;Ghor&#62;'],
  ])('serves index.html at %s with %i, never cached stale', async (url, status, title) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(response.body).toContain('content="Boi &#60;Ghor&#62;"');
  });

  it('serves hashed assets with immutable caching, compressed', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends the precompressed brotli file of a hashed asset as it is, cached for good', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload).toEqual(
      readFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br')),
    );
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/nothing-here'],
    ['GET', '/api'],
    ['DELETE', '/books/1'],
  ])('answers %s %s with a JSON 404', async (method, url) => {
    const agent = new Agent(app);
    const response = await agent.request({ method, url });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
  });

  it('sends the security headers with every page', async () => {
    for (const url of ['/', '/books/any', '/assets/app-abc123.js']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("sends every API answer, better-auth's too, with a policy that lets it run nothing", async () => {
    for (const url of ['/api/books', '/api/categories', '/api/nothing', '/api/auth/get-session']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('HTTPS deployments', () => {
  it('send HSTS and mark cookies Secure', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildApp(
      testConfig(database.url, { PUBLIC_URL: 'https://library.example.org' }),
      { logger: false },
    );
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(String(response.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/);
    await app.close();
    await database.drop();
  });
});
