/**
 * The data loaders of the routes (router.tsx), kept out of the lazily loaded page modules: React
 * Router then starts a page's data at once, while the page's code is still downloading, instead
 * of after it. Each page reads its loader's answer with `useLoaderData<typeof …>()`.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { PAGE_SIZE_MAX } from '../../common/constants.ts';
import { getBook } from '../features/books/api/get-book.ts';
import { getBooks } from '../features/books/api/get-books.ts';
import { loadFailureResponse } from '../features/books/api/load-failure-response.ts';
import { fetchCategories } from '../features/home/fetch-categories.ts';
import { apiFailure } from '../lib/api-client.ts';

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

/** Category books: every book of the category, newest first. */
export async function loadCategoryBooks({ params, request }: LoaderFunctionArgs) {
  const name = params.name ?? '';
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
