import type { Loan } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

export interface HistoryPage {
  loans: Loan[];
  total: number;
}

/** GET /api/borrowedBooks/history: one page of the member's returned loans, newest return first. */
export async function getHistory(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const response = await api.get('/borrowedBooks/history', {
    params: { page, limit },
    signal,
  });
  return { loans: response.data, total: Number(response.headers.get('X-Total-Count') ?? 0) };
}
