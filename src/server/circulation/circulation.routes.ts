/** HTTP for circulation (common/api/circulation.endpoints.ts): each endpoint's handler. */
import type { FastifyInstance } from 'fastify';
import { circulationEndpoints } from '../../common/api/circulation.endpoints.ts';
import { ApiError } from '../http-errors.ts';
import { decodeCursor, encodeCursor, nextPageLink } from '../pagination.ts';
import { serve } from '../api/serve.ts';

const deleted = { acknowledged: true, deletedCount: 1 } as const;

export async function circulationRoutes(app: FastifyInstance) {
  const { lending, holds } = app;

  serve(app, circulationEndpoints, {
    circulationRules: async () => lending.rules(),
    borrowCheck: async (request) => lending.check(request.member, request.query.bookId),
    currentLoans: async (request) => {
      const { email } = request.query;
      if (email !== undefined && email.toLowerCase() !== request.member.email.toLowerCase()) {
        throw new ApiError(403, 'FORBIDDEN', 'You can only see your own borrowed books');
      }
      return lending.currentLoans(request.member);
    },
    loanHistory: async (request, reply) => {
      const { query } = request;
      const position = query.cursor ? decodeCursor(query.cursor) : undefined;
      const after = position && { returnedAt: position.key, id: position.id };
      const offset = !after && query.page ? (query.page - 1) * query.limit : 0;
      const page = await lending.history(request.member, { limit: query.limit, after, offset });
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
    borrow: async (request) => ({
      acknowledged: true as const,
      ...(await lending.borrowOnline(request.member, request.body)),
    }),
    returnLoan: async (request) => {
      await lending.returnLoan(request.member, request.params.id);
      return deleted;
    },
    renewLoan: async (request) => lending.renew(request.member, request.params.id),
    listHolds: async (request) => holds.of(request.member),
    placeHold: async (request) => {
      const hold = await holds.place(request.member, request.body.bookId);
      return { acknowledged: true as const, insertedId: hold.id, position: hold.position };
    },
    cancelHold: async (request) => {
      await holds.cancel(request.member, request.params.id);
      return deleted;
    },
  });
}
