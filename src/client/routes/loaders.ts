/**
 * The data loaders of the routes (router.tsx), kept out of the lazily loaded page modules: React
 * Router then starts a page's data at once, while the page's code is still downloading, instead
 * of after it. Each page reads its loader's answer with `useLoaderData<typeof …>()`.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { PAGE_SIZE_MAX, canonicalCategory } from '../../common/constants.ts';
import { getBook } from '../features/books/api/get-book.ts';
import { getBooks } from '../features/books/api/get-books.ts';
import { getFacets } from '../features/books/api/get-facets.ts';
import { loadFailureResponse } from '../features/books/api/load-failure-response.ts';
import { fetchCategories } from '../features/home/fetch-categories.ts';
import { apiFailure } from '../lib/api-client.ts';
import { SEARCH_PAGE_SIZE, readSearch } from '../lib/search-params.ts';

/** Home: the categories are not awaited, so the page shows at once and the grid waits for them. */
export function loadHome() {
  return { categories: fetchCategories() };
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
 * Category books: every book of the category, newest first. A category named in another case is
 * that category (`/category/sci-fi` shows Sci-Fi); a name that is no category finds no book.
 */
export async function loadCategoryBooks({ params, request }: LoaderFunctionArgs) {
  const name = canonicalCategory(params.name ?? '') ?? params.name ?? '';
  try {
    const { books, total } = await getBooks(
      { category: name, limit: PAGE_SIZE_MAX },
      request.signal,
    );
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
    return { search, books: found.books, total: found.total, facets };
  } catch (error) {
    throw loadFailureResponse(error);
  }
}
