/** What the catalogue's queries take: a filter, a page, and what a search counts per category. */
import type { BookSort } from '../../common/constants.ts';

export interface BookFilter {
  category?: string;
  /** The only filter by copies: the books service forgets these lists when copies move. */
  availableOnly?: boolean;
  /** The words of `q`, folded like `searchText` (book-search.ts's searchWords). */
  words?: string[];
}

/** A position in the newest-first order: the last book of the previous page. */
export interface BookCursor {
  createdAt: string;
  id: string;
}

export interface Page {
  limit: number;
  /** Newest first (the default) or another order of bookOrders. */
  sort?: BookSort;
  /** Only in the newest-first order. */
  after?: BookCursor;
  offset?: number;
}

/** Per category, how many books match the words (all of them without words), and how many of those have a copy on the shelf. */
export interface CategoryMatches {
  name: string;
  count: number;
  available: number;
}
