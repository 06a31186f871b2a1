/**
 * HTTP for the digital library (docs/product/digital-library.md): librarians' e-book editions,
 * the public list, members' e-loans, waiting lists and reading positions, and the EPUB itself.
 * Who borrows, waits or reads always comes from the session, never from the body.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ebookEndpoints } from '../../common/api/ebooks.endpoints.ts';
import type { DeleteResult } from '../../common/types.ts';
import { serve } from '../api/serve.ts';
import { receiveFile } from '../api/uploads.ts';
import type { Member } from '../core/member.ts';
import { ApiError } from '../http-errors.ts';
import { EpubInspector } from './epub-inspector.ts';
import { byteRange } from './byte-range.ts';
import { ebookFileBytes, ebookFileFacts } from './ebooks.repository.ts';

const deleted: DeleteResult = { acknowledged: true, deletedCount: 1 };
/**
 * The EPUB is data for the reader, never a page: if it is ever opened as one, nothing in it runs.
 * (The reader's frames are sandboxed without scripts as well: docs/decisions/015-digital-library.md.)
 */
const FILE_POLICY = "default-src 'none'; script-src 'none'; frame-ancestors 'none'; sandbox";

const invalidEbook = (reason: string) =>
  new ApiError(400, 'INVALID_EBOOK', `This file is not an EPUB the library can lend: ${reason}.`);

export async function ebookRoutes(app: FastifyInstance) {
  const { ebooks } = app;
  const { maxBytes } = ebooks.settings;
  const tooLarge = () =>
    new ApiError(
      413,
      'PAYLOAD_TOO_LARGE',
      `The e-book is larger than ${maxBytes / 1024 / 1024} MB; choose a smaller file`,
    );

  /** The signed-in member, or null for a visitor (an open title needs no sign-in). */
  const memberOrVisitor = async (request: FastifyRequest): Promise<Member | null> => {
    try {
      await app.requireAccess('member')(request);
      return request.member;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) return null;
      throw error;
    }
  };

  /**
   * Receives the upload and inspects it while it arrives: nothing is stored unless the whole of
   * it is a valid EPUB within the sizes (packed and unpacked).
   */
  const receiveEpub = async (request: FastifyRequest): Promise<Buffer> => {
    const inspector = new EpubInspector(maxBytes * 10);
    const bytes = await receiveFile(request, {
      maxBytes,
      tooLarge,
      what: 'the e-book',
      onChunk: (chunk) => (inspector.refused ? undefined : inspector.push(chunk)),
    });
    const verdict = inspector.verdict();
    if (!verdict.valid) throw invalidEbook(verdict.reason);
    return bytes;
  };

  /** The EPUB for whoever may read it, whole or the range asked for, cached as its access allows. */
  const sendFile = async (request: FastifyRequest, reply: FastifyReply, bookId: string) => {
    const right = await ebooks.readRight(await memberOrVisitor(request), bookId);
    const facts = await ebookFileFacts(app.database.db, bookId);
    if (!facts) throw ebooks.refuse('EBOOK_NOT_FOUND');
    const etag = `"${facts.sha256}"`;
    reply
      .header('content-security-policy', FILE_POLICY)
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header(
        'cache-control',
        right.lent ? 'private, no-store' : 'public, max-age=0, must-revalidate',
      );
    if (right.lent) reply.header('vary', 'Cookie, Authorization');
    if (!right.lent && request.headers['if-none-match'] === etag) return reply.code(304).send();
    const range = byteRange(request.headers.range, facts.size, {
      ifRange: String(request.headers['if-range'] ?? '') || undefined,
      etag,
    });
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${facts.size}`);
      throw new ApiError(416, 'VALIDATION', 'The requested range is outside the file');
    }
    const { start, end } = range ?? { start: 0, end: facts.size - 1 };
    const bytes = await ebookFileBytes(app.database.db, bookId, start, end - start + 1);
    if (!bytes) throw ebooks.refuse('EBOOK_NOT_FOUND');
    if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${facts.size}`);
    return reply.type('application/epub+zip').send(bytes);
  };

  const { uploadEbook, ...others } = ebookEndpoints;

  // Multipart is accepted by the upload only: every other route still refuses it with 415.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 10 },
    });
    serve(
      upload,
      { uploadEbook },
      {
        uploadEbook: async (request) => {
          const bytes = await receiveEpub(request);
          return { ebook: await ebooks.upload(request.params.id, bytes, request.member.id) };
        },
      },
    );
  });

  serve(app, others, {
    changeEbook: async (request) => ({
      ebook: await ebooks.change(request.params.id, request.body),
    }),
    removeEbook: async (request) => {
      await ebooks.remove(request.params.id);
      return deleted;
    },
    listEbooks: async (request) => ebooks.list(request.query),
    myEbookLoans: async (request) => ebooks.loans(request.member),
    myEbookWaits: async (request) => ebooks.waits(request.member),
    borrowEbook: async (request) => ({
      loan: await ebooks.borrow(request.member, request.params.bookId),
    }),
    returnEbook: async (request) => {
      await ebooks.giveBack(request.member, request.params.id);
      return deleted;
    },
    joinWaitlist: async (request) => ebooks.joinWaitlist(request.member, request.params.bookId),
    leaveWaitlist: async (request) => {
      await ebooks.leaveWaitlist(request.member, request.params.id);
      return deleted;
    },
    ebookFile: async (request, reply) => sendFile(request, reply, request.params.bookId),
    readingPosition: async (request) => ebooks.position(request.member, request.params.bookId),
    keepReadingPosition: async (request) =>
      ebooks.keepPosition(request.member, request.params.bookId, request.body),
  });
}
