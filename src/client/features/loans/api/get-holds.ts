import type { Hold } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/holds: the member's holds, with their place in the queue or how long a copy is kept. */
export async function getHolds(signal?: AbortSignal): Promise<Hold[]> {
  const response = await api.get('/holds', { signal });
  return response.data;
}
