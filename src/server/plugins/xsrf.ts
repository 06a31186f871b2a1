/**
 * Double-submit CSRF check (docs/product.md#accounts). Every private answer (answer-privacy.ts) to a
 * request without an XSRF-TOKEN cookie sets one; an unsafe request that carries a session cookie
 * must echo it in X-XSRF-TOKEN. Bearer-token clients carry no session cookie and are not affected.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http-errors.ts';
import { answersPrivately } from './answer-privacy.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const carriesSession = (request: FastifyRequest) =>
  Object.keys(request.cookies).some((name) => name.endsWith('.session_token'));

function sameToken(cookieValue: string | undefined, headerValue: unknown): boolean {
  if (!cookieValue || typeof headerValue !== 'string') return false;
  const expected = Buffer.from(cookieValue);
  const given = Buffer.from(headerValue);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

async function xsrfPlugin(app: FastifyInstance, options: { secure: boolean }) {
  await app.register(cookie);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[XSRF_COOKIE];
    // Only on answers no shared cache keeps: one kept with its Set-Cookie would hand the same
    // token to everybody (issue 16). The client asks /api/health for one when it has none.
    if (!token && answersPrivately(request)) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: options.secure,
      });
    }
    // Whatever the path: only /api has unsafe routes, and deciding by the path's spelling let
    // `/%61pi/…` and absolute-form request lines (`POST http://host/api/…`) through (issue 16).
    if (SAFE_METHODS.has(request.method) || !carriesSession(request)) return;
    if (!sameToken(token, request.headers[XSRF_HEADER])) {
      throw new ApiError(
        403,
        'CSRF',
        'The request lacks a valid X-XSRF-TOKEN header; reload the page and try again',
      );
    }
  });
}

export const xsrf = fp(xsrfPlugin, { name: 'xsrf' });
