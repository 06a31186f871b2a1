/**
 * The circulation desk: librarians only (401 signed out, 403 for members), checked against the
 * database on every request, before a byte of the body is read.
 */
import { z } from 'zod';
import {
  deleteResultSchema,
  deskHoldSchema,
  deskLoansQuerySchema,
  deskMemberSchema,
  deskMembersQuerySchema,
  deskStatsSchema,
  idParamsSchema,
  loanSchema,
  memberUpdateSchema,
} from '../schemas.ts';
import { endpoint } from './endpoint.ts';

/** The largest catalogue file an import takes: 10,000 rows fit easily. */
export const IMPORT_LIMIT_BYTES = 10 * 1024 * 1024;

const tag = 'Desk';
const access = 'librarian';

export const deskEndpoints = {
  deskLoans: endpoint({
    method: 'GET',
    path: '/api/desk/loans',
    summary: "Every member's loans, with the member's name and e-mail, paged by number",
    tag,
    access,
    query: deskLoansQuerySchema,
    answer: z.array(loanSchema),
  }),
  deskReturn: endpoint({
    method: 'POST',
    path: '/api/desk/loans/:id/return',
    summary: "Check a loan in: the same transaction as a member's return",
    tag,
    access,
    params: idParamsSchema,
    answer: deleteResultSchema,
  }),
  deskRenew: endpoint({
    method: 'POST',
    path: '/api/desk/loans/:id/renew',
    summary: 'Renew a loan for its member',
    tag,
    access,
    params: idParamsSchema,
    answer: loanSchema,
  }),
  deskHolds: endpoint({
    method: 'GET',
    path: '/api/desk/holds',
    summary: "Every member's holds",
    tag,
    access,
    answer: z.array(deskHoldSchema),
  }),
  deskMembers: endpoint({
    method: 'GET',
    path: '/api/desk/members',
    summary: 'Find members by name or e-mail, paged by number',
    tag,
    access,
    query: deskMembersQuerySchema,
    answer: z.array(deskMemberSchema),
  }),
  updateMember: endpoint({
    method: 'PATCH',
    path: '/api/desk/members/:id',
    summary: 'Grant or revoke the librarian role; block or unblock',
    tag,
    access,
    params: idParamsSchema,
    body: memberUpdateSchema,
    answer: deskMemberSchema,
  }),
  deskStats: endpoint({
    method: 'GET',
    path: '/api/desk/stats',
    summary: 'The library at a glance',
    tag,
    access,
    answer: deskStatsSchema,
  }),
  exportCatalogue: endpoint({
    method: 'GET',
    path: '/api/desk/books.csv',
    summary: 'The catalogue as UTF-8 CSV with a header row, for a spreadsheet',
    tag,
    access,
    answer: { mediaType: 'text/csv', schema: z.string() },
  }),
  importCatalogue: endpoint({
    method: 'POST',
    path: '/api/desk/books/import',
    summary: "Add every book of a text/csv file with the export's header, or none",
    tag,
    access,
    answer: z.object({ imported: z.number().int() }),
    bodyLimit: IMPORT_LIMIT_BYTES,
  }),
};
