import type { BookSort } from '../../../../common/constants.ts';
import type { Book } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

export interface BooksFilter {
  category?: string;
  /** Only books with at least one copy on the shelf. */
  available?: boolean;
  q?: string;
  /** Newest first unless another order is named. */
  sort?: BookSort;
  limit?: number;
  cursor?: string;
  /** A page number, for the orders other than newest first (which pages by cursor). */
  page?: number;
}

export interface BooksPage {
  books: Book[];
  /** How many books match the filter across all pages (X-Total-Count). */
  total: number;
  /** The total is an estimate: a search of more than COUNTED_MATCHES books. */
  estimated: boolean;
  /** Cursor of the following page, or null on the last page. */
  nextCursor: string | null;
}

const toQueryParams = ({ category, available, q, sort, limit, cursor, page }: BooksFilter) => ({
  category,
  available: available ? ('true' as const) : undefined,
  q: q?.trim() || undefined,
  sort: sort === 'newest' ? undefined : sort,
  limit,
  cursor,
  page: page && page > 1 ? page : undefined,
});

/** Reads the cursor out of a `Link: <…?cursor=…>; rel="next"` header. */
export function nextCursorFrom(linkHeader: string | null): string | null {
  if (!linkHeader) return null;
  const next = linkHeader
    .split(',')
    .map((part) => /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part))
    .find((match) => match !== null);
  if (!next?.[1]) return null;
  return new URL(next[1], window.location.origin).searchParams.get('cursor');
}

/** GET /api/books: one page of books, newest first or in the order asked for. */
export async function getBooks(filter: BooksFilter = {}, signal?: AbortSignal): Promise<BooksPage> {
  const response = await api.get('/books', { params: toQueryParams(filter), signal });
  const total = response.headers.get('X-Total-Count');
  return {
    books: response.data,
    total: total === null ? response.data.length : Number(total),
    estimated: response.headers.get('X-Total-Count-Estimated') === 'true',
    nextCursor: nextCursorFrom(response.headers.get('Link')),
  };
}
