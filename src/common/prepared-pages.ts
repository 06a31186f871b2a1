/**
 * The pages whose first load the server prepares (src/server/pages/page-preparation.ts). For a
 * visit to one of them, the server writes into index.html what the browser would otherwise find
 * only after the JavaScript had run: the page's first covers, and the API answers its loaders ask
 * for, which the client's API client then takes instead of a round trip. A signed-in member's
 * pages carry their own answers too (their loans, card, profile), asked with their cookies, so
 * their first paint waits for no request either (issue 36). Every page's HTML carries the session
 * it was asked with (`/api/auth/get-session`) and the library's categories, which the client reads
 * before its first render.
 */
import {
  CATEGORY_EAGER_COVERS,
  HISTORY_PAGE_SIZE,
  PAGE_SIZE_MAX,
  canonicalCategory,
} from './constants.ts';
import { matchPagePath, pagePaths } from './page-paths.ts';
import { SEARCH_EAGER_COVERS, readSearchAddress, searchApiUrls } from './search-address.ts';
import type { Book } from './types.ts';
import { withQuery } from './url-query.ts';

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

/** One API request a page's loaders make at first. */
export interface PreparedRequest {
  url: string;
  /** The member's own answer, asked only when someone is signed in (a visitor's would be 401). */
  mine?: boolean;
}

export interface PreparedPage {
  /** React Router's path pattern: literal segments and `:name` parameters. */
  path: string;
  /**
   * The API requests the page's loaders make first, exactly as they make them, given the path's
   * parameters and the address's query. The first is the page's own answer, which `firstCovers`
   * and `isMissing` read.
   */
  requests(params: Record<string, string>, query: URLSearchParams): PreparedRequest[];
  /** Same-origin covers that the page shows first (the LCP image), given the first answer. */
  firstCovers?(answer: unknown): string[];
  /**
   * Whether the page shows something that does not exist (an unknown book or category), given the
   * path's parameters, the API's status and the library's categories: the server then answers 404
   * with the page.
   */
  isMissing?(
    params: Record<string, string>,
    status: number | undefined,
    categories: readonly string[],
  ): boolean;
}

/** The request better-auth answers with the signed-in member, or null. */
export const SESSION_URL = '/api/auth/get-session';

/**
 * The library's categories, which every page's first render waits for (client/main.tsx): every
 * prepared page carries their answer, so that the wait costs no round trip.
 */
export const CATEGORY_OPTIONS_URL = '/api/categories/options';

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

/** The covers of the first `count` books of an answer that lists books. */
const coversOf = (answer: unknown, count: number) =>
  Array.isArray(answer)
    ? answer
        .slice(0, count)
        .filter(isBook)
        .map((book) => book.image)
    : [];

const mine = (url: string): PreparedRequest => ({ url, mine: true });

/** The circulation rules: the loan's days, the library's today and time zone. */
const RULES_URL = '/api/circulation/rules';

export const preparedPages = {
  home: {
    path: pagePaths.home,
    requests: () => [{ url: '/api/categories' }],
  },
  book: {
    path: pagePaths.book,
    requests: ({ id = '' }) => [{ url: `/api/books/${encodeURIComponent(id)}` }],
    firstCovers: (answer) => (isBook(answer) ? [answer.image] : []),
    isMissing: (_params, status) => status === 404,
  },
  category: {
    path: pagePaths.category,
    requests: ({ name = '' }) => [{ url: categoryBooksUrl(name) }],
    firstCovers: (answer) => coversOf(answer, CATEGORY_EAGER_COVERS),
    isMissing: ({ name = '' }, _status, categories) =>
      canonicalCategory(name, categories) === undefined,
  },
  // A category the seed does not have is left out here; the client, which knows the library's,
  // then asks for its books itself.
  search: {
    path: pagePaths.search,
    requests: (_params, query) => searchApiUrls(readSearchAddress(query)).map((url) => ({ url })),
    firstCovers: (answer) => coversOf(answer, SEARCH_EAGER_COVERS),
  },
  // The member's own pages (their features' loaders: loan-loaders.ts, profile-loader.ts,
  // card-loader.ts, appointment-loaders.ts).
  borrowedBooks: {
    path: pagePaths.borrowedBooks,
    requests: (_params, query) => {
      const page = Math.max(1, Math.trunc(Number(query.get('page'))) || 1);
      return [
        mine('/api/borrowedBooks'),
        mine('/api/holds'),
        { url: RULES_URL },
        ...(query.get('tab') === 'history' ? [mine(historyUrl(page))] : []),
        mine('/api/fines'),
      ];
    },
  },
  card: { path: pagePaths.card, requests: () => [mine('/api/card')] },
  profile: {
    path: pagePaths.profile,
    requests: () => [
      mine('/api/profile/notice-choices'),
      mine('/api/profile/notices'),
      mine('/api/membership'),
      mine('/api/fines'),
      mine('/api/profile'),
      mine('/api/profile/sms-choices'),
    ],
  },
  membership: { path: pagePaths.membership, requests: () => [mine('/api/membership')] },
  studyRooms: {
    path: pagePaths.studyRooms,
    requests: (_params, query) => {
      const date = query.get('date') ?? '';
      return [
        { url: withQuery('/api/rooms/availability', { date: DAY.test(date) ? date : undefined }) },
        mine('/api/bookings'),
      ];
    },
  },
  events: {
    path: pagePaths.events,
    requests: () => [{ url: '/api/events' }, mine('/api/registrations'), { url: RULES_URL }],
  },
  readOnline: {
    path: pagePaths.readOnline,
    requests: (_params, query) => {
      const access = query.get('access');
      return [
        {
          url: withQuery('/api/ebooks', {
            access: access === 'open' || access === 'lend' ? access : undefined,
            q: query.get('q')?.trim() || undefined,
          }),
        },
        mine('/api/ebooks/loans'),
        mine('/api/ebooks/waitlist'),
      ];
    },
  },
  read: {
    path: pagePaths.read,
    requests: ({ bookId = '' }) => [
      { url: `/api/books/${encodeURIComponent(bookId)}` },
      mine(`/api/ebooks/${encodeURIComponent(bookId)}/position`),
    ],
  },
} satisfies Record<string, PreparedPage>;

/** The History tab's page of returned loans, as its loader asks for it. */
export const historyUrl = (page: number) =>
  `/api/borrowedBooks/history?${new URLSearchParams({ page: String(page), limit: String(HISTORY_PAGE_SIZE) })}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

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
