/**
 * Circulation: a member's loans, renewals, history and holds, and the rules in force. Who borrows,
 * renews or holds always comes from the session, never from the body.
 */
import { z } from 'zod';
import {
  borrowCheckQuerySchema,
  borrowCheckSchema,
  circulationRulesSchema,
  deleteResultSchema,
  historyQuerySchema,
  holdCreateSchema,
  holdPlacedSchema,
  holdSchema,
  idParamsSchema,
  borrowResultSchema,
  loanCreateSchema,
  loanSchema,
  loansQuerySchema,
} from '../schemas.ts';
import { endpoint } from './endpoint.ts';

const loans = 'Circulation';
const holds = 'Holds';

export const circulationEndpoints = {
  circulationRules: endpoint({
    method: 'GET',
    path: '/api/circulation/rules',
    summary: "The loan rules in force and the library's today (public)",
    tag: loans,
    access: 'visitor',
    answer: circulationRulesSchema,
  }),
  borrowCheck: endpoint({
    method: 'GET',
    path: '/api/borrowedBooks/check',
    summary: 'Whether the member may borrow the book now, and why not',
    tag: loans,
    access: 'member',
    query: borrowCheckQuerySchema,
    answer: borrowCheckSchema,
  }),
  currentLoans: endpoint({
    method: 'GET',
    path: '/api/borrowedBooks',
    summary: "The member's current loans, newest first",
    tag: loans,
    access: 'member',
    query: loansQuerySchema,
    answer: z.array(loanSchema),
  }),
  loanHistory: endpoint({
    method: 'GET',
    path: '/api/borrowedBooks/history',
    summary: "The member's returned loans, newest return first, paged like books",
    tag: loans,
    access: 'member',
    query: historyQuerySchema,
    answer: z.array(loanSchema),
  }),
  borrow: endpoint({
    method: 'POST',
    path: '/api/borrowedBooks',
    summary:
      'Borrow a book: one copy leaves the shelf (RETURNS=desk: it is set aside for pickup at the desk)',
    tag: loans,
    access: 'member',
    body: loanCreateSchema,
    status: 201,
    answer: borrowResultSchema,
  }),
  returnLoan: endpoint({
    method: 'DELETE',
    path: '/api/borrowedBooks/:id',
    summary: 'Return a loan; the copy serves the holds queue first',
    tag: loans,
    access: 'member',
    params: idParamsSchema,
    answer: deleteResultSchema,
  }),
  renewLoan: endpoint({
    method: 'POST',
    path: '/api/borrowedBooks/:id/renew',
    summary: 'Renew a loan by one loan period',
    tag: loans,
    access: 'member',
    params: idParamsSchema,
    answer: loanSchema,
  }),
  listHolds: endpoint({
    method: 'GET',
    path: '/api/holds',
    summary: "The member's holds",
    tag: holds,
    access: 'member',
    answer: z.array(holdSchema),
  }),
  placeHold: endpoint({
    method: 'POST',
    path: '/api/holds',
    summary: 'Place a hold on a book with no copy on the shelf',
    tag: holds,
    access: 'member',
    body: holdCreateSchema,
    status: 201,
    answer: holdPlacedSchema,
  }),
  cancelHold: endpoint({
    method: 'DELETE',
    path: '/api/holds/:id',
    summary: 'Cancel a hold',
    tag: holds,
    access: 'member',
    params: idParamsSchema,
    answer: deleteResultSchema,
  }),
};
