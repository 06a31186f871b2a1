/**
 * HTTP for stored images (docs/product.md#images): `POST /api/images` takes one uploaded file,
 * `GET /images/<id>.webp` serves what was stored, the same bytes forever.
 */
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../common/constants.ts';
import { imageEndpoints } from '../../common/api/images.endpoints.ts';
import { serve } from '../api/serve.ts';
import { ApiError } from '../http-errors.ts';
import { findImageBytes, IMAGE_ID_PATTERN } from './images.repository.ts';
import { invalidImage } from './images.service.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';

const tooLarge = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The image is larger than 5 MB; choose a smaller file');

/** The multipart plugin's refusals, in the API's words. */
function uploadError(error: unknown): unknown {
  const code = (error as FastifyError).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError(400, 'VALIDATION', 'Send one file, in the field named file');
  }
  if (error instanceof ApiError || (error as FastifyError).statusCode !== undefined) return error;
  // The parser's own failures (no boundary, a part cut off, a body that is no multipart at all)
  // carry no status: the body is at fault, never the server (issue 30: they answered 500).
  return new ApiError(400, 'VALIDATION', 'The upload is not valid multipart/form-data');
}

export async function imageRoutes(app: FastifyInstance) {
  // Here only: every other route still refuses multipart bodies with 415.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 10 },
  });

  serve(app, imageEndpoints, {
    uploadImage: async (request, reply) => {
      // A declared size past the limit is refused before a byte of the body is read.
      const declared = Number(request.headers['content-length']);
      if (declared > IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
        reply.header('connection', 'close');
        throw tooLarge();
      }
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') {
          throw new ApiError(400, 'VALIDATION', 'Send the image in the field named file');
        }
        bytes = await part.toBuffer();
      } catch (error) {
        const refusal = uploadError(error);
        // What is left of an oversize body is not read: the connection ends with the answer.
        if (refusal instanceof ApiError && refusal.statusCode === 413) {
          reply.header('connection', 'close');
        }
        throw refusal;
      }
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
