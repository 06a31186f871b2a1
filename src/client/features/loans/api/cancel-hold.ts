import type { DeleteResult } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/holds/:id: leaves the queue; a copy kept for the member passes to the next one. */
export async function cancelHold(holdId: string): Promise<DeleteResult> {
  const response = await api.delete('/holds/{id}', { id: holdId });
  return response.data;
}
