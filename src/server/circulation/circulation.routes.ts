/**
 * HTTP for circulation: a member's loans, renewals, history and holds, and the rules in force.
 * Who borrows, renews or holds always comes from the session, never from the body.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
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
  insertResultSchema,
  loanCreateSchema,
  loanSchema,
  loansQuerySchema,
} from '../../common/schemas.ts';
import type { DeleteResult, HoldPlaced, InsertResult } from '../../common/types.ts';
import { ApiError, parseInput } from '../http-errors.ts';
import { decodeCursor, encodeCursor, nextPageLink } from '../pagination.ts';

type WithId = { Params: { id: string } };

const deleted: DeleteResult = { acknowledged: true, deletedCount: 1 };

const loans = ['Circulation'];
const holds = ['Holds'];

/** A route's schema: what it is for, its tag, and its parts (all signed in but the rules). */
const described = (summary: string, tags: string[], parts: FastifySchema) => ({
  schema: { summary, tags, ...parts },
});

export async function circulationRoutes(app: FastifyInstance) {
  const { circulation } = app;

  // Public: the Borrow form and the details page read the loan period and the library's today.
  app.get(
    '/api/circulation/rules',
    described("The loan rules in force and the library's today (public)", loans, {
      response: { 200: circulationRulesSchema },
    }),
    async () => circulation.rules(),
  );

  await app.register(async (members) => {
    members.addHook('preHandler', members.requireMember);

    members.get(
      '/api/borrowedBooks/check',
      described('Whether the member may borrow the book now, and why not', loans, {
        querystring: borrowCheckQuerySchema,
        response: { 200: borrowCheckSchema },
      }),
      async (request) => {
        const { bookId } = parseInput(borrowCheckQuerySchema, request.query);
        return circulation.check(request.member, bookId);
      },
    );

    members.get(
      '/api/borrowedBooks',
      described("The member's current loans, newest first", loans, {
        querystring: loansQuerySchema,
        response: { 200: z.array(loanSchema) },
      }),
      async (request) => {
        const { email } = parseInput(loansQuerySchema, request.query);
        if (email !== undefined && email.toLowerCase() !== request.member.email.toLowerCase()) {
          throw new ApiError(403, 'FORBIDDEN', 'You can only see your own borrowed books');
        }
        return circulation.currentLoans(request.member);
      },
    );

    members.get(
      '/api/borrowedBooks/history',
      described("The member's returned loans, newest return first, paged like books", loans, {
        querystring: historyQuerySchema,
        response: { 200: z.array(loanSchema) },
      }),
      async (request, reply) => {
        const query = parseInput(historyQuerySchema, request.query);
        const position = query.cursor ? decodeCursor(query.cursor) : undefined;
        const after = position && { returnedAt: position.key, id: position.id };
        const offset = !after && query.page ? (query.page - 1) * query.limit : 0;
        const page = await circulation.history(request.member, {
          limit: query.limit,
          after,
          offset,
        });
        reply.header('X-Total-Count', String(page.total));
        if (page.next) {
          const next: Record<string, string> =
            query.page && !after
              ? { page: String(query.page + 1) }
              : { cursor: encodeCursor({ key: page.next.returnedAt, id: page.next.id }) };
          reply.header('Link', nextPageLink('/api/borrowedBooks/history', query, next));
        }
        return page.loans;
      },
    );

    members.post(
      '/api/borrowedBooks',
      described('Borrow a book: one copy leaves the shelf', loans, {
        body: loanCreateSchema,
        response: { 201: insertResultSchema },
      }),
      async (request, reply) => {
        const loan = parseInput(loanCreateSchema, request.body);
        const insertedId = await circulation.borrow(request.member, loan);
        const result: InsertResult = { acknowledged: true, insertedId };
        return reply.code(201).send(result);
      },
    );

    members.delete<WithId>(
      '/api/borrowedBooks/:id',
      described('Return a loan; the copy serves the holds queue first', loans, {
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      }),
      async (request) => {
        await circulation.returnLoan(request.member, request.params.id);
        return deleted;
      },
    );

    members.post<WithId>(
      '/api/borrowedBooks/:id/renew',
      described('Renew a loan by one loan period', loans, {
        params: idParamsSchema,
        response: { 200: loanSchema },
      }),
      async (request) => circulation.renew(request.member, request.params.id),
    );

    members.get(
      '/api/holds',
      described("The member's holds", holds, { response: { 200: z.array(holdSchema) } }),
      async (request) => circulation.holds(request.member),
    );

    members.post(
      '/api/holds',
      described('Place a hold on a book with no copy on the shelf', holds, {
        body: holdCreateSchema,
        response: { 201: holdPlacedSchema },
      }),
      async (request, reply) => {
        const { bookId } = parseInput(holdCreateSchema, request.body);
        const hold = await circulation.placeHold(request.member, bookId);
        const result: HoldPlaced = {
          acknowledged: true,
          insertedId: hold.id,
          position: hold.position,
        };
        return reply.code(201).send(result);
      },
    );

    members.delete<WithId>(
      '/api/holds/:id',
      described('Cancel a hold', holds, {
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      }),
      async (request) => {
        await circulation.cancelHold(request.member, request.params.id);
        return deleted;
      },
    );
  });
}
