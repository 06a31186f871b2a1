import type { Loan } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/borrowedBooks: the signed-in member's loans, newest first. */
export async function getLoans(signal?: AbortSignal): Promise<Loan[]> {
  const response = await api.get('/borrowedBooks', { signal });
  return response.data;
}
