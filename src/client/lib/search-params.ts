/**
 * What the search page shows, as its address says it: `/search?q=&category=&available=&sort=&page=`
 * (docs/product.md#search). The address is the whole state, so Back, Forward, a reload and a shared link
 * all show the same list.
 */
import { libraryCategories } from './i18n.ts';
import {
  BOOK_SORTS,
  canonicalCategory,
  type BookSort,
  type Category,
} from '../../common/constants.ts';

/** Books per page of results: whole rows of one, two or three cards. */
export const SEARCH_PAGE_SIZE = 24;

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

/** The search an address asks for; anything unreadable is left at its default. */
export function readSearch(params: URLSearchParams): SearchState {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    category: canonicalCategory(params.get('category') ?? '', libraryCategories()),
    available: params.get('available') === 'true',
    sort: isSort(sort) ? sort : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of a search, defaults left out: `?q=tagore&sort=title`, or '' for all books. */
export function searchQuery(state: Partial<SearchState>): string {
  const params = new URLSearchParams();
  const q = state.q?.trim();
  if (q) params.set('q', q);
  if (state.category) params.set('category', state.category);
  if (state.available) params.set('available', 'true');
  if (state.sort && state.sort !== defaultSort(q)) params.set('sort', state.sort);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
