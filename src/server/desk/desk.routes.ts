/**
 * HTTP of the circulation desk (DECISIONS.md §10): librarians only (401 signed out, 403 for
 * members), checked against the database on every request. Check-in and renewal run the very
 * transactions of a member's own return and renewal (circulation.service.ts).
 */
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  bookSchemas,
  deleteResultSchema,
  deskHoldSchema,
  deskLoansQuerySchema,
  deskMemberSchema,
  deskMembersQuerySchema,
  deskStatsSchema,
  idParamsSchema,
  loanSchema,
  memberUpdateSchema,
} from '../../common/schemas.ts';
import type { DeskMember } from '../../common/types.ts';
import { ApiError, parseInput } from '../http-errors.ts';
import { countMembers, listMembers, updateMember } from '../members/members.repository.ts';
import { nextPageLink } from '../pagination.ts';
import { catalogueCsv } from './catalogue-csv.ts';
import { importCatalogue } from './catalogue-import.ts';
import { booksForExport } from './catalogue.repository.ts';
import { validationMessagesOf } from '../request-language.ts';

/** The largest catalogue file an import takes (DECISIONS.md §10): 10,000 rows fit easily. */
export const IMPORT_LIMIT_BYTES = 10 * 1024 * 1024;

type WithId = { Params: { id: string } };

/** A desk route's schema: librarians only (401 signed out, 403 for members). */
const described = (summary: string, parts: FastifySchema) => ({
  schema: { summary, tags: ['Desk'], ...parts },
});

/** X-Total-Count and, when there is more, a Link to the next page: like the catalogue's lists. */
function pageHeaders(
  reply: FastifyReply,
  path: string,
  query: Record<string, unknown> & { page?: number; limit: number },
  shown: number,
  total: number,
) {
  const page = query.page ?? 1;
  reply.header('X-Total-Count', String(total));
  if ((page - 1) * query.limit + shown < total)
    reply.header('Link', nextPageLink(path, query, { page: String(page + 1) }));
}

export async function deskRoutes(app: FastifyInstance) {
  const { circulation } = app;
  const { db } = app.database;

  await app.register(async (desk) => {
    // Before the body is read: nobody but a librarian gets to send the desk 10 MB.
    desk.addHook('onRequest', desk.requireLibrarian);
    desk.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: IMPORT_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );

    desk.get(
      '/api/desk/loans',
      described("Every member's loans, with the member's name and e-mail, paged by number", {
        querystring: deskLoansQuerySchema,
        response: { 200: z.array(loanSchema) },
      }),
      async (request, reply) => {
        const query = parseInput(deskLoansQuerySchema, request.query);
        const offset = ((query.page ?? 1) - 1) * query.limit;
        const { loans, total } = await circulation.deskLoans({
          status: query.status,
          q: query.q || undefined,
          limit: query.limit,
          offset,
        });
        pageHeaders(reply, '/api/desk/loans', query, loans.length, total);
        return loans;
      },
    );

    desk.post<WithId>(
      '/api/desk/loans/:id/return',
      described("Check a loan in: the same transaction as a member's return", {
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      }),
      async (request) => {
        await circulation.deskReturn(request.params.id);
        return { acknowledged: true, deletedCount: 1 };
      },
    );

    desk.post<WithId>(
      '/api/desk/loans/:id/renew',
      described('Renew a loan for its member', {
        params: idParamsSchema,
        response: { 200: loanSchema },
      }),
      async (request) => circulation.deskRenew(request.params.id),
    );

    desk.get(
      '/api/desk/holds',
      described("Every member's holds", { response: { 200: z.array(deskHoldSchema) } }),
      async () => circulation.allHolds(),
    );

    desk.get(
      '/api/desk/members',
      described('Find members by name or e-mail, paged by number', {
        querystring: deskMembersQuerySchema,
        response: { 200: z.array(deskMemberSchema) },
      }),
      async (request, reply) => {
        const query = parseInput(deskMembersQuerySchema, request.query);
        const q = query.q || undefined;
        const [members, total] = await Promise.all([
          listMembers(db, {
            q,
            today: circulation.rules().today,
            limit: query.limit,
            offset: ((query.page ?? 1) - 1) * query.limit,
          }),
          countMembers(db, q),
        ]);
        pageHeaders(reply, '/api/desk/members', query, members.length, total);
        return members;
      },
    );

    desk.patch<WithId>(
      '/api/desk/members/:id',
      described('Grant or revoke the librarian role; block or unblock', {
        params: idParamsSchema,
        body: memberUpdateSchema,
        response: { 200: deskMemberSchema },
      }),
      async (request) => {
        const changes = parseInput(memberUpdateSchema, request.body);
        if (!(await updateMember(db, request.params.id, changes)))
          throw new ApiError(404, 'MEMBER_NOT_FOUND', 'No member has this id');
        const today = circulation.rules().today;
        const found = await listMembers(db, { today, limit: 1, offset: 0, id: request.params.id });
        return found[0] as DeskMember;
      },
    );

    desk.get(
      '/api/desk/stats',
      described('The library at a glance', { response: { 200: deskStatsSchema } }),
      async () => circulation.stats(),
    );

    desk.get(
      '/api/desk/books.csv',
      described('The catalogue as UTF-8 CSV with a header row, for a spreadsheet', {
        response: { 200: { content: { 'text/csv': { schema: z.string() } } } },
      }),
      async (_request, reply) => {
        const csv = catalogueCsv(await booksForExport(db));
        reply.header('Content-Type', 'text/csv; charset=utf-8');
        reply.header('Content-Disposition', 'attachment; filename="catalogue.csv"');
        return csv;
      },
    );

    desk.post(
      '/api/desk/books/import',
      {
        bodyLimit: IMPORT_LIMIT_BYTES,
        // The body is text/csv, read by the parser above; the zod provider describes JSON bodies only.
        ...described("Add every book of a text/csv file with the export's header, or none", {
          response: { 200: z.object({ imported: z.number().int() }) },
        }),
      },
      async (request) => {
        if (typeof request.body !== 'string')
          throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the catalogue as text/csv');
        // One year for the whole file: reading the library's calendar for each of 10,000 rows took
        // longer than checking them.
        const thisYear = Number(circulation.rules().today.slice(0, 4));
        // The report is shown on the desk's page as written: in the page's language.
        const messages = validationMessagesOf(request);
        const { row } = bookSchemas(() => thisYear, messages);
        const offered = await app.categoryOptions.list();
        const imported = await importCatalogue(
          db,
          row,
          request.body,
          new Date(),
          messages,
          offered,
        );
        return { imported };
      },
    );
  });
}
