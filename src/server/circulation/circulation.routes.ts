/**
 * HTTP for circulation: a member's loans, renewals, history and holds, and the rules in force.
 * Who borrows, renews or holds always comes from the session, never from the body.
 */
import type { FastifyInstance } from 'fastify';
import {
  borrowCheckQuerySchema,
  historyQuerySchema,
  holdCreateSchema,
  loanCreateSchema,
  loansQuerySchema,
} from '../../common/schemas.ts';
import type { DeleteResult, HoldPlaced, InsertResult } from '../../common/types.ts';
import { ApiError, parseInput } from '../http-errors.ts';
import { decodeCursor, encodeCursor, nextPageLink } from '../pagination.ts';

type WithId = { Params: { id: string } };

const deleted: DeleteResult = { acknowledged: true, deletedCount: 1 };

export async function circulationRoutes(app: FastifyInstance) {
  const { circulation } = app;

  // Public: the Borrow form and the details page read the loan period and the library's today.
  app.get('/api/circulation/rules', async () => circulation.rules());

  await app.register(async (members) => {
    members.addHook('preHandler', members.requireMember);

    members.get('/api/borrowedBooks/check', async (request) => {
      const { bookId } = parseInput(borrowCheckQuerySchema, request.query);
      return circulation.check(request.member, bookId);
    });

    members.get('/api/borrowedBooks', async (request) => {
      const { email } = parseInput(loansQuerySchema, request.query);
      if (email !== undefined && email.toLowerCase() !== request.member.email.toLowerCase()) {
        throw new ApiError(403, 'FORBIDDEN', 'You can only see your own borrowed books');
      }
      return circulation.currentLoans(request.member);
    });

    members.get('/api/borrowedBooks/history', async (request, reply) => {
      const query = parseInput(historyQuerySchema, request.query);
      const position = query.cursor ? decodeCursor(query.cursor) : undefined;
      const after = position && { returnedAt: position.key, id: position.id };
      const offset = !after && query.page ? (query.page - 1) * query.limit : 0;
      const page = await circulation.history(request.member, { limit: query.limit, after, offset });
      reply.header('X-Total-Count', String(page.total));
      if (page.next) {
        const next: Record<string, string> =
          query.page && !after
            ? { page: String(query.page + 1) }
            : { cursor: encodeCursor({ key: page.next.returnedAt, id: page.next.id }) };
        reply.header('Link', nextPageLink('/api/borrowedBooks/history', query, next));
      }
      return page.loans;
    });

    members.post('/api/borrowedBooks', async (request, reply) => {
      const loan = parseInput(loanCreateSchema, request.body);
      const insertedId = await circulation.borrow(request.member, loan);
      const result: InsertResult = { acknowledged: true, insertedId };
      return reply.code(201).send(result);
    });

    members.delete<WithId>('/api/borrowedBooks/:id', async (request) => {
      await circulation.returnLoan(request.member, request.params.id);
      return deleted;
    });

    members.post<WithId>('/api/borrowedBooks/:id/renew', async (request) =>
      circulation.renew(request.member, request.params.id),
    );

    members.get('/api/holds', async (request) => circulation.holds(request.member));

    members.post('/api/holds', async (request, reply) => {
      const { bookId } = parseInput(holdCreateSchema, request.body);
      const hold = await circulation.placeHold(request.member, bookId);
      const result: HoldPlaced = {
        acknowledged: true,
        insertedId: hold.id,
        position: hold.position,
      };
      return reply.code(201).send(result);
    });

    members.delete<WithId>('/api/holds/:id', async (request) => {
      await circulation.cancelHold(request.member, request.params.id);
      return deleted;
    });
  });
}
