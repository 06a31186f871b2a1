/** Images members upload: covers and photos, stored once and served from the site. */
import { IMAGE_MAX_BYTES } from '../constants.ts';
import { storedImageSchema } from '../schemas.ts';
import { endpoint } from './endpoint.ts';

export const imageEndpoints = {
  uploadImage: endpoint({
    method: 'POST',
    path: '/api/images',
    summary: `Store an image (multipart/form-data, field file: JPEG, PNG, WebP or GIF up to ${IMAGE_MAX_BYTES / 1024 / 1024} MB) as WebP`,
    tag: 'Images',
    access: 'member',
    status: 201,
    answer: storedImageSchema,
  }),
};
