/** What the catalogue's queries take: a filter, a page, and what a search counts per category. */
import type { BookSort } from '../../common/constants.ts';
import type { QueryWord } from './search-words.ts';
import type { MatchCount } from './match-count.ts';

export interface BookFilter {
  category?: string;
  /** The only filter by copies: the books service forgets these lists when copies move. */
  availableOnly?: boolean;
  /**
   * How the words of `q` are looked for, as the books service decides (books.service.ts): at most
   * one of these. `queryWords` through the word index (word-search.ts); `words` as pieces of
   * words, through the trigram index (piece-search.ts); `isbn`, the one book with that ISBN-13.
   */
  queryWords?: QueryWord[];
  words?: string[];
  isbn?: string;
}

/**
 * A position in the newest-first order: the last book of the previous page. In the relevance
 * order, with the tier it was found in (word-search.ts).
 */
export interface BookCursor {
  createdAt: string;
  id: string;
  tier?: 0 | 1 | 2;
}

export interface Page {
  limit: number;
  /** Newest first (the default) or another order of bookOrders. */
  sort?: BookSort;
  /** Only in the newest-first and relevance orders. */
  after?: BookCursor;
  offset?: number;
  /**
   * The search's matches as counted or estimated: few are read all at once (word-search.ts,
   * piece-search.ts); past FEW_MATCHES, the description's tier is looked for among the newest
   * books first (word-sample.ts).
   */
  matches?: MatchCount;
}

/** Per category, how many books match the words (all of them without words), and how many of those have a copy on the shelf. */
export interface CategoryMatches {
  name: string;
  count: number;
  available: number;
}
