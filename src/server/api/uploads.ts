/**
 * Files uploaded as `multipart/form-data` (images, e-books, MARC records), received one way: one
 * file in the field `file`, read as it arrives within the route's limit, and every failure of the
 * upload answered in the API's words (issue 33: a malformed body answered 500 on every route but
 * one). An upload over its limit is 413; the error handler reads and discards the rest of the
 * body before answering (plugins/errors.ts), so the client reads the answer instead of a reset.
 */
import type { FastifyError, FastifyRequest } from 'fastify';
import { ApiError } from '../http-errors.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** An upload's failure, in the API's words; `what` names the file ("the image", "the EPUB"). */
export function uploadRefusal(error: unknown, tooLarge: () => ApiError, what: string): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as FastifyError).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send ${what} as multipart/form-data`);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError(400, 'VALIDATION', 'Send one file, in the field named file');
  }
  // The parser's own failures (no boundary, a part cut off, a body that is no multipart at all)
  // carry no status: the body is at fault, never the server.
  return new ApiError(400, 'VALIDATION', 'The upload is not valid multipart/form-data');
}

export interface UploadOptions {
  /** The most bytes the file may have. */
  maxBytes: number;
  tooLarge: () => ApiError;
  /** What the file is, for the words of a refusal: "the image", "the EPUB". */
  what: string;
  /** Sees each piece as it arrives (an inspection); may wait, to let other requests go first. */
  onChunk?: (chunk: Buffer) => void | Promise<void>;
}

/**
 * Receives the one file of a multipart request, whole. A body whose declared size is past the
 * limit is refused before a byte of it is parsed.
 */
export async function receiveFile(
  request: FastifyRequest,
  options: UploadOptions,
): Promise<Buffer> {
  const { maxBytes, tooLarge, what, onChunk } = options;
  if (Number(request.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES)
    throw tooLarge();
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') {
      throw new ApiError(400, 'VALIDATION', `Send ${what} in the field named file`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      await onChunk?.(chunk);
    }
    if (part.file.truncated) throw tooLarge();
    return Buffer.concat(chunks);
  } catch (error) {
    throw uploadRefusal(error, tooLarge, what);
  }
}
