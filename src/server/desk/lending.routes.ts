/**
 * HTTP of copies, library cards and lending at the desk (common/api/lending.endpoints.ts,
 * docs/product/desk.md). The rules live in circulation/.
 */
import type { FastifyInstance } from 'fastify';
import { lendingEndpoints } from '../../common/api/lending.endpoints.ts';
import { cardNumberOf } from '../members/cards.ts';
import { findCopies, findCopyByBarcode, listCopies, toCopy } from '../copies/copies.ts';
import { ApiError } from '../http-errors.ts';
import { serve } from '../api/serve.ts';
import { pageHeaders } from '../pagination.ts';

export async function lendingRoutes(app: FastifyInstance) {
  const { lending, holds, copies, deskViews, kernel } = app;
  const { db } = app.database;

  serve(app, lendingEndpoints, {
    myCard: async (request) => {
      const membership = await app.membership.of(request.member.id);
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
      if (!(await app.books.titleOf(params.id))) throw kernel.refuse('BOOK_NOT_FOUND');
      const offset = ((query.page ?? 1) - 1) * query.limit;
      const { copies, total } = await listCopies(db, params.id, { limit: query.limit, offset });
      pageHeaders(reply, `/api/books/${params.id}/copies`, query, copies.length, total);
      return deskViews.withBorrowers(copies);
    },
    copiesById: async (request) => {
      const found = await findCopies(db, request.query.ids);
      const books = new Map<string, { name: string; author: string } | undefined>();
      for (const bookId of new Set(found.map((copy) => copy.bookId)))
        books.set(bookId, await app.books.titleOf(bookId));
      return found.flatMap((copy) => {
        const book = books.get(copy.bookId);
        return book ? [{ ...copy, title: book.name, author: book.author }] : [];
      });
    },
    addCopy: async (request) => {
      const copy = await copies.add(request.params.id, request.body);
      if (!copy) throw kernel.refuse('BOOK_NOT_FOUND');
      return { copy };
    },
    updateCopy: async (request) => {
      const copy = await copies.update(request.params.id, request.body);
      if (!copy) throw new ApiError(404, 'COPY_NOT_FOUND', 'No copy has this id.');
      return copy;
    },
    copyByBarcode: async (request) => {
      const copy = await findCopyByBarcode(db, request.params.barcode);
      if (!copy) throw kernel.refuse('COPY_NOT_FOUND');
      const book = await app.books.titleOf(copy.bookId);
      if (!book) throw kernel.refuse('COPY_NOT_FOUND');
      return {
        copy: toCopy(copy),
        book,
        loan: await deskViews.loanOfCopy(copy.id),
      };
    },
    deskCard: async (request) => deskViews.card(request.params.cardNumber),
    deskCheckout: async (request) => {
      const { cardNumber, barcode } = request.body;
      const insertedId = await lending.deskCheckout(cardNumber, barcode);
      return {
        acknowledged: true as const,
        insertedId,
        loan: await deskViews.loan(insertedId),
      };
    },
    deskCheckin: async (request) => lending.deskCheckin(request.body.barcode),
    markLost: async (request) => lending.markLost(request.params.id),
    deskCancelHold: async (request) => {
      await holds.deskCancel(request.params.id);
      return { acknowledged: true as const, deletedCount: 1 as const };
    },
  });
}
