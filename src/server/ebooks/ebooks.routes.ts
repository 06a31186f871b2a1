/**
 * HTTP for the digital library (docs/product/digital-library.md): librarians' e-book editions,
 * the public list, members' e-loans, waiting lists and reading positions, and the EPUB itself.
 * Who borrows, waits or reads always comes from the session, never from the body.
 */
import multipart from '@fastify/multipart';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import { z } from 'zod';
import {
  bookIdParamsSchema,
  bookSchema,
  deleteResultSchema,
  ebookEditionAnswerSchema,
  ebookListQuerySchema,
  ebookLoanAnswerSchema,
  ebookLoanListingSchema,
  ebookPatchSchema,
  ebookWaitSchema,
  idParamsSchema,
  readingPositionInputSchema,
  readingPositionSchema,
  waitlistPlacedSchema,
} from '../../common/schemas.ts';
import type { DeleteResult } from '../../common/types.ts';
import type { Member } from '../circulation/loans.repository.ts';
import { ApiError, parseInput } from '../http-errors.ts';
import { EpubInspector } from './epub-inspector.ts';
import { byteRange } from './byte-range.ts';
import { ebookFileBytes, ebookFileFacts } from './ebooks.repository.ts';

type WithId = { Params: { id: string } };
type WithBookId = { Params: { bookId: string } };

const deleted: DeleteResult = { acknowledged: true, deletedCount: 1 };
const tags = ['Digital library'];
/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/** Inspecting yields to other requests after this many bytes, so a large upload never stalls the server. */
const INSPECT_SLICE_BYTES = 1024 * 1024;
/**
 * The EPUB is data for the reader, never a page: if it is ever opened as one, nothing in it runs.
 * (The reader's frames are sandboxed without scripts as well: docs/decisions/015-digital-library.md.)
 */
const FILE_POLICY = "default-src 'none'; script-src 'none'; frame-ancestors 'none'; sandbox";

const epubAnswer = (description: string) => ({
  description,
  content: { 'application/epub+zip': { schema: z.string().describe('The bytes of an EPUB') } },
});

const described = (summary: string, parts: FastifySchema) => ({
  schema: { summary, tags, ...parts },
});

/** The upload's refusals, in the API's words. */
function uploadError(error: unknown, tooLarge: () => ApiError): unknown {
  const code = (error as FastifyError).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the EPUB as multipart/form-data');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError(400, 'VALIDATION', 'Send one file, in the field named file');
  }
  return error;
}

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
      await app.requireMember(request);
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
  const receiveEpub = async (request: FastifyRequest, reply: FastifyReply): Promise<Buffer> => {
    const inspector = new EpubInspector(maxBytes * 10);
    const chunks: Buffer[] = [];
    try {
      const part = await request.file();
      if (!part || part.fieldname !== 'file') {
        throw new ApiError(400, 'VALIDATION', 'Send the e-book in the field named file');
      }
      let sinceYield = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        if (inspector.refused) continue;
        chunks.push(chunk);
        inspector.push(chunk);
        sinceYield += chunk.length;
        if (sinceYield >= INSPECT_SLICE_BYTES) {
          sinceYield = 0;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      if (part.file.truncated) throw tooLarge();
    } catch (error) {
      const refusal = uploadError(error, tooLarge);
      // What is left of an oversize body is not read: the connection ends with the answer.
      if (refusal instanceof ApiError && refusal.statusCode === 413) {
        reply.header('connection', 'close');
      }
      throw refusal;
    }
    const verdict = inspector.verdict();
    if (!verdict.valid) throw invalidEbook(verdict.reason);
    return Buffer.concat(chunks);
  };

  // Librarians: the e-book edition of a book. Multipart is accepted here only.
  await app.register(async (librarians) => {
    await librarians.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 10 },
    });
    librarians.addHook('preHandler', librarians.requireLibrarian);

    librarians.put<WithId>(
      '/api/books/:id/ebook',
      {
        ...described(
          'Upload or replace the EPUB of a book (multipart/form-data, field file); checked before it is stored',
          { params: idParamsSchema, response: { 201: ebookEditionAnswerSchema } },
        ),
        preHandler: async (request, reply) => {
          // A declared size past the limit is refused before a byte of the body is read.
          if (Number(request.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES) {
            reply.header('connection', 'close');
            throw tooLarge();
          }
        },
      },
      async (request, reply) => {
        const bytes = await receiveEpub(request, reply);
        const ebook = await ebooks.upload(request.params.id, bytes, request.member.id);
        return reply.code(201).send({ ebook });
      },
    );

    librarians.patch<WithId>(
      '/api/books/:id/ebook',
      described("Change an e-book's access (open or lend) and its number of digital copies", {
        params: idParamsSchema,
        body: ebookPatchSchema,
        response: { 200: ebookEditionAnswerSchema },
      }),
      async (request) => ({
        ebook: await ebooks.change(request.params.id, parseInput(ebookPatchSchema, request.body)),
      }),
    );

    librarians.delete<WithId>(
      '/api/books/:id/ebook',
      described('Remove the e-book of a book; refused while it is lent', {
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      }),
      async (request) => {
        await ebooks.remove(request.params.id);
        return deleted;
      },
    );
  });

  app.get(
    '/api/ebooks',
    described('The books that have an e-book, newest first (public)', {
      querystring: ebookListQuerySchema,
      response: { 200: z.array(bookSchema) },
    }),
    async (request) => ebooks.list(parseInput(ebookListQuerySchema, request.query)),
  );

  app.get<WithBookId>(
    '/api/ebooks/:bookId/file',
    {
      ...described(
        'The EPUB, for whoever may read it: anyone for an open title, a member with a current e-loan for a lent one. Answers Range requests.',
        {
          params: bookIdParamsSchema,
          response: {
            200: epubAnswer('The whole EPUB'),
            206: epubAnswer('The requested range of the EPUB'),
            304: z.void().describe('The copy the reader has is current (open titles only)'),
          },
        },
      ),
      // Its caching is decided here: open titles may be kept and revalidated, lent ones never.
      config: { publicAnswer: true },
    },
    async (request, reply) => {
      const { bookId } = request.params;
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
        return reply
          .code(416)
          .header('content-range', `bytes */${facts.size}`)
          .send({ error: 'The requested range is outside the file', code: 'VALIDATION' });
      }
      const { start, end } = range ?? { start: 0, end: facts.size - 1 };
      const bytes = await ebookFileBytes(app.database.db, bookId, start, end - start + 1);
      if (!bytes) throw ebooks.refuse('EBOOK_NOT_FOUND');
      if (range) {
        reply.code(206).header('content-range', `bytes ${start}-${end}/${facts.size}`);
      }
      return reply.type('application/epub+zip').send(bytes);
    },
  );

  await app.register(async (members) => {
    members.addHook('preHandler', members.requireMember);

    members.get(
      '/api/ebooks/loans',
      described("The member's current e-loans, the soonest to end first", {
        response: { 200: z.array(ebookLoanListingSchema) },
      }),
      async (request) => ebooks.loans(request.member),
    );

    members.get(
      '/api/ebooks/waitlist',
      described("The member's places on e-book waiting lists", {
        response: { 200: z.array(ebookWaitSchema) },
      }),
      async (request) => ebooks.waits(request.member),
    );

    members.post<WithBookId>(
      '/api/ebooks/:bookId/loans',
      described('Borrow a digital copy; the e-loan ends by itself after EBOOK_LOAN_DAYS', {
        params: bookIdParamsSchema,
        response: { 201: ebookLoanAnswerSchema },
      }),
      async (request, reply) => {
        const loan = await ebooks.borrow(request.member, request.params.bookId);
        return reply.code(201).send({ loan });
      },
    );

    members.delete<WithId>(
      '/api/ebooks/loans/:id',
      described('Return an e-loan early; its copy goes to the first member waiting', {
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      }),
      async (request) => {
        await ebooks.giveBack(request.member, request.params.id);
        return deleted;
      },
    );

    members.post<WithBookId>(
      '/api/ebooks/:bookId/waitlist',
      described('Join the waiting list of a lent e-book whose copies are all out', {
        params: bookIdParamsSchema,
        response: { 201: waitlistPlacedSchema },
      }),
      async (request, reply) => {
        const placed = await ebooks.joinWaitlist(request.member, request.params.bookId);
        return reply.code(201).send(placed);
      },
    );

    members.delete<WithId>(
      '/api/ebooks/waitlist/:id',
      described('Leave a waiting list; a copy kept for the member passes to the next', {
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      }),
      async (request) => {
        await ebooks.leaveWaitlist(request.member, request.params.id);
        return deleted;
      },
    );

    members.get<WithBookId>(
      '/api/ebooks/:bookId/position',
      described('Where the member is in the e-book (null before they first read it)', {
        params: bookIdParamsSchema,
        response: { 200: readingPositionSchema },
      }),
      async (request) => ebooks.position(request.member, request.params.bookId),
    );

    members.put<WithBookId>(
      '/api/ebooks/:bookId/position',
      described('Keep where the member is in the e-book, for any of their devices', {
        params: bookIdParamsSchema,
        body: readingPositionInputSchema,
        response: { 200: readingPositionSchema },
      }),
      async (request) =>
        ebooks.keepPosition(
          request.member,
          request.params.bookId,
          parseInput(readingPositionInputSchema, request.body),
        ),
    );
  });
}
