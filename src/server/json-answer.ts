/**
 * JSON answers kept in memory as the bytes sent (books/books.service.ts), with their brotli and gzip forms made on first demand and kept beside them:
 * what many readers ask for is compressed once, not for every one of them. Every other answer is
 * compressed per request by @fastify/compress (plugins/security.ts).
 */
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/** In the order preferred when a client accepts both. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality 4, as @fastify/compress uses: a page of 20 books (22 kB) in about 0.15 ms, 5%
 * larger than quality 9 makes it in twenty times as long. An answer not yet kept pays it at once.
 */
const BROTLI_QUALITY = 4;

/**
 * A copy in memory of its own. Bytes a kept answer holds must not be a view of a larger buffer
 * (zlib's output, or Node's shared 8 kB slab for small ones), which it would hold on to whole.
 */
function ownCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  copy.set(bytes);
  return copy;
}

const compress: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => zlib.gzipSync(bytes),
};

export class JsonAnswer {
  readonly #encoded = new Map<Encoding, Buffer>();

  private constructor(readonly bytes: Buffer) {}

  /** The bytes of `json`, in memory of their own (see ownCopy). */
  static fromJson(json: string): JsonAnswer {
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
    bytes.write(json);
    return new JsonAnswer(bytes);
  }

  static of(value: unknown): JsonAnswer {
    return JsonAnswer.fromJson(JSON.stringify(value));
  }

  /** The answer in this encoding, compressed on the first call. */
  encoded(encoding: Encoding): Buffer {
    let encoded = this.#encoded.get(encoding);
    if (!encoded) {
      encoded = ownCopy(compress[encoding](this.bytes));
      this.#encoded.set(encoding, encoded);
    }
    return encoded;
  }
}

function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  return header ? negotiate(header.toLowerCase(), ENCODINGS) : null;
}

/** Sends the answer in the best encoding the client accepts. */
export function sendJsonAnswer(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding =
    answer.bytes.length >= COMPRESSION_THRESHOLD_BYTES ? acceptedEncoding(request) : null;
  if (!encoding) return reply.send(answer.bytes);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}
