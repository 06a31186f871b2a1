/** Who is asking: the signed-in member behind a request's session cookie or bearer token, and their role. */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CatalogueEditors, Role } from '../../common/constants.ts';
import { ApiError } from '../http-errors.ts';
import type { Member } from '../circulation/loans.repository.ts';
import type { Auth } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that answers 401 unless the request is a signed-in member's. */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /** A preHandler: 401 signed out, 403 `FORBIDDEN` unless the member is a librarian now. */
    requireLibrarian: (request: FastifyRequest) => Promise<void>;
    /** A preHandler for adding, updating and incrementing books, as CATALOGUE_EDITORS says. */
    requireCatalogueEditor: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    member: Member;
    /** The member's role as the database holds it at this request (set by the preHandlers above). */
    role: Role;
  }
}

/** Anything but `librarian` (an account made before roles existed has none) is a member. */
export const toRole = (value: unknown): Role => (value === 'librarian' ? 'librarian' : 'member');

async function sessionPlugin(
  app: FastifyInstance,
  options: { auth: Auth; catalogueEditors: CatalogueEditors },
) {
  app.decorateRequest('member', null as unknown as Member);
  app.decorateRequest('role', 'member');
  const requireMember = async (request: FastifyRequest) => {
    // better-auth reads the session and its user from the database on every call (no cookie
    // cache is configured), so a role granted or revoked applies to the very next request.
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
    request.role = toRole(session.user.role);
  };
  const requireLibrarian = async (request: FastifyRequest) => {
    await requireMember(request);
    if (request.role !== 'librarian')
      throw new ApiError(403, 'FORBIDDEN', 'Only librarians can do this');
  };
  app.decorate('requireMember', requireMember);
  app.decorate('requireLibrarian', requireLibrarian);
  app.decorate(
    'requireCatalogueEditor',
    options.catalogueEditors === 'librarians' ? requireLibrarian : requireMember,
  );
}

export const session = fp(sessionPlugin, { name: 'session' });
