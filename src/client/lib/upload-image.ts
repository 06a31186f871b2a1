/** POST /api/images: stores an image file and answers where it is served (docs/product.md#images). */
import type { StoredImage } from '../../common/types.ts';
import { api } from './api-client.ts';

export async function uploadImage(file: File): Promise<StoredImage> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post('/images', form)).data;
}
