/**
 * Hands the better-auth endpoints the app uses to better-auth, and answers 404 to every other
 * path under /api/auth. Fastify does not parse these bodies (better-auth reads them itself), the
 * client's address is passed on for rate limiting, every request that checks a password is
 * counted (sign-in-limits.ts), and errors are rewritten into the API's `{ error, code }` shape.
 */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../common/error-codes.ts';
import { authPaths } from '../api/auth-paths.ts';
import { ApiError } from '../http-errors.ts';
import { requestLanguage, validationCatalogues } from '../request-language.ts';
import { AUTH_BASE_PATH } from '../../common/constants.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';
import { hashingFor } from './password-hashing.ts';
import { countedPasswordCheck, LIMIT_REFUSALS, type SignInLimits } from './sign-in-limits.ts';

const authErrorCodes: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'EMAIL_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_EXISTS',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  PASSWORD_TOO_SHORT: 'WEAK_PASSWORD',
  PASSWORD_TOO_LONG: 'WEAK_PASSWORD',
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  // change-password with a wrong current password.
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_EMAIL: 'VALIDATION',
  VALIDATION: 'VALIDATION',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  IMAGE_UNREACHABLE: 'IMAGE_UNREACHABLE',
};

function errorCodeFor(status: number, authCode: unknown): ErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  if (typeof authCode === 'string' && authErrorCodes[authCode]) return authErrorCodes[authCode];
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  return status < 500 ? 'VALIDATION' : 'AUTH_ERROR';
}

/**
 * The path as the request line spelled it, without the query: no decoding, no dot segments
 * removed. An absolute-form line (`POST http://host/…`) keeps what follows its host.
 */
function sentPath(url: string): string {
  const query = url.indexOf('?');
  const target = query < 0 ? url : url.slice(0, query);
  if (target.startsWith('/')) return target;
  const authority = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i.exec(target);
  return authority ? target.slice(authority[0].length) : target;
}

/**
 * `POST /api/auth/sign-in/email`, …: the better-auth endpoints the app uses, as the OpenAPI
 * document lists them (api/auth-paths.ts). better-auth has many more (verify-password,
 * delete-user, …); reachable, they checked passwords outside the limits (issue 30).
 */
function usedEndpoints(): Set<string> {
  return new Set(
    Object.entries(authPaths()).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
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

/**
 * Who may see the session token (issue 16). A browser sends cookies with every request, and its
 * page's script can read every answer and header but Set-Cookie, so an XSS could take the token
 * from a JSON answer or `set-auth-token` and use it as a bearer token elsewhere. The token
 * therefore leaves only in the httpOnly cookie, unless the request carries no cookies at all:
 * that is how a non-browser client asks for a bearer token (better-auth's bearer plugin).
 */
const mayReadToken = (request: FastifyRequest) => request.headers.cookie === undefined;

const TOKEN_HEADER = 'set-auth-token';

/** `value` without any `token` property: sign-in's `token`, get-session's `session.token`, … */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => name !== 'token')
      .map(([name, item]) => [name, withoutTokens(item)]),
  );
}

/** The exposed headers better-auth's bearer plugin lists, less its token header. */
const exposedWithoutToken = (value: string) =>
  value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== TOKEN_HEADER)
    .join(', ');

function hideToken(body: string): string {
  try {
    return JSON.stringify(withoutTokens(JSON.parse(body)));
  } catch {
    return body;
  }
}

/**
 * better-auth's refusal of a malformed address, which the sign-in form shows as written: its own
 * English for English, the catalogue's sentence for the same problem in another language.
 */
function invalidEmailMessage(request: FastifyRequest, own: unknown): string {
  const language = requestLanguage(request);
  if (language === 'en' && typeof own === 'string' && own) return own;
  return validationCatalogues[language].emailInvalid;
}

async function sendWebResponse(request: FastifyRequest, response: Response, reply: FastifyReply) {
  const showToken = mayReadToken(request);
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    if (!showToken && name === TOKEN_HEADER) return;
    if (!showToken && name === 'access-control-expose-headers') {
      const exposed = exposedWithoutToken(value);
      if (exposed) reply.header(name, exposed);
      return;
    }
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = await response.text();
  if (response.status < 400) return reply.send(showToken ? body : hideToken(body));
  let parsed: { message?: unknown; code?: unknown; issues?: unknown } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // A non-JSON error body still gets the API's error shape below.
  }
  const message =
    parsed.code === 'INVALID_EMAIL'
      ? invalidEmailMessage(request, parsed.message)
      : typeof parsed.message === 'string' && parsed.message
        ? parsed.message
        : response.statusText;
  return reply.type('application/json; charset=utf-8').send({
    error: message || 'Authentication failed',
    code: errorCodeFor(response.status, parsed.code),
    // The field problems the account rules found (auth.ts), as the API's own 400s list them.
    ...(response.status === 400 && Array.isArray(parsed.issues) ? { issues: parsed.issues } : {}),
  });
}

/** The longest e-mail address there can be (RFC 3696's 320 characters). */
const EMAIL_MAX = 320;

/** The account a sign-in tries, lower-cased as better-auth stores it; null unless the body is JSON with one. */
function accountOf(body: unknown): string | null {
  if (!Buffer.isBuffer(body)) return null;
  try {
    const { email } = JSON.parse(body.toString('utf8')) as { email?: unknown };
    return typeof email === 'string' && email.length <= EMAIL_MAX
      ? email.trim().toLowerCase()
      : null;
  } catch {
    return null;
  }
}

/** better-auth's error code in a refusal, read from a copy (the original still goes to the client). */
async function authCodeOf(response: Response): Promise<unknown> {
  if (response.status < 400) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code;
}

/** Whether better-auth refused the password: a sign-in's 401, or change-password's `INVALID_PASSWORD`. */
async function refusesPassword(response: Response): Promise<boolean> {
  return response.status === 401 || (await authCodeOf(response)) === 'INVALID_PASSWORD';
}

/** Whether better-auth refused a sign-up because the address already has an account. */
async function foundAccount(response: Response): Promise<boolean> {
  const code = await authCodeOf(response);
  return typeof code === 'string' && authErrorCodes[code] === 'EMAIL_EXISTS';
}

interface AuthRoutesOptions {
  auth: Auth;
  origin: string;
  limits: SignInLimits;
}

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { auth, origin, limits } = options;
  const used = usedEndpoints();
  /** better-auth's answer, its password hashes counted against the client's share. */
  const handle = (request: FastifyRequest, account: string | null) =>
    hashingFor({ address: request.ip, account }, () => auth.handler(toWebRequest(request, origin)));
  const forward = async (request: FastifyRequest, reply: FastifyReply) =>
    sendWebResponse(request, await handle(request, null), reply);
  // The path is compared as it was sent. better-auth routes by the parsed URL, which drops `./`
  // and `x/../` and reads `\` as `/`, while the router and the sign-in limits see the path as
  // sent: `/sign-in/./email` reached the password check uncounted (issue 30). A path any parser
  // would read differently is therefore no endpoint of ours either.
  app.addHook('onRequest', async (request) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (!used.has(`${method} ${sentPath(request.url)}`)) {
      throw new ApiError(404, 'NOT_FOUND', `Nothing at ${request.method} ${sentPath(request.url)}`);
    }
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /** A request to better-auth that checks `account`'s password, counted (sign-in-limits.ts). */
  async function countedAuthRequest(request: FastifyRequest, reply: FastifyReply, account: string) {
    const response = await countedPasswordCheck(
      limits,
      request,
      reply,
      account,
      () => handle(request, account),
      refusesPassword,
    );
    return sendWebResponse(request, response, reply);
  }

  // Every sign-in by password is counted. Only JSON is taken here, so that no other spelling of
  // the body can reach the password check without naming the account it tries.
  // Described by hand in the OpenAPI document (api/auth-paths.ts), as better-auth answers them.
  const hidden = { schema: { hide: true } };
  app.post(`${AUTH_BASE_PATH}/sign-in/email`, hidden, async (request, reply) => {
    const account = accountOf(request.body);
    if (account === null) {
      throw new ApiError(400, 'VALIDATION', 'Send the e-mail address and the password as JSON');
    }
    return countedAuthRequest(request, reply, account);
  });

  // A refused sign-up says that the address has an account, which the form must say (the
  // 'Email Already In Use' dialog): a few such answers per address and hour, then the address
  // waits, whatever it tries (docs/decisions/016-security-review-three.md).
  app.post(`${AUTH_BASE_PATH}/sign-up/email`, hidden, async (request, reply) => {
    const wait = await limits.signUpWait(request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new ApiError(429, 'RATE_LIMITED', LIMIT_REFUSALS.signUps);
    }
    const response = await handle(request, accountOf(request.body));
    if (await foundAccount(response)) await limits.signUpFoundAccount(request.ip);
    return sendWebResponse(request, response, reply);
  });

  // Changing the password checks the current one: counted against the member's account like a
  // sign-in, so a session is no way round the limit (issue 30). Without a session better-auth
  // refuses it before any password is checked.
  app.post(`${AUTH_BASE_PATH}/change-password`, hidden, async (request, reply) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return forward(request, reply);
    return countedAuthRequest(request, reply, session.user.email.toLowerCase());
  });

  // "Send the mail again" is the signed-in member's own (the profile's button); better-auth then
  // sends only to the session's address. Open to visitors, it would let anyone have the library
  // mail any unconfirmed address again and again.
  app.post(`${AUTH_BASE_PATH}/send-verification-email`, hidden, async (request, reply) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue');
    return forward(request, reply);
  });

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    ...hidden,
    handler: forward,
  });
}
