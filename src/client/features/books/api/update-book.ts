import type { BookUpdate } from '../../../lib/browser-schemas.ts';
import type { UpdateResult } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** PATCH /api/books/:id: a refused update (400) carries the reason in `error`. */
export async function updateBook(id: string, changes: BookUpdate): Promise<UpdateResult> {
  const response = await api.patch('/books/{id}', changes, { id });
  return response.data;
}
