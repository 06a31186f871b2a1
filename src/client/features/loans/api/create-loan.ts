import type { LoanCreate } from '../../../lib/browser-schemas.ts';
import type { InsertResult } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/borrowedBooks: borrows a copy. The server takes the borrower from the session and
 * refuses with 404 BOOK_NOT_FOUND or 409 NOT_AVAILABLE | ALREADY_BORROWED | LIMIT_REACHED.
 */
export async function createLoan(loan: LoanCreate): Promise<InsertResult> {
  const response = await api.post('/borrowedBooks', loan);
  return response.data;
}
