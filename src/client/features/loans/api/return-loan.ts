import type { DeleteResult } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/borrowedBooks/:id: ends the loan and puts the copy back on the shelf in one step. */
export async function returnLoan(loanId: string): Promise<DeleteResult> {
  const response = await api.delete('/borrowedBooks/{id}', { id: loanId });
  return response.data;
}
