import { api } from '../../../lib/api-client.ts';

/** GET /api/categories/options: the names the library shelves books under, the defaults first. */
export async function getCategoryOptions(signal?: AbortSignal): Promise<string[]> {
  const response = await api.get('/categories/options', { signal });
  return response.data.map((option) => option.name);
}
