/**
 * What the search page shows, as its address says it: `/search?q=&category=&available=&sort=&page=`
 * (docs/product.md#search). The address is the whole state, so Back, Forward, a reload and a shared link
 * all show the same list.
 */
import { libraryCategories } from './i18n.ts';
import { defaultSort, readSearchAddress, type SearchState } from '../../common/search-address.ts';

export { SEARCH_PAGE_SIZE, defaultSort, type SearchState } from '../../common/search-address.ts';

/** The search an address asks for, in the library's categories; anything unreadable is left at its default. */
export const readSearch = (params: URLSearchParams): SearchState =>
  readSearchAddress(params, libraryCategories());

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
