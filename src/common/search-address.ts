/**
 * What the search page shows, as its address says it: `/search?q=&category=&available=&sort=&page=`
 * (docs/product.md#search), and the API requests its loader makes for it. The client reads the
 * address with the library's categories (client/lib/search-params.ts); the server, preparing the
 * page's first load (prepared-pages.ts), asks the same requests, so the client takes their answers
 * from the page instead of a round trip.
 */
import { BOOK_SORTS, canonicalCategory, type BookSort, type Category } from './constants.ts';
import { withQuery } from './url-query.ts';

/** Books per page of results: whole rows of one, two or three cards. */
export const SEARCH_PAGE_SIZE = 24;

/** Covers of the first results load at once; the rest wait until they scroll near. */
export const SEARCH_EAGER_COVERS = 4;

export interface SearchState {
  q: string;
  category?: Category;
  /** Only books with a copy on the shelf. */
  available: boolean;
  /** The order asked for; none is a search's best matches first, every book's newest first. */
  sort?: BookSort;
  page: number;
}

const isSort = (value: string | null): value is BookSort =>
  (BOOK_SORTS as readonly (string | null)[]).includes(value);

/** A search's results come best matches first; every book, newest first. */
export const defaultSort = (q: string | null | undefined): BookSort =>
  q?.trim() ? 'relevance' : 'newest';

/**
 * The search an address asks for; anything unreadable is left at its default, a category the
 * library does not have (`categories`, the seed's by default) included.
 */
export function readSearchAddress(
  params: URLSearchParams,
  categories?: readonly string[],
): SearchState {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    category: canonicalCategory(params.get('category') ?? '', categories),
    available: params.get('available') === 'true',
    sort: isSort(sort) ? sort : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The page of books and the facets the search page's loader asks for (features/books/api:
 * getBooks, getFacets), as they ask them.
 */
export function searchApiUrls(search: SearchState): [books: string, facets: string] {
  const q = search.q || undefined;
  const available = search.available ? 'true' : undefined;
  return [
    withQuery('/api/books', {
      category: search.category,
      available,
      q,
      sort: search.sort === 'newest' ? undefined : search.sort,
      limit: String(SEARCH_PAGE_SIZE),
      page: search.page > 1 ? String(search.page) : undefined,
    }),
    withQuery('/api/books/facets', { q, available }),
  ];
}
