/**
 * Every failure leaves as `{ error, code }`; nothing a client sends can produce a 500. That holds
 * for the failures Fastify meets before any route or hook runs (`frameworkErrors`) and for those
 * Node's HTTP parser meets before there is a request at all (`clientErrorHandler`), too.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../common/error-codes.ts';
import type { Config } from '../config.ts';
import { ApiError, validationFailure } from '../http-errors.ts';
import { REQUEST_ID_HEADER, requestIdFor } from '../logging.ts';
import { validationMessagesOf } from '../request-language.ts';
import { apiSecurityHeaders } from './security.ts';

/** Fastify's own request errors, in the API's words. */
const fastifyErrors: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['VALIDATION', 'The Content-Length does not match the body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['INVALID_JSON', 'The JSON body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_JSON', 'The body is not valid JSON'],
};

function toApiError(error: FastifyError): ApiError | null {
  if (error instanceof ApiError) return error;
  // A route's zod schema refused the request (api/api-contract.ts): the same answer as parseInput's.
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationFailure(
      error.validation.map((issue) => ({
        path: issue.instancePath.slice(1).replaceAll('/', '.'),
        message: issue.message ?? '',
      })),
    );
  }
  const known = error.code ? fastifyErrors[error.code] : undefined;
  if (known) return new ApiError(error.statusCode ?? 400, known[0], known[1]);
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new ApiError(400, 'INVALID_JSON', 'The body is not valid JSON');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ApiError(status, 'VALIDATION', error.message);
  return null;
}

/** The most of a refused request's body read and discarded before answering (see unreadBody). */
const DISCARDED_AT_MOST_BYTES = 64 * 1024 * 1024;
const DISCARDING_AT_MOST_MS = 30_000;

/**
 * Reads and discards what is left of a body too large, so that its 413 is read by the client:
 * answered while the client is still sending, the connection was reset under it and the browser
 * showed a network error instead of "larger than 5 MB" (issue 35). Past DISCARDED_AT_MOST_BYTES, or a slow client's DISCARDING_AT_MOST_MS, the
 * answer goes at once and the connection closes after it.
 */
async function unreadBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const body = request.raw;
  if (body.complete || body.readableEnded || body.destroyed) return;
  if (Number(request.headers['content-length']) > DISCARDED_AT_MOST_BYTES) {
    reply.header('connection', 'close');
    return;
  }
  await new Promise<void>((resolve) => {
    let discarded = 0;
    const done = (closing: boolean) => {
      clearTimeout(timer);
      body.off('data', onData).off('end', ended).off('error', ended).off('close', ended);
      if (closing) reply.header('connection', 'close');
      resolve();
    };
    const ended = () => done(false);
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARDED_AT_MOST_BYTES) done(true);
    };
    const timer = setTimeout(() => done(true), DISCARDING_AT_MOST_MS);
    body.on('data', onData).once('end', ended).once('error', ended).once('close', ended);
    body.resume();
  });
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // The static files refuse paths they cannot check (too long, `..`): no file is there, so
    // they are answered as any other unknown path.
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
    const apiError = toApiError(error);
    // A body too large is read to its end (up to a bound) before the answer; any other refusal
    // of a body not yet read, a visitor's say, is answered at once.
    if (apiError?.statusCode === 413) await unreadBody(request, reply);
    if (apiError)
      return reply.code(apiError.statusCode).send(apiError.toBody(validationMessagesOf(request)));
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side', code: 'INTERNAL' });
  });
}

export const errors = fp(errorsPlugin, { name: 'errors' });

type Answer = [status: number, code: ErrorCode, message: string];

/** Failures found while routing: a path that cannot be decoded, or a parameter too long to match. */
function frameworkAnswer(error: FastifyError): Answer {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return [414, 'URI_TOO_LONG', 'A part of the address is too long'];
  }
  // The path is not echoed: it is whatever the client sent, and this answer has no route to shape it.
  return [400, 'VALIDATION', 'The address is not valid (a malformed percent-escape?)'];
}

export function frameworkErrors(config: Config) {
  const headers = apiSecurityHeaders(config);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, code, message] = frameworkAnswer(error);
    // No onRequest hook ran for this request, so the headers every API answer has are set here.
    for (const [name, value] of headers) reply.header(name, value);
    reply.header(REQUEST_ID_HEADER, request.id).header('cache-control', 'no-store');
    void reply.code(status).send({ error: message, code });
  };
}

/** Failures of Node's parser, before any request exists. */
function clientErrorAnswer(error: NodeJS.ErrnoException): Answer {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive'];
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'HEADERS_TOO_LARGE', 'The address or the headers of the request are too large'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large'];
    default:
      return [400, 'VALIDATION', 'The request is not valid HTTP'];
  }
}

export function clientErrorHandler(config: Config) {
  const headers = apiSecurityHeaders(config)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  // No request was made, so no request id either: a new one, for the client to quote (issue 30).
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // As Node itself does: nothing is written once an answer on this connection has begun.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })
      ._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const [status, code, message] = clientErrorAnswer(error);
      const body = JSON.stringify({ error: message, code });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}` +
          `${REQUEST_ID_HEADER}: ${randomUUID()}\r\n` +
          'content-type: application/json; charset=utf-8\r\ncache-control: no-store\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

/**
 * Node answers an `Expect` it does not know (anything but 100-continue) itself, with a bare 417,
 * unless the server listens for it: this is that listener, answering in the API's shape.
 */
export function expectationFailed(config: Config) {
  const headers = apiSecurityHeaders(config);
  return (request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({
      error: 'The server cannot meet the Expect header of the request',
      code: 'VALIDATION' satisfies ErrorCode,
    });
    for (const [name, value] of headers) response.setHeader(name, value);
    response
      .writeHead(417, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        [REQUEST_ID_HEADER]: requestIdFor(request),
        connection: 'close',
      })
      .end(body);
  };
}
