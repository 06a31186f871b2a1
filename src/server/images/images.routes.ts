/**
 * HTTP for stored images (docs/product.md#images): `POST /api/images` takes one uploaded file,
 * `GET /images/<id>.webp` serves what was stored, the same bytes forever.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../common/constants.ts';
import { imageEndpoints } from '../../common/api/images.endpoints.ts';
import { serve } from '../api/serve.ts';
import { receiveFile } from '../api/uploads.ts';
import { ApiError } from '../http-errors.ts';
import { findImageBytes, IMAGE_ID_PATTERN } from './images.repository.ts';
import { invalidImage } from './images.service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const tooLarge = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The image is larger than 5 MB; choose a smaller file');

export async function imageRoutes(app: FastifyInstance) {
  // Here only: every other route still refuses multipart bodies with 415.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 10 },
  });

  serve(app, imageEndpoints, {
    uploadImage: async (request) => {
      const bytes = await receiveFile(request, {
        maxBytes: IMAGE_MAX_BYTES,
        tooLarge,
        what: 'the image',
      });
      if (bytes.length === 0) throw invalidImage();
      return app.images.upload(bytes, request.member.id);
    },
  });

  // Not part of the API: an image's address is a page's, which <img> asks for.
  app.get<{ Params: { id: string } }>(
    '/images/:id.webp',
    { config: { publicAnswer: true } },
    async (request, reply) => {
      const { id } = request.params;
      const bytes = IMAGE_ID_PATTERN.test(id) ? await findImageBytes(app.database.db, id) : null;
      if (!bytes) throw new ApiError(404, 'NOT_FOUND', 'No image has this name');
      const etag = `"${id}"`;
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/webp').send(bytes);
    },
  );
}
