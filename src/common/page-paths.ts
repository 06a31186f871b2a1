/**
 * The path patterns of every page of the client, in React Router's syntax (literal segments and
 * `:name` parameters). The client's route table (router.tsx) takes its paths from here, so that
 * the server knows the very same list: a path that matches none of them is answered with HTTP 404
 * (and the app's page, which shows 'Page Not Found').
 */
export const pagePaths = {
  home: '/',
  allBooks: '/allBooks',
  book: '/books/:id',
  category: '/category/:name',
  search: '/search',
  borrow: '/borrow/:id',
  borrowedBooks: '/borrowedBooks',
  addBook: '/addBook',
  updateBook: '/allBooksUpdate/:id',
  desk: '/desk',
  register: '/register',
  signIn: '/signIn',
  forgotPassword: '/forgotPassword',
  resetPassword: '/resetPassword',
  profile: '/profile',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  explore: '/explore',
  readOnline: '/read-online',
  events: '/events',
  studyRooms: '/study-rooms',
  membership: '/membership',
  card: '/card',
  read: '/read/:bookId',
  receipt: '/desk/receipts/:id',
  labels: '/labels',
  emailConfirmed: '/emailConfirmed',
} as const;

export type PagePath = (typeof pagePaths)[keyof typeof pagePaths];

/** The path of a page: the pattern with each `:name` replaced by its parameter, encoded. */
export function pathTo(pattern: PagePath, params: Record<string, string> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The path's parameters when it matches the pattern (case-insensitively, as React Router does). */
export function matchPagePath(pattern: string, pathname: string): Record<string, string> | null {
  const segmentsOf = (path: string) => path.split('/').filter(Boolean);
  const expected = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const given = actual[index] ?? '';
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(given);
      } catch {
        return null;
      }
    } else if (segment.toLowerCase() !== given.toLowerCase()) {
      return null;
    }
  }
  return params;
}

export type PageName = keyof typeof pagePaths;

/** The page that shows this path, or null (the client then shows 'Page Not Found'). */
export function pageOf(pathname: string): PageName | null {
  const names = Object.keys(pagePaths) as PageName[];
  return names.find((name) => matchPagePath(pagePaths[name], pathname) !== null) ?? null;
}

/** Whether some page of the client shows this path (else the client shows 'Page Not Found'). */
export const isPagePath = (pathname: string) => pageOf(pathname) !== null;
