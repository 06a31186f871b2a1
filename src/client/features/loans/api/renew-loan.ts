import type { Loan } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/borrowedBooks/:id/renew: moves the return date one loan period on; refused with 409
 * RENEWAL_LIMIT | HOLD_QUEUE or 404 LOAN_NOT_FOUND.
 */
export async function renewLoan(loanId: string): Promise<Loan> {
  const response = await api.post('/borrowedBooks/{id}/renew', {}, { id: loanId });
  return response.data;
}
