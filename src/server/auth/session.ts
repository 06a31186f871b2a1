/** Who is asking: the signed-in member behind a request's session cookie or bearer token, and their role. */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CatalogueEditors, Role } from '../../common/constants.ts';
import { mayCall, type Access } from '../../common/permissions.ts';
import { ApiError } from '../http-errors.ts';
import type { Member } from '../core/member.ts';
import type { Auth } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The guard of an access of common/permissions.ts: 401 signed out, 403 `FORBIDDEN` for a
     * member the access does not let in; it sets `request.member` and `request.role`.
     */
    requireAccess: (access: Access) => (request: FastifyRequest) => Promise<void>;
    /** The signed-in member behind a request that any visitor may send, or undefined. */
    memberIfSignedIn: (request: FastifyRequest) => Promise<Member | undefined>;
  }
  interface FastifyRequest {
    member: Member;
    /** The member's role as the database holds it at this request (set by the guards). */
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
  const signedIn = async (request: FastifyRequest) => {
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
  app.decorate('memberIfSignedIn', async (request: FastifyRequest) => {
    if (!request.headers.cookie && !request.headers.authorization) return undefined;
    try {
      await signedIn(request);
      return request.member;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) return undefined;
      throw error;
    }
  });
  app.decorate('requireAccess', (access: Access) => async (request: FastifyRequest) => {
    await signedIn(request);
    if (!mayCall(access, request.role, options.catalogueEditors))
      throw new ApiError(403, 'FORBIDDEN', 'Only librarians can do this');
  });
}

export const session = fp(sessionPlugin, { name: 'session' });
