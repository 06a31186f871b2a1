/** HTTP for a member's loans. Who borrows always comes from the session, never from the body. */
import type { FastifyInstance } from 'fastify';
import {
  borrowCheckQuerySchema,
  loanCreateSchema,
  loansQuerySchema,
} from '../../common/schemas.ts';
import type { DeleteResult, InsertResult } from '../../common/types.ts';
import { ApiError, parseInput } from '../http-errors.ts';
import { borrowBook, checkBorrow, returnLoan } from './circulation.service.ts';
import { listMemberLoans } from './loans.repository.ts';

export async function loanRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.addHook('preHandler', app.requireMember);

  app.get('/api/borrowedBooks/check', async (request) => {
    const { bookId } = parseInput(borrowCheckQuerySchema, request.query);
    return checkBorrow(db, request.member, bookId);
  });

  app.get('/api/borrowedBooks', async (request) => {
    const { email } = parseInput(loansQuerySchema, request.query);
    if (email !== undefined && email.toLowerCase() !== request.member.email.toLowerCase()) {
      throw new ApiError(403, 'FORBIDDEN', 'You can only see your own borrowed books');
    }
    return listMemberLoans(db, request.member.id);
  });

  app.post('/api/borrowedBooks', async (request, reply) => {
    const loan = parseInput(loanCreateSchema, request.body);
    const insertedId = await borrowBook(db, request.member, loan);
    const result: InsertResult = { acknowledged: true, insertedId };
    return reply.code(201).send(result);
  });

  app.delete<{ Params: { id: string } }>('/api/borrowedBooks/:id', async (request) => {
    await returnLoan(db, request.member, request.params.id);
    const result: DeleteResult = { acknowledged: true, deletedCount: 1 };
    return result;
  });
}
