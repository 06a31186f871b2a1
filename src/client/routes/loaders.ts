/**
 * The data loaders of the routes (router.tsx), kept out of the lazily loaded page modules: React
 * Router then starts a page's data at once, while the page's code is still downloading, instead
 * of after it. Each page reads its loader's answer with `useLoaderData<typeof …>()`.
 */
import { whenSignedIn } from './when-signed-in.ts';
import { getCard } from '../features/card/api/get-card.ts';
import type { LoaderFunctionArgs } from 'react-router';
import { HISTORY_PAGE_SIZE, PAGE_SIZE_MAX, canonicalCategory } from '../../common/constants.ts';
import { getPhone, getSmsChoices } from '../features/account/api/phone.ts';
import { getNoticeChoices } from '../features/account/api/notice-choices.ts';
import { getNotices } from '../features/account/api/get-notices.ts';
import { getBook } from '../features/books/api/get-book.ts';
import {
  listEbooks,
  myEbooks,
  readingPosition,
  type DigitalLibrary,
} from '../features/ebooks/ebooks-api.ts';
import { getFines, getMembership, getReceipt } from '../features/fines/api/fines-api.ts';
import { getBooks, type BooksPage } from '../features/books/api/get-books.ts';
import { getFacets } from '../features/books/api/get-facets.ts';
import { loadFailureResponse } from '../features/books/api/load-failure-response.ts';
import { fetchCategories } from '../features/home/fetch-categories.ts';
import { getHistory } from '../features/loans/api/get-history.ts';
import { getHolds } from '../features/loans/api/get-holds.ts';
import { getLoans } from '../features/loans/api/get-loans.ts';
import { getCirculationRules } from '../features/loans/api/get-rules.ts';
import { apiFailure } from '../lib/api-client.ts';
import { showAlert } from '../lib/dialogs.ts';
import { libraryCategories, t } from '../lib/i18n.ts';
import { SEARCH_PAGE_SIZE, readSearch } from '../lib/search-params.ts';

/** Home: the categories are not awaited, so the page shows at once and the grid waits for them. */
export function loadHome() {
  return { categories: fetchCategories() };
}

/** All Books shows this many books at first and adds as many with each Load more. */
export const BOOKS_PAGE_SIZE = 24;
/** The address's `shown`: how many books All Books shows, so that Back and a reload show them again. */
export const SHOWN_PARAM = 'shown';
/** More than anyone pages to by hand; it bounds what an edited address can ask for. */
const SHOWN_MAX = 10_000;

/** A book added while the member pages through the list must not show up twice. */
function appendNew(books: BooksPage['books'], more: BooksPage['books']) {
  const seen = new Set(books.map((book) => book._id));
  return [...books, ...more.filter((book) => !seen.has(book._id))];
}

/** The first `shown` books, newest first, fetched a page of at most PAGE_SIZE_MAX at a time. */
async function firstBooks(available: boolean, shown: number, signal: AbortSignal) {
  let loaded = await getBooks({ available, limit: Math.min(shown, PAGE_SIZE_MAX) }, signal);
  while (loaded.nextCursor && loaded.books.length < shown) {
    const limit = Math.min(shown - loaded.books.length, PAGE_SIZE_MAX);
    const more = await getBooks({ available, limit, cursor: loaded.nextCursor }, signal);
    loaded = { ...more, books: appendNew(loaded.books, more.books) };
  }
  return loaded;
}

/**
 * All Books: the first `shown` books (Load more raises it in the address), so that Back, Forward
 * and a reload show the list as it was and the scroll position is restored on it. A list that
 * cannot be fetched is told in the spec's dialog and the page offers to try again.
 */
export async function loadAllBooks({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const available = params.get('available') === 'true';
  const asked = Math.trunc(Number(params.get(SHOWN_PARAM))) || BOOKS_PAGE_SIZE;
  const shown = Math.min(Math.max(asked, BOOKS_PAGE_SIZE), SHOWN_MAX);
  try {
    return { shown, loaded: await firstBooks(available, shown, request.signal) };
  } catch (error) {
    if (request.signal.aborted) throw error;
    const { title, text } = t.failureMessages.loadBooks;
    void showAlert('error', title, text);
    return { shown, loaded: null };
  }
}

/** Book details and Borrow: the book, or null when there is no such book. */
export async function loadBook({ params, request }: LoaderFunctionArgs) {
  try {
    return { book: await getBook(params.id ?? '', request.signal) };
  } catch (error) {
    if (apiFailure(error).status === 404) return { book: null };
    throw loadFailureResponse(error);
  }
}

/**
 * Update book: the book, not awaited, so the form's page shows 'Loading book details...' at once;
 * a book that cannot be loaded is told in the spec's dialog and resolves to null.
 */
export function loadBookForUpdate({ params, request }: LoaderFunctionArgs) {
  const book = getBook(params.id ?? '', request.signal).catch(() => {
    if (request.signal.aborted) return null;
    const { title, text } = t.failureMessages.loadBookForUpdate;
    void showAlert('error', title, text);
    return null;
  });
  return { book };
}

/**
 * Category books: every book of the category, newest first. A category named in another case is
 * that category (`/category/sci-fi` shows Sci-Fi); a name that is no category finds no book.
 */
export async function loadCategoryBooks({ params, request }: LoaderFunctionArgs) {
  // The request is the one the server prepares (common/prepared-pages.ts); the API takes the name
  // in any case, and the heading shows the library's own spelling.
  const asked = canonicalCategory(params.name ?? '') ?? params.name ?? '';
  const name = canonicalCategory(asked, libraryCategories()) ?? asked;
  try {
    const { books, total } = await getBooks(
      { category: asked, limit: PAGE_SIZE_MAX },
      request.signal,
    );
    return { name, books, total };
  } catch (error) {
    throw loadFailureResponse(error);
  }
}

/**
 * A member page's data, or null for a visitor: guarded pages' loaders run before the guard, which
 * then sends the visitor to sign in. A visitor's page asks nothing (so the browser logs no 401),
 * and a session ended meanwhile counts as a visitor.
 */
async function forMember<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await whenSignedIn(load);
  } catch (error) {
    if (apiFailure(error).status === 401) return null;
    throw loadFailureResponse(error);
  }
}

/** Borrow: the book, the rules that set its dates, and the member's hold on it, if any. */
export async function loadBorrow(args: LoaderFunctionArgs) {
  const { signal } = args.request;
  const [{ book }, rules, holds] = await Promise.all([
    loadBook(args),
    forMember(() => getCirculationRules(signal)),
    forMember(() => getHolds(signal)),
  ]);
  const hold = (holds ?? []).find((held) => held.bookId === book?._id);
  return { book, rules, hold };
}

export const BORROWED_TABS = ['loans', 'holds', 'history'] as const;
export type BorrowedTab = (typeof BORROWED_TABS)[number];

/** Borrowed Books: current loans and holds, and on the History tab one page of returned loans. */
export async function loadBorrowedBooks({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: BorrowedTab =
    BORROWED_TABS.find((name) => name === url.searchParams.get('tab')) ?? 'loans';
  const page = Math.max(1, Math.trunc(Number(url.searchParams.get('page'))) || 1);
  const { signal } = request;
  const data = await forMember(async () => {
    const [loans, holds, rules, history, fines] = await Promise.all([
      getLoans(signal),
      getHolds(signal),
      getCirculationRules(signal),
      tab === 'history' ? getHistory(page, HISTORY_PAGE_SIZE, signal) : null,
      getFines(signal),
    ]);
    return { loans, holds, rules, history, fines };
  });
  return { tab, page, data };
}

/**
 * Search: one page of the books the address asks for (search-params.ts) and the facets of the
 * search. A new search while this one loads cancels it (React Router aborts `request.signal`), so
 * the page never shows an answer older than the last one asked for.
 */
export async function loadSearch({ request }: LoaderFunctionArgs) {
  const search = readSearch(new URL(request.url).searchParams);
  try {
    const [found, facets] = await Promise.all([
      getBooks(
        {
          q: search.q,
          category: search.category,
          available: search.available,
          sort: search.sort,
          page: search.page,
          limit: SEARCH_PAGE_SIZE,
        },
        request.signal,
      ),
      getFacets({ q: search.q, available: search.available }, request.signal),
    ]);
    return { search, books: found.books, total: found.total, estimated: found.estimated, facets };
  } catch (error) {
    throw loadFailureResponse(error);
  }
}

/** Profile: which notices the member wants by e-mail, and the notices the library sent them. */
export async function loadProfile({ request }: LoaderFunctionArgs) {
  const { signal } = request;
  const data = await forMember(async () => {
    const [choices, notices, membership, fines, phone, smsChoices] = await Promise.all([
      getNoticeChoices(signal),
      getNotices(signal),
      getMembership(signal),
      getFines(signal),
      getPhone(signal),
      getSmsChoices(signal),
    ]);
    return { choices, notices, membership, balance: fines.balance, phone, smsChoices };
  });
  return { data };
}

/** The library card: the member's card number and name (null for a visitor, sent to sign in). */
export async function loadCard({ request }: LoaderFunctionArgs) {
  return { card: await forMember(() => getCard(request.signal)) };
}

/**
 * The digital library (/read-online): the e-books, by `access` and `q` from the address, and a
 * signed-in member's e-loans and waiting lists (null for a visitor).
 */
export async function loadDigitalLibrary({ request }: LoaderFunctionArgs): Promise<DigitalLibrary> {
  const params = new URL(request.url).searchParams;
  const asked = params.get('access');
  const access = asked === 'open' || asked === 'lend' ? asked : undefined;
  const q = params.get('q')?.trim() || undefined;
  try {
    const [books, mine] = await Promise.all([
      listEbooks({ access, q }, request.signal),
      forMember(() => myEbooks(request.signal)),
    ]);
    return { books, mine, access, q };
  } catch (error) {
    throw loadFailureResponse(error);
  }
}

/**
 * The reader: the book, and where the member is in it (null for a visitor or before a first
 * reading). Whether the file may be read is the file's own answer, asked by the page.
 */
export async function loadReader({ params, request }: LoaderFunctionArgs) {
  const bookId = params.bookId ?? '';
  const [book, position] = await Promise.all([
    getBook(bookId, request.signal).catch((error: unknown) => {
      if (apiFailure(error).status === 404) return null;
      throw loadFailureResponse(error);
    }),
    whenSignedIn(() => readingPosition(bookId, request.signal)).catch(() => null),
  ]);
  return { book, position };
}

/** Join Us: the member's membership, or null for a visitor (who sees the sign-up form). */
export async function loadMembership({ request }: LoaderFunctionArgs) {
  return { membership: await forMember(() => getMembership(request.signal)) };
}

/** A desk receipt: the ledger entry, whose it is, and what they owe now. */
export async function loadReceipt({ params, request }: LoaderFunctionArgs) {
  return { receipt: await forMember(() => getReceipt(params.id ?? '', request.signal)) };
}
