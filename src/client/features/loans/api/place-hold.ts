import type { HoldPlaced } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/holds: a place in the book's queue; refused with 409 COPIES_AVAILABLE |
 * NOT_IN_COLLECTION |
 * ALREADY_BORROWED | ALREADY_ON_HOLD | HOLD_LIMIT_REACHED | OVERDUE_LOANS.
 */
export async function placeHold(bookId: string): Promise<HoldPlaced> {
  const response = await api.post('/holds', { bookId });
  return response.data;
}
