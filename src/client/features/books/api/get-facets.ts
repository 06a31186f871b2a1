import type { BookFacets } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/books/facets: how a search's matches fall into categories and onto the shelf. */
export async function getFacets(
  { q, available }: { q?: string; available?: boolean },
  signal?: AbortSignal,
): Promise<BookFacets> {
  const params = {
    q: q?.trim() || undefined,
    available: available ? ('true' as const) : undefined,
  };
  return (await api.get('/books/facets', { params, signal })).data;
}
