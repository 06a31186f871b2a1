/**
 * HTTP of fines and membership (docs/product/fines-and-membership.md): a member's own ledger and
 * membership, and what the desk takes (payments, waivers, membership renewals, receipts).
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import {
  fineEntryCreatedSchema,
  fineReceiptSchema,
  finesSchema,
  idParamsSchema,
  membershipRenewedSchema,
  membershipSchema,
  paymentCreateSchema,
  waiverCreateSchema,
} from '../../common/schemas.ts';
import { ApiError, parseInput } from '../http-errors.ts';

type WithId = { Params: { id: string } };

const described = (summary: string, tags: string[], parts: FastifySchema) => ({
  schema: { summary, tags, ...parts },
});

const fines = ['Fines'];
const desk = ['Desk'];

export async function finesRoutes(app: FastifyInstance) {
  const { circulation } = app;

  await app.register(async (members) => {
    members.addHook('preHandler', members.requireMember);

    members.get(
      '/api/fines',
      described("The member's balance, what overdue loans are accruing, and the ledger", fines, {
        response: { 200: finesSchema },
      }),
      async (request) =>
        app.fines.ledger(request.member.id, await circulation.currentLoans(request.member)),
    );
  });

  // Public: the Join Us page asks it for everyone, and a visitor has none (null), not a 401.
  app.get(
    '/api/membership',
    described("The member's membership: since when, until when; null for a visitor", fines, {
      response: { 200: membershipSchema.nullable() },
    }),
    async (request) => {
      try {
        await app.requireMember(request);
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) return null;
        throw error;
      }
      return (await app.fines.membership(request.member.id)) ?? null;
    },
  );

  await app.register(async (librarians) => {
    librarians.addHook('onRequest', librarians.requireLibrarian);

    librarians.post<WithId>(
      '/api/desk/members/:id/payments',
      described("Take a payment: whole taka from 1 to the member's balance", desk, {
        params: idParamsSchema,
        body: paymentCreateSchema,
        response: { 201: fineEntryCreatedSchema },
      }),
      async (request, reply) => {
        const { amount, note } = parseInput(paymentCreateSchema, request.body);
        const taken = await app.fines.takeOff(request.params.id, 'payment', amount, note);
        return reply.code(201).send(taken);
      },
    );

    librarians.post<WithId>(
      '/api/desk/members/:id/waivers',
      described("Waive part or all of the member's balance, saying why", desk, {
        params: idParamsSchema,
        body: waiverCreateSchema,
        response: { 201: fineEntryCreatedSchema },
      }),
      async (request, reply) => {
        const { amount, note } = parseInput(waiverCreateSchema, request.body);
        const taken = await app.fines.takeOff(request.params.id, 'waiver', amount, note);
        return reply.code(201).send(taken);
      },
    );

    librarians.get<WithId>(
      '/api/desk/receipts/:id',
      described('A receipt of a ledger entry: the entry, whose it is, the balance now', desk, {
        params: idParamsSchema,
        response: { 200: fineReceiptSchema },
      }),
      async (request) => app.fines.receipt(request.params.id),
    );

    librarians.post<WithId>(
      '/api/desk/members/:id/membership',
      described(
        'Renew a membership by MEMBERSHIP_MONTHS from the later of today and its end',
        desk,
        {
          params: idParamsSchema,
          response: { 200: membershipRenewedSchema },
        },
      ),
      async (request) => app.fines.renewMembership(request.params.id),
    );
  });
}
