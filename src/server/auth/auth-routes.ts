/**
 * Hands /api/auth/* to better-auth. Fastify does not parse these bodies (better-auth reads them
 * itself), the client's address is passed on for rate limiting, and errors are rewritten into
 * the API's `{ error, code }` shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../common/error-codes.ts';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './auth.ts';

const authErrorCodes: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'EMAIL_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_EXISTS',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  PASSWORD_TOO_SHORT: 'WEAK_PASSWORD',
  PASSWORD_TOO_LONG: 'WEAK_PASSWORD',
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_EMAIL: 'VALIDATION',
};

function errorCodeFor(status: number, authCode: unknown): ErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  if (typeof authCode === 'string' && authErrorCodes[authCode]) return authErrorCodes[authCode];
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  return status < 500 ? 'VALIDATION' : 'AUTH_ERROR';
}

function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  // The configured origin, whatever host an absolute-form request line named.
  const { pathname, search } = new URL(request.url, origin);
  return new Request(`${origin}${pathname}${search}`, {
    method: request.method,
    headers,
    body: hasBody && request.body ? new Uint8Array(request.body as Buffer) : undefined,
  });
}

async function sendWebResponse(response: Response, reply: FastifyReply) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
      reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = await response.text();
  if (response.status < 400) return reply.send(body);
  let parsed: { message?: unknown; code?: unknown } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // A non-JSON error body still gets the API's error shape below.
  }
  const message =
    typeof parsed.message === 'string' && parsed.message ? parsed.message : response.statusText;
  return reply.type('application/json; charset=utf-8').send({
    error: message || 'Authentication failed',
    code: errorCodeFor(response.status, parsed.code),
  });
}

export async function authRoutes(app: FastifyInstance, options: { auth: Auth; origin: string }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    handler: async (request, reply) =>
      sendWebResponse(await options.auth.handler(toWebRequest(request, options.origin)), reply),
  });
}
