/**
 * The catalogue's page loaders (All Books, a book, a category, Update book, Search), kept out of
 * the lazily loaded page modules: React
 * Router then starts a page's data at once, while the page's code is still downloading, instead
 * of after it (router.tsx imports them; the pages read them with `useLoaderData<typeof …>()`).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { PAGE_SIZE_MAX, canonicalCategory } from '../../../common/constants.ts';
import { getBooks, type BooksPage } from './api/get-books.ts';
import { getFacets } from './api/get-facets.ts';
import { getBook, bookOrNull } from '../../lib/get-book.ts';
import { loadFailureResponse } from '../../lib/load-failure-response.ts';
import { showAlert } from '../../lib/dialogs.ts';
import { categoryOptionsLoaded } from '../../lib/category-options.ts';
import { libraryCategories, loadCatalogue, t } from '../../lib/i18n.ts';
import { SEARCH_PAGE_SIZE, readSearch } from '../../lib/search-params.ts';

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
    await loadCatalogue();
    const { title, text } = t.failureMessages.loadBooks;
    void showAlert('error', title, text);
    return { shown, loaded: null };
  }
}

/** Book details: the book, or null when there is no such book. */
export async function loadBook({ params, request }: LoaderFunctionArgs) {
  return { book: await bookOrNull(params.id ?? '', request.signal) };
}

/**
 * Update book: the book, not awaited, so the form's page shows 'Loading book details...' at once;
 * a book that cannot be loaded is told in the spec's dialog and resolves to null.
 */
export function loadBookForUpdate({ params, request }: LoaderFunctionArgs) {
  const book = getBook(params.id ?? '', request.signal).catch(async () => {
    if (request.signal.aborted) return null;
    await loadCatalogue();
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
  try {
    const [{ books, total }] = await Promise.all([
      getBooks({ category: asked, limit: PAGE_SIZE_MAX }, request.signal),
      categoryOptionsLoaded(),
    ]);
    const name = canonicalCategory(asked, libraryCategories()) ?? asked;
    return { name, books, total };
  } catch (error) {
    throw loadFailureResponse(error);
  }
}

/**
 * Search: one page of the books the address asks for (search-params.ts) and the facets of the
 * search. A new search while this one loads cancels it (React Router aborts `request.signal`), so
 * the page never shows an answer older than the last one asked for.
 */
export async function loadSearch({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.has('category')) await categoryOptionsLoaded();
  const search = readSearch(params);
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
