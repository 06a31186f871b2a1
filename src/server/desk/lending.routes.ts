/**
 * HTTP of copies, library cards and lending at the desk (common/api/lending.endpoints.ts,
 * docs/product/desk.md). The rules live in circulation.service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { lendingEndpoints } from '../../common/api/lending.endpoints.ts';
import { cardNumberOf } from '../members/cards.repository.ts';
import { findCopyByBarcode, listCopies, toCopy } from '../copies/copies.repository.ts';
import { findBookById } from '../books/books.repository.ts';
import { ApiError } from '../http-errors.ts';
import { serve } from '../api/serve.ts';
import { pageHeaders } from '../pagination.ts';

const bookNotFound = () => new ApiError(404, 'BOOK_NOT_FOUND', 'The selected book does not exist.');
const copyNotFound = () => new ApiError(404, 'COPY_NOT_FOUND', 'No copy has this barcode.');

export async function lendingRoutes(app: FastifyInstance) {
  const { circulation } = app;
  const { db } = app.database;

  serve(app, lendingEndpoints, {
    myCard: async (request) => {
      const membership = await app.fines.membership(request.member.id);
      if (!membership) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue');
      return {
        cardNumber: await cardNumberOf(db, app.clock, request.member.id),
        name: request.member.name,
        memberSince: membership.memberSince,
        expiresOn: membership.expiresOn,
      };
    },
    bookCopies: async (request, reply) => {
      const { params, query } = request;
      if (!(await findBookById(db, params.id))) throw bookNotFound();
      const offset = ((query.page ?? 1) - 1) * query.limit;
      const { copies, total } = await listCopies(db, params.id, { limit: query.limit, offset });
      pageHeaders(reply, `/api/books/${params.id}/copies`, query, copies.length, total);
      return copies;
    },
    addCopy: async (request) => {
      const copy = await circulation.addCopy(request.params.id, request.body);
      if (!copy) throw bookNotFound();
      return { copy };
    },
    updateCopy: async (request) => {
      const copy = await circulation.updateCopy(request.params.id, request.body);
      if (!copy) throw new ApiError(404, 'COPY_NOT_FOUND', 'No copy has this id.');
      return copy;
    },
    copyByBarcode: async (request) => {
      const copy = await findCopyByBarcode(db, request.params.barcode);
      if (!copy) throw copyNotFound();
      const book = await findBookById(db, copy.bookId);
      if (!book) throw copyNotFound();
      return {
        copy: toCopy(copy),
        book: { _id: book.id, name: book.name, author: book.author },
        loan: await circulation.currentLoanOfCopy(copy.id),
      };
    },
    deskCard: async (request) => circulation.deskCard(request.params.cardNumber),
    deskCheckout: async (request) => {
      const { cardNumber, barcode } = request.body;
      const insertedId = await circulation.deskCheckout(cardNumber, barcode);
      return {
        acknowledged: true as const,
        insertedId,
        loan: await circulation.deskCheckoutLoan(insertedId),
      };
    },
    deskCheckin: async (request) => circulation.deskCheckin(request.body.barcode),
    markLost: async (request) => circulation.markLost(request.params.id),
    deskCancelHold: async (request) => {
      await circulation.deskCancelHold(request.params.id);
      return { acknowledged: true as const, deletedCount: 1 as const };
    },
  });
}
