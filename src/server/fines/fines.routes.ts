/** HTTP of fines and membership (membership/membership.service.ts) (common/api/fines.endpoints.ts, docs/product/fines-and-membership.md). */
import type { FastifyInstance } from 'fastify';
import { finesEndpoints } from '../../common/api/fines.endpoints.ts';
import { serve } from '../api/serve.ts';

export async function finesRoutes(app: FastifyInstance) {
  const { lending, fines, membership } = app;

  serve(app, finesEndpoints, {
    myFines: async (request) =>
      fines.ledger(request.member.id, await lending.currentLoans(request.member)),
    myMembership: async (request) => {
      const member = await app.memberIfSignedIn(request);
      return member ? ((await membership.of(member.id)) ?? null) : null;
    },
    takePayment: async (request) =>
      fines.takeOff(
        request.params.id,
        'payment',
        request.body.amount,
        request.body.note,
        request.member.name,
      ),
    waive: async (request) =>
      fines.takeOff(
        request.params.id,
        'waiver',
        request.body.amount,
        request.body.note,
        request.member.name,
      ),
    receipt: async (request) => fines.receipt(request.params.id),
    renewMembership: async (request) => membership.renew(request.params.id),
  });
}
