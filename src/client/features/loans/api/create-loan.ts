import type { LoanCreate } from '../../../lib/browser-schemas.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/borrowedBooks: borrows a copy, or with RETURNS=desk sets one aside for pickup
 * (`setAsideUntil`). The server takes the borrower from the session and refuses with 404
 * BOOK_NOT_FOUND or 409 NOT_AVAILABLE | ALREADY_BORROWED | LIMIT_REACHED.
 */
export async function createLoan(loan: LoanCreate) {
  const response = await api.post('/borrowedBooks', loan);
  return response.data;
}
