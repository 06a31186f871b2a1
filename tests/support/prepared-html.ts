/** Reading the pages the server prepares (common/prepared-pages.ts), for the tests of them. */
import { EMBEDDED_ANSWERS_ID, type EmbeddedAnswer } from '../../src/common/prepared-pages.ts';

/** index.html as Vite writes it: the entry, its static chunks and stylesheet in the head. */
export const INDEX_HTML = `<!doctype html><html><head><meta name="application-name" content="Pathagar"><title>Pathagar</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>`;

/** A manifest in Vite's shape: each page module imports the entry, a shared chunk and its own. */
export const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_shared-1.js'],
    css: ['assets/index-1.css'],
  },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_book-cover-1.js': { file: 'assets/book-cover-1.js', imports: ['index.html', '_shared-1.js'] },
  'routes/home.tsx': {
    file: 'assets/home-1.js',
    imports: ['index.html', '_shared-1.js'],
    css: ['assets/home-1.css'],
  },
  'routes/book-details.tsx': {
    file: 'assets/book-details-1.js',
    imports: ['index.html', '_book-cover-1.js'],
  },
  'routes/category-books.tsx': {
    file: 'assets/category-books-1.js',
    imports: ['_shared-1.js', '_book-cover-1.js'],
  },
  // A page whose words are a catalogue of their own, loaded on demand in the page's language.
  'routes/terms.tsx': { file: 'assets/terms-1.js', imports: ['index.html', '_page-texts-1.js'] },
  '_page-texts-1.js': {
    file: 'assets/page-texts-1.js',
    dynamicImports: ['../common/i18n/en-pages.ts', '../common/i18n/bn-pages.ts'],
  },
  '../common/i18n/en-pages.ts': { file: 'assets/en-pages-1.js', isDynamicEntry: true },
  '../common/i18n/bn-pages.ts': { file: 'assets/bn-pages-1.js', isDynamicEntry: true },
};

/** The parsed JSON data block of a page, or null when it has none. */
export function embeddedAnswers(html: string): EmbeddedAnswer[] | null {
  const block = new RegExp(
    `<script type="application/json" id="${EMBEDDED_ANSWERS_ID}">([^<]*)</script>`,
  ).exec(html);
  return block?.[1] ? (JSON.parse(block[1]) as EmbeddedAnswer[]) : null;
}

/** A visitor's session as every page carries it: no one signed in. */
export const VISITOR_SESSION: EmbeddedAnswer = {
  url: '/api/auth/get-session',
  status: 200,
  headers: {},
  body: null,
};

/** The page's own answers: those after the session and the categories, which every page carries first. */
export function pageAnswers(html: string): EmbeddedAnswer[] | null {
  const answers = embeddedAnswers(html);
  return answers && answers.slice(2);
}

export const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
export const modulePreloads = (html: string) =>
  [...headOf(html).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1] ?? '',
  );
export const imagePreloads = (html: string) =>
  [
    ...headOf(html).matchAll(
      /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g,
    ),
  ].map((match) => match[1] ?? '');
