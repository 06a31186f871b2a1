import type { Book } from '../../common/types.ts';
import { api, apiFailure } from './api-client.ts';
import { loadFailureResponse } from './load-failure-response.ts';

/** GET /api/books/:id: one book; a missing book fails with 404. */
export async function getBook(id: string, signal?: AbortSignal): Promise<Book> {
  const response = await api.get('/books/{id}', { path: { id }, signal });
  return response.data;
}

/**
 * A page's book, or null when there is no such book (the page says so); any other failure is the
 * page's error.
 */
export async function bookOrNull(id: string, signal: AbortSignal): Promise<Book | null> {
  try {
    return await getBook(id, signal);
  } catch (error) {
    if (apiFailure(error).status === 404) return null;
    throw loadFailureResponse(error);
  }
}
