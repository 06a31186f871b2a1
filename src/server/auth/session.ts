/** Who is asking: the signed-in member behind a request's session cookie or bearer token. */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http-errors.ts';
import type { Member } from '../circulation/loans.repository.ts';
import type { Auth } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that answers 401 unless the request is a signed-in member's. */
    requireMember: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    member: Member;
  }
}

async function sessionPlugin(app: FastifyInstance, options: { auth: Auth }) {
  app.decorateRequest('member', null as unknown as Member);
  app.decorate('requireMember', async (request: FastifyRequest) => {
    const session = await options.auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
    });
    if (!session) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue');
    request.member = {
      id: session.user.id,
      name: session.user.name,
      email: session.user.email,
      emailVerified: session.user.emailVerified,
    };
  });
}

export const session = fp(sessionPlugin, { name: 'session' });
