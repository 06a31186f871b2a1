import type { BookCreate } from '../../../lib/browser-schemas.ts';
import type { InsertResult } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/books: adds a book to the catalogue. */
export async function createBook(book: BookCreate): Promise<InsertResult> {
  const response = await api.post('/books', book);
  return response.data;
}
