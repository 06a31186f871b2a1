import type { Book } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/books/:id: one book; a missing book fails with 404. */
export async function getBook(id: string, signal?: AbortSignal): Promise<Book> {
  const response = await api.get('/books/{id}', { path: { id }, signal });
  return response.data;
}
