/** GET /api/card: the signed-in member's library card. */
import type { LibraryCard } from '../../../../common/copies.ts';
import { api } from '../../../lib/api-client.ts';

export async function getCard(signal?: AbortSignal): Promise<LibraryCard> {
  return (await api.get('/card', { signal })).data;
}
