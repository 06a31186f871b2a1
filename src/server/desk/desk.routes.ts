/**
 * HTTP of the circulation desk (common/api/desk.endpoints.ts). Check-in and renewal run the very
 * transactions of a member's own return and renewal (circulation/lending.service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { deskEndpoints, IMPORT_LIMIT_BYTES } from '../../common/api/desk.endpoints.ts';
import { bookSchemas } from '../../common/schemas.ts';
import type { DeskMember } from '../../common/types.ts';
import { ApiError } from '../http-errors.ts';
import { changeMember, countMembers, listMembers } from '../members/members.ts';
import { pageHeaders } from '../pagination.ts';
import { serve } from '../api/serve.ts';
import { catalogueCsv } from './catalogue-csv.ts';
import { importCatalogue } from './catalogue-import.ts';
import { booksForExport } from './catalogue.repository.ts';
import { validationMessagesOf } from '../request-language.ts';

export async function deskRoutes(app: FastifyInstance) {
  const { lending, holds, deskViews, kernel } = app;
  const { db } = app.database;

  await app.register(async (desk) => {
    desk.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: IMPORT_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );

    serve(desk, deskEndpoints, {
      deskLoans: async (request, reply) => {
        const { query } = request;
        const offset = ((query.page ?? 1) - 1) * query.limit;
        const { loans, total } = await deskViews.loans({
          status: query.status,
          q: query.q || undefined,
          limit: query.limit,
          offset,
        });
        pageHeaders(reply, '/api/desk/loans', query, loans.length, total);
        return loans;
      },
      deskReturn: async (request) => {
        await lending.deskReturn(request.params.id);
        return { acknowledged: true as const, deletedCount: 1 as const };
      },
      deskRenew: async (request) => lending.deskRenew(request.params.id),
      deskHolds: async () => holds.all(),
      deskMembers: async (request, reply) => {
        const { query } = request;
        const q = query.q || undefined;
        const [members, total] = await Promise.all([
          listMembers(db, {
            q,
            today: app.clock.today(),
            limit: query.limit,
            offset: ((query.page ?? 1) - 1) * query.limit,
          }),
          countMembers(db, q),
        ]);
        pageHeaders(reply, '/api/desk/members', query, members.length, total);
        return members;
      },
      updateMember: async (request) => {
        const outcome = await changeMember(db, request.member.id, request.params.id, request.body);
        if (outcome === 'notFound')
          throw new ApiError(404, 'MEMBER_NOT_FOUND', 'No member has this id');
        if (outcome === 'selfChange')
          throw new ApiError(
            409,
            'SELF_CHANGE',
            'You cannot revoke your own role or block yourself: ask another librarian.',
          );
        if (outcome === 'lastLibrarian') throw kernel.refuse('LAST_LIBRARIAN');
        const today = app.clock.today();
        const found = await listMembers(db, { today, limit: 1, offset: 0, id: request.params.id });
        return found[0] as DeskMember;
      },
      deskStats: async () => deskViews.stats(),
      exportCatalogue: async (_request, reply) => {
        const csv = catalogueCsv(await booksForExport(db));
        reply.header('Content-Type', 'text/csv; charset=utf-8');
        reply.header('Content-Disposition', 'attachment; filename="catalogue.csv"');
        return csv;
      },
      importCatalogue: async (request) => {
        // The body is text/csv, read by the parser above; the table describes JSON bodies only.
        const body: unknown = request.body;
        if (typeof body !== 'string')
          throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the catalogue as text/csv');
        // One year for the whole file: reading the library's calendar for each of 10,000 rows took
        // longer than checking them.
        const thisYear = Number(app.clock.today().slice(0, 4));
        // The report is shown on the desk's page as written: in the page's language.
        const messages = validationMessagesOf(request);
        const { row } = bookSchemas(() => thisYear, messages);
        const categories = (await app.categories.list()).map((category) => category.name);
        const imported = await importCatalogue(
          db,
          row,
          body,
          app.clock.now(),
          messages,
          categories,
          app.kernel.refuse,
        );
        return { imported };
      },
    });
  });
}
