/**
 * Logs are pino's JSON lines, one request id on every line a request writes (better-auth's
 * included), and no secret in any of them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { BetterAuthOptions } from 'better-auth';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';
import { AUTH_BASE_PATH } from '../common/constants.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy or client may send to follow its request through our logs; anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const SECRET_REQUEST_HEADERS = ['authorization', 'cookie', 'x-xsrf-token'];
const SECRET_RESPONSE_HEADERS = ['set-cookie', 'set-auth-token'];
const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'token'];

/** Where a secret could sit in a log line: headers of requests and responses, password fields at any usual depth. */
const REDACTED_PATHS = [
  ...SECRET_REQUEST_HEADERS.flatMap((name) => [`req.headers["${name}"]`, `headers["${name}"]`]),
  ...SECRET_RESPONSE_HEADERS.map((name) => `res.headers["${name}"]`),
  ...SECRET_FIELDS.flatMap((field) => [
    field,
    `*.${field}`,
    `req.body.${field}`,
    `details[*].${field}`,
  ]),
];

/** Query strings under /api/auth carry one-time secrets (OAuth codes, e-mail tokens); the path is enough. */
function loggableUrl(url: string): string {
  return url.startsWith(AUTH_BASE_PATH) ? url.replace(/\?.*$/s, '') : url;
}

const isFastifyRequest = (value: unknown): value is FastifyRequest =>
  typeof (value as Partial<FastifyRequest> | null)?.url === 'string' &&
  typeof (value as Partial<FastifyRequest>).method === 'string';

/** Fastify's request fields, with a safe URL; anything else logged under `req` passes on to redaction. */
function serializeRequest(value: unknown) {
  if (!isFastifyRequest(value)) return value;
  return {
    method: value.method,
    url: loggableUrl(value.url),
    host: value.host,
    remoteAddress: value.ip,
    remotePort: value.socket?.remotePort,
  };
}

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: REDACTED_PATHS,
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}

/** Fastify's genReqId: the caller's X-Request-Id when it is a short plain token, else a random UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Sends each request's id back in X-Request-Id and makes the request's own logger the current one
 * while its hooks and handler run, so code that has no request at hand (better-auth) logs with
 * its id. Answers the current logger: the request's, or the app's outside any request.
 */
export function trackRequestLogs(app: FastifyInstance): () => FastifyBaseLogger {
  const current = new AsyncLocalStorage<FastifyBaseLogger>();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // preHandler, not onRequest: reading the body runs in the socket's context and would lose the store.
  app.addHook('preHandler', (request, _reply, done) => current.run(request.log, done));
  return () => current.getStore() ?? app.log;
}

export type AuthLog = NonNullable<NonNullable<BetterAuthOptions['logger']>['log']>;

/** better-auth's log lines as JSON on the current logger, instead of its coloured text on the console. */
export function betterAuthLog(currentLog: () => FastifyBaseLogger): AuthLog {
  return (level, message, ...args: unknown[]) => {
    const details = args.map((arg) => (arg instanceof Error ? stdSerializers.err(arg) : arg));
    const line = `better-auth: ${message}`;
    if (details.length === 0) currentLog()[level](line);
    else currentLog()[level]({ details }, line);
  };
}
