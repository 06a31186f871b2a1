import type { BorrowCheck } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/borrowedBooks/check: whether the signed-in member may borrow the book, and why not. */
export async function checkBorrow(bookId: string): Promise<BorrowCheck> {
  const response = await api.get('/borrowedBooks/check', { params: { bookId } });
  return response.data;
}
