/**
 * Refuses NUL characters anywhere in a request's path, query or JSON body. PostgreSQL cannot store
 * them in text, so without this check such input would fail deep in a query instead of as a 400.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http-errors.ts';

const NUL = '\u0000';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  // Bodies passed on unparsed (sign-in, sign-up) are checked for a raw NUL or its JSON escape.
  if (Buffer.isBuffer(value)) return value.includes(0) || value.includes('\\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, item]) => key.includes(NUL) || containsNul(item, depth + 1),
  );
}

async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new ApiError(400, 'VALIDATION', 'Text may not contain NUL characters');
    }
  });
}

export const inputGuard = fp(inputGuardPlugin, { name: 'input-guard' });
