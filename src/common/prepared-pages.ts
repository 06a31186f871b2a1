/**
 * The pages whose first load the server prepares (src/server/plugins/spa.ts). Their path patterns
 * live here so that the client's router (router.tsx) and the server match the same paths. For a
 * visit to one of them, the server writes into index.html what the browser would otherwise find
 * only after the JavaScript had run: the page module to fetch, its first covers, and the API
 * answer its loader asks for, which the client's API client then takes instead of a round trip.
 */
import { CATEGORY_EAGER_COVERS, PAGE_SIZE_MAX, canonicalCategory } from './constants.ts';
import { matchPagePath, pagePaths } from './page-paths.ts';
import type { Book } from './types.ts';

/** The id of the non-executing `<script type="application/json">` block of embedded answers. */
export const EMBEDDED_ANSWERS_ID = 'api-answers';

/** One API answer as the server gave it, embedded in the page for the client's first request. */
export interface EmbeddedAnswer {
  /** The request's URL, as apiRequestKey() writes it. */
  url: string;
  status: number;
  /** The answer's headers the client reads (X-Total-Count, Link). */
  headers: Record<string, string>;
  body: unknown;
}

export interface PreparedPage {
  /** React Router's path pattern: literal segments and `:name` parameters. */
  path: string;
  /** The lazily loaded page module, relative to src/client, as Vite's manifest names it. */
  module: string;
  /** The API request the page's loader makes first, given the path's parameters. */
  apiUrl(params: Record<string, string>): string;
  /** Same-origin covers that the page shows first (the LCP image), given the API answer. */
  firstCovers(answer: unknown): string[];
  /**
   * Whether the page shows something that does not exist (an unknown book or category), given the
   * path's parameters, the API's status and the library's categories: the server then answers 404
   * with the page.
   */
  isMissing(
    params: Record<string, string>,
    status: number | undefined,
    categories: readonly string[],
  ): boolean;
}

/**
 * The request of a category page's loader: every book of the category, named as the catalogue
 * spells it (`/category/sci-fi` asks for Sci-Fi), so the client's loader asks exactly this.
 */
export const categoryBooksUrl = (name: string) =>
  `/api/books?${new URLSearchParams({
    category: canonicalCategory(name) ?? name,
    limit: String(PAGE_SIZE_MAX),
  })}`;

const isBook = (value: unknown): value is Book =>
  typeof (value as Partial<Book> | null)?.image === 'string';

export const preparedPages = {
  home: {
    path: pagePaths.home,
    module: 'routes/home.tsx',
    apiUrl: () => '/api/categories',
    // The home page's largest paint is the banner's text; its category covers are further down.
    firstCovers: () => [],
    isMissing: () => false,
  },
  book: {
    path: pagePaths.book,
    module: 'routes/book-details.tsx',
    apiUrl: ({ id = '' }) => `/api/books/${encodeURIComponent(id)}`,
    firstCovers: (answer) => (isBook(answer) ? [answer.image] : []),
    isMissing: (_params, status) => status === 404,
  },
  category: {
    path: pagePaths.category,
    module: 'routes/category-books.tsx',
    apiUrl: ({ name = '' }) => categoryBooksUrl(name),
    firstCovers: (answer) =>
      Array.isArray(answer)
        ? answer
            .slice(0, CATEGORY_EAGER_COVERS)
            .filter(isBook)
            .map((book) => book.image)
        : [],
    isMissing: ({ name = '' }, _status, categories) =>
      canonicalCategory(name, categories) === undefined,
  },
} satisfies Record<string, PreparedPage>;

/** One spelling of an API request's URL, whatever the order of its query parameters. */
export function apiRequestKey(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  parsed.searchParams.sort();
  return parsed.pathname + parsed.search;
}

/** The prepared page a path shows, with the path's parameters, or null. */
export function matchPreparedPage(
  pathname: string,
): { page: PreparedPage; params: Record<string, string> } | null {
  for (const page of Object.values(preparedPages) as PreparedPage[]) {
    const params = matchPagePath(page.path, pathname);
    if (params) return { page, params };
  }
  return null;
}
