import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { offlinePagesOnly } from './scripts/offline-precache.ts';

const COMPRESSIBLE = /\.(js|css|svg|json|txt|html)$/;
const publicFiles = fileURLToPath(new URL('public', import.meta.url));
const builtManifest = fileURLToPath(new URL('dist/client/.vite/manifest.json', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.DEV_API_PORT ?? 3001}`;

/** Whether Vite serves this URL itself, from public/. */
function isPublicFile(url = '/'): boolean {
  try {
    const file = path.join(publicFiles, decodeURIComponent(url.split('?')[0] ?? '/'));
    return file.startsWith(publicFiles + path.sep) && existsSync(file);
  } catch {
    return false;
  }
}

/**
 * Writes `.br` and `.gz` beside every built asset, at the highest settings: the server sends these
 * files as they are (@fastify/static's preCompressed) instead of compressing on every request.
 * A variant that is no smaller than its original is not written.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let assetsDir = '';
  return {
    name: 'pathagar-precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const files = (await readdir(assetsDir)).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(assetsDir, name);
          const content = await readFile(file);
          const variants: [string, Buffer][] = [
            ['.br', await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
            ['.gz', await gzipAsync(content, { level: 9 })],
          ];
          for (const [extension, compressed] of variants) {
            if (compressed.length < content.length) await writeFile(file + extension, compressed);
          }
        }),
      );
    },
  };
}

/**
 * What a member who opened them before sees with no connection (docs/product.md#on-a-phone): their
 * session, card, loans (with the rules and fines their page shows), holds, bookings and
 * registrations, answered from the network while there
 * is one and from the last answer kept when there is none (the page says "as of" when). Kept in
 * one cache, which signing out deletes (features/auth/member-device.ts).
 */
const MEMBER_ANSWERS =
  /^https?:\/\/[^/]+\/api\/(auth\/get-session|card|borrowedBooks|holds|bookings|registrations|ebooks\/loans|fines|circulation\/rules)$/;

/**
 * The app's pages (paths without a file's dot, outside /api and /images): the server's own first
 * HTML, in the member's language with their answers in it, so network first and kept in the
 * member's cache; offline, a page never opened gets the app's shell.
 */
const PAGES = /^https?:\/\/[^/]+\/(?!api\/|images\/)[^.?]*(\?.*)?$/;

/** A book's details, and an e-book's file and place (kept in the same cache). */
const READING = /^https?:\/\/[^/]+\/api\/(books\/[^/?]+|ebooks\/[^/?]+\/(file|position))$/;

/**
 * The app's files the worker did not keep when it installed (scripts/offline-precache.ts): kept
 * when a page that needs them is opened, so that page opens offline too. Their names carry their
 * content's hash, so a kept one never goes stale; the oldest go once there are more than enough.
 */
const APP_FILES = /^https?:\/\/[^/]+\/assets\/[^/]+\.(js|css|woff2)$/;

/**
 * Pathagar as an installable web app (DECISIONS §27): the manifest in both languages' names, and a
 * Workbox service worker that keeps the offline pages' files. It is registered for a signed-in
 * member only, once the page has loaded and the browser is idle (src/client/lib/offline.ts), so a
 * visitor's first visit pays nothing for it (docs/decisions/029-service-worker-for-members.md). A new worker waits until every tab
 * of the old one is closed (no skipWaiting, no clientsClaim): a new version takes over on the next
 * visit, never in the middle of a form.
 */
const installable = VitePWA({
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: [],
  manifest: {
    name: 'Pathagar · পাঠাগার',
    short_name: 'Pathagar',
    description: 'The city library: its books, your loans and your library card. শহরের পাঠাগার।',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0f4c5c',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/pathagar-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/pathagar-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/pathagar-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The offline pages' code, styles and fonts; covers and e-books are the server's, kept when opened.
    globPatterns: ['index.html', 'assets/*.{js,css,woff2}', 'favicon.svg', 'icons/*.png'],
    manifestTransforms: [offlinePagesOnly(builtManifest)],
    globIgnores: ['**/*.{br,gz}'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // vite-plugin-pwa would otherwise answer every page with the precached shell (see PAGES).
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Not the precached shell for every page: that is the build's, in English, without the
        // session and answers the server writes into each page (a Bangla member's pages turned
        // English once the worker took over).
        urlPattern: PAGES,
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: 'pathagar-member',
          networkTimeoutSeconds: 6,
          cacheableResponse: { statuses: [200] },
          precacheFallback: { fallbackURL: '/index.html' },
        },
      },
      {
        // The e-books the member opened, with their details and place: read offline, a lent
        // one until its e-loan ends (the reader checks x-readable-until).
        urlPattern: READING,
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: 'pathagar-member',
          networkTimeoutSeconds: 6,
          cacheableResponse: { statuses: [200] },
          matchOptions: { ignoreVary: true },
        },
      },
      {
        urlPattern: APP_FILES,
        handler: 'CacheFirst',
        method: 'GET',
        options: {
          cacheName: 'pathagar-app',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 120 },
        },
      },
      {
        // A RegExp, not a function: Workbox writes it into the worker's own file.
        urlPattern: MEMBER_ANSWERS,
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: 'pathagar-member',
          networkTimeoutSeconds: 6,
          cacheableResponse: { statuses: [200] },
          matchOptions: { ignoreVary: true },
        },
      },
    ],
  },
});

/**
 * foliate-js sandboxes a book's frames with `allow-same-origin allow-scripts` (for a WebKit bug
 * it names); the reader drops `allow-scripts`, so no script of a book ever runs, whatever the
 * page's policy (docs/decisions/015-digital-library.md). The frames keep `allow-same-origin`:
 * foliate lays the pages out by reading their documents. The build stops if the attribute is not
 * where this expects it, so an upgrade of foliate-js cannot quietly bring scripts back.
 */
function foliateWithoutScripts(): Plugin {
  const granted = "'allow-same-origin allow-scripts'";
  return {
    name: 'pathagar-foliate-without-scripts',
    enforce: 'pre',
    transform(code, id) {
      if (!/foliate-js[\\/](paginator|fixed-layout)\.js$/.test(id)) return null;
      if (!code.includes(granted))
        this.error(`foliate-js no longer sandboxes with ${granted}: ${id}`);
      return code.replaceAll(granted, "'allow-same-origin'");
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), precompressAssets(), foliateWithoutScripts(), installable],
  // Served as its own files in development too, so the sandbox above applies there as well.
  optimizeDeps: { exclude: ['foliate-js'] },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each page loads, read by `npm run size` and by
    // the server, which names a prepared page's chunks in its HTML (src/server/pages).
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the first page needs before it can render, in one chunk: split into the
        // two dozen small shared chunks Rolldown makes by default, it took a round trip each on a
        // slow phone's six connections, and Lighthouse's first paint waited on them (performance
        // 93 against 97). The entry itself stays a chunk of its own, so the manifest still names
        // `index.html`, as the server and `npm run size` read it.
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/[\\/]src[\\/]client[\\/](index\.html|main\.tsx)$/.test(id),
            },
          ],
        },
      },
    },
  },
  // `npm run dev` (scripts/dev.ts): the API runs on DEV_API_PORT and Vite sends it what the
  // server answers: the API, and images that are not files of public/ (stored ones, DECISIONS §12).
  server: {
    proxy: {
      '/api': apiTarget,
      '/images': {
        target: apiTarget,
        bypass: (request) => (isPublicFile(request.url) ? request.url : undefined),
      },
    },
  },
});
