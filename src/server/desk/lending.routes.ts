/**
 * HTTP of copies, library cards and lending at the desk (docs/product/desk.md). The desk's
 * routes are for librarians only (401 signed out, 403 for members); `GET /api/card` is every
 * member's own card. The rules live in circulation.service.ts.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  barcodeParamsSchema,
  cardNumberParamsSchema,
  checkinResultSchema,
  checkoutResultSchema,
  copyCreateSchema,
  copyCreatedSchema,
  copyLookupSchema,
  copySchema,
  copyUpdateSchema,
  deskCardSchema,
  deskCheckinSchema,
  deskCheckoutSchema,
  libraryCardSchema,
  lostResultSchema,
  type CheckinResult,
  type CheckoutResult,
} from '../../common/copies.ts';
import { deleteResultSchema, idParamsSchema } from '../../common/schemas.ts';
import { cardNumberOf } from '../cards/cards.repository.ts';
import { findCopyByBarcode, listCopies, toCopy } from '../copies/copies.repository.ts';
import { findBookById } from '../books/books.repository.ts';
import { ApiError, parseInput } from '../http-errors.ts';
import { languageOf, mailTextsIn } from '../mail/mail-texts.ts';

type WithId = { Params: { id: string } };

const described = (summary: string, tags: string[], parts: FastifySchema) => ({
  schema: { summary, tags, ...parts },
});
const copies = ['Copies'];
const desk = ['Desk'];

const bookNotFound = () => new ApiError(404, 'BOOK_NOT_FOUND', 'The selected book does not exist.');
const copyNotFound = () => new ApiError(404, 'COPY_NOT_FOUND', 'No copy has this barcode.');

export async function lendingRoutes(
  app: FastifyInstance,
  options: { publicUrl: string; appName: string },
) {
  const { circulation } = app;
  const { db } = app.database;

  app.get(
    '/api/card',
    {
      preHandler: app.requireMember,
      ...described("The member's own library card", ['Library card'], {
        response: { 200: libraryCardSchema },
      }),
    },
    async (request) => {
      const membership = await app.fines.membership(request.member.id);
      if (!membership) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue');
      return {
        cardNumber: await cardNumberOf(db, request.member.id),
        name: request.member.name,
        memberSince: membership.memberSince,
        expiresOn: membership.expiresOn,
      };
    },
  );

  await app.register(async (librarians) => {
    librarians.addHook('onRequest', librarians.requireLibrarian);

    librarians.get<WithId>(
      '/api/books/:id/copies',
      described("A book's copies, in the order they were added", copies, {
        params: idParamsSchema,
        response: { 200: z.array(copySchema) },
      }),
      async (request) => {
        if (!(await findBookById(db, request.params.id))) throw bookNotFound();
        return listCopies(db, request.params.id);
      },
    );

    librarians.post<WithId>(
      '/api/books/:id/copies',
      described(
        'Add a copy, with its barcode or a new one; it serves the holds queue first',
        copies,
        {
          params: idParamsSchema,
          body: copyCreateSchema,
          response: { 201: copyCreatedSchema },
        },
      ),
      async (request, reply) => {
        const fields = parseInput(copyCreateSchema, request.body);
        const copy = await circulation.addCopy(request.params.id, fields);
        if (!copy) throw bookNotFound();
        return reply.code(201).send({ copy });
      },
    );

    librarians.patch<WithId>(
      '/api/copies/:id',
      described("Change a copy's status, shelf mark or note", copies, {
        params: idParamsSchema,
        body: copyUpdateSchema,
        response: { 200: copySchema },
      }),
      async (request) => {
        const changes = parseInput(copyUpdateSchema, request.body);
        const copy = await circulation.updateCopy(request.params.id, changes);
        if (!copy) throw new ApiError(404, 'COPY_NOT_FOUND', 'No copy has this id.');
        return copy;
      },
    );

    librarians.get<{ Params: { barcode: string } }>(
      '/api/copies/by-barcode/:barcode',
      described('The copy with this barcode, its book and its current loan', copies, {
        params: barcodeParamsSchema,
        response: { 200: copyLookupSchema },
      }),
      async (request) => {
        const { barcode } = parseInput(barcodeParamsSchema, request.params);
        const copy = await findCopyByBarcode(db, barcode);
        if (!copy) throw copyNotFound();
        const book = await findBookById(db, copy.bookId);
        if (!book) throw copyNotFound();
        return {
          copy: toCopy(copy),
          book: { _id: book.id, name: book.name, author: book.author },
          loan: await circulation.currentLoanOfCopy(copy.id),
        };
      },
    );

    librarians.get<{ Params: { cardNumber: string } }>(
      '/api/desk/cards/:cardNumber',
      described('The member a card belongs to, with their loans and holds', desk, {
        params: cardNumberParamsSchema,
        response: { 200: deskCardSchema },
      }),
      async (request) => {
        const { cardNumber } = parseInput(cardNumberParamsSchema, request.params);
        return circulation.deskCard(cardNumber);
      },
    );

    librarians.post(
      '/api/desk/checkout',
      described('Lend a scanned copy to the member whose card was scanned', desk, {
        body: deskCheckoutSchema,
        response: { 201: checkoutResultSchema },
      }),
      async (request, reply) => {
        const { cardNumber, barcode } = parseInput(deskCheckoutSchema, request.body);
        const insertedId = await circulation.deskCheckout(cardNumber, barcode);
        const result: CheckoutResult = {
          acknowledged: true,
          insertedId,
          loan: await circulation.deskCheckoutLoan(insertedId),
        };
        return reply.code(201).send(result);
      },
    );

    librarians.post(
      '/api/desk/checkin',
      described('Check a scanned copy in; say when it now waits for a hold', desk, {
        body: deskCheckinSchema,
        response: { 200: checkinResultSchema },
      }),
      async (request) => {
        const { barcode } = parseInput(deskCheckinSchema, request.body);
        const result: CheckinResult = await circulation.deskCheckin(barcode);
        return result;
      },
    );

    librarians.post<WithId>(
      '/api/desk/loans/:id/lost',
      described(
        'Mark the copy of a current loan lost: the loan closes, the member is charged for it',
        desk,
        { params: idParamsSchema, response: { 200: lostResultSchema } },
      ),
      async (request) => circulation.markLost(request.params.id),
    );

    librarians.delete<WithId>(
      '/api/desk/holds/:id',
      described("Cancel a member's hold; the member is told by mail", desk, {
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      }),
      async (request) => {
        const hold = await circulation.deskCancelHold(request.params.id);
        const member = await db
          .selectFrom('user')
          .select(['name', 'lang'])
          .where('id', '=', hold.userId)
          .executeTakeFirst();
        const { publicUrl, appName } = options;
        // Not awaited: the hold is cancelled whether or not the mail server answers now.
        void app.mailer.send(
          hold.userEmail,
          mailTextsIn(languageOf(member ?? {})).holdCancelled({
            name: member?.name ?? hold.userName,
            book: hold.bookName,
            url: `${publicUrl}/books/${hold.bookId}`,
            appName,
          }),
        );
        return { acknowledged: true, deletedCount: 1 };
      },
    );
  });
}
