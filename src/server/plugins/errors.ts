/** Every failure leaves as `{ error, code }`; nothing a client sends can produce a 500. */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '../../common/error-codes.ts';
import { ApiError } from '../http-errors.ts';

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
  const known = error.code ? fastifyErrors[error.code] : undefined;
  if (known) return new ApiError(error.statusCode ?? 400, known[0], known[1]);
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new ApiError(400, 'INVALID_JSON', 'The body is not valid JSON');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ApiError(status, 'VALIDATION', error.message);
  return null;
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError) return reply.code(apiError.statusCode).send(apiError.toBody());
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side', code: 'INTERNAL' });
  });
}

export const errors = fp(errorsPlugin, { name: 'errors' });
