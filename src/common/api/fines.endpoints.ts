/**
 * Fines and membership: a member's own ledger and membership, and what the desk takes
 * (payments, waivers, membership renewals, receipts).
 */
import {
  fineEntryCreatedSchema,
  finesSchema,
  idParamsSchema,
  membershipRenewedSchema,
  membershipSchema,
  paymentCreateSchema,
  waiverCreateSchema,
} from '../schemas.ts';
import { fineReceiptSchema } from '../receipt-schemas.ts';
import { endpoint } from './endpoint.ts';

const fines = 'Fines';
const desk = 'Desk';

export const finesEndpoints = {
  myFines: endpoint({
    method: 'GET',
    path: '/api/fines',
    summary: "The member's balance, what overdue loans are accruing, and the ledger",
    tag: fines,
    access: 'member',
    answer: finesSchema,
  }),
  myMembership: endpoint({
    method: 'GET',
    path: '/api/membership',
    summary: "The member's membership: since when, until when; null for a visitor",
    tag: fines,
    // The Join Us page asks it for everyone; a visitor has none (null), not a 401.
    access: 'visitor',
    answer: membershipSchema.nullable(),
  }),
  takePayment: endpoint({
    method: 'POST',
    path: '/api/desk/members/:id/payments',
    summary: "Take a payment: whole taka from 1 to the member's balance",
    tag: desk,
    access: 'librarian',
    params: idParamsSchema,
    body: paymentCreateSchema,
    status: 201,
    answer: fineEntryCreatedSchema,
  }),
  waive: endpoint({
    method: 'POST',
    path: '/api/desk/members/:id/waivers',
    summary: "Waive part or all of the member's balance, saying why",
    tag: desk,
    access: 'librarian',
    params: idParamsSchema,
    body: waiverCreateSchema,
    status: 201,
    answer: fineEntryCreatedSchema,
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/api/desk/receipts/:id',
    summary: 'A receipt of a ledger entry: the entry, whose it is, the balance now',
    tag: desk,
    access: 'librarian',
    params: idParamsSchema,
    answer: fineReceiptSchema,
  }),
  renewMembership: endpoint({
    method: 'POST',
    path: '/api/desk/members/:id/membership',
    summary: 'Renew a membership by MEMBERSHIP_MONTHS from the later of today and its end',
    tag: desk,
    access: 'librarian',
    params: idParamsSchema,
    answer: membershipRenewedSchema,
  }),
};
