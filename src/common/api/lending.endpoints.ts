/**
 * Copies, library cards and lending at the desk: librarians only, but for a member's own card.
 * The rules live in server/circulation/circulation.service.ts.
 */
import { z } from 'zod';
import {
  barcodeParamsSchema,
  bookCopySchema,
  cardNumberParamsSchema,
  copiesByIdQuerySchema,
  checkinResultSchema,
  checkoutResultSchema,
  copyCreateSchema,
  copyCreatedSchema,
  copyLookupSchema,
  copySchema,
  copyUpdateSchema,
  deskCardSchema,
  labelCopySchema,
  deskCheckinSchema,
  deskCheckoutSchema,
  libraryCardSchema,
  lostResultSchema,
} from '../copies.ts';
import { copiesQuerySchema, deleteResultSchema, idParamsSchema } from '../schemas.ts';
import { endpoint } from './endpoint.ts';

const copies = 'Copies';
const desk = 'Desk';
const access = 'librarian';

export const lendingEndpoints = {
  myCard: endpoint({
    method: 'GET',
    path: '/api/card',
    summary: "The member's own library card",
    tag: 'Library card',
    access: 'member',
    answer: libraryCardSchema,
  }),
  bookCopies: endpoint({
    method: 'GET',
    path: '/api/books/:id/copies',
    summary:
      "A book's copies, in the order they were added; X-Total-Count and a Link to the next page",
    tag: copies,
    access,
    params: idParamsSchema,
    query: copiesQuerySchema,
    answer: z.array(bookCopySchema),
  }),
  copiesById: endpoint({
    method: 'GET',
    path: '/api/copies',
    summary:
      'The copies named by id (ids=a,b,c; at most 100), with their titles, for a labels page; unknown ids are left out',
    tag: copies,
    access,
    query: copiesByIdQuerySchema,
    answer: z.array(labelCopySchema),
  }),
  addCopy: endpoint({
    method: 'POST',
    path: '/api/books/:id/copies',
    summary: 'Add a copy, with its barcode or a new one; it serves the holds queue first',
    tag: copies,
    access,
    params: idParamsSchema,
    body: copyCreateSchema,
    status: 201,
    answer: copyCreatedSchema,
  }),
  updateCopy: endpoint({
    method: 'PATCH',
    path: '/api/copies/:id',
    summary: "Change a copy's status, shelf mark or note",
    tag: copies,
    access,
    params: idParamsSchema,
    body: copyUpdateSchema,
    answer: copySchema,
  }),
  copyByBarcode: endpoint({
    method: 'GET',
    path: '/api/copies/by-barcode/:barcode',
    summary: 'The copy with this barcode, its book and its current loan',
    tag: copies,
    access,
    params: barcodeParamsSchema,
    answer: copyLookupSchema,
  }),
  deskCard: endpoint({
    method: 'GET',
    path: '/api/desk/cards/:cardNumber',
    summary: 'The member a card belongs to, with their loans and holds',
    tag: desk,
    access,
    params: cardNumberParamsSchema,
    answer: deskCardSchema,
  }),
  deskCheckout: endpoint({
    method: 'POST',
    path: '/api/desk/checkout',
    summary: 'Lend a scanned copy to the member whose card was scanned',
    tag: desk,
    access,
    body: deskCheckoutSchema,
    status: 201,
    answer: checkoutResultSchema,
  }),
  deskCheckin: endpoint({
    method: 'POST',
    path: '/api/desk/checkin',
    summary: 'Check a scanned copy in; say when it now waits for a hold',
    tag: desk,
    access,
    body: deskCheckinSchema,
    answer: checkinResultSchema,
  }),
  markLost: endpoint({
    method: 'POST',
    path: '/api/desk/loans/:id/lost',
    summary: 'Mark the copy of a current loan lost: the loan closes, the member is charged for it',
    tag: desk,
    access,
    params: idParamsSchema,
    answer: lostResultSchema,
  }),
  deskCancelHold: endpoint({
    method: 'DELETE',
    path: '/api/desk/holds/:id',
    summary: "Cancel a member's hold; the member is told by mail",
    tag: desk,
    access,
    params: idParamsSchema,
    answer: deleteResultSchema,
  }),
};
