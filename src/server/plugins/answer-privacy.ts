/**
 * What a shared cache (a proxy, a CDN) may keep (issue 16). An /api answer depends on who asks
 * unless its route says otherwise, so it leaves as `Cache-Control: no-store` and
 * `Vary: Cookie, Authorization`. Routes that answer everybody alike (the catalogue) declare
 * `config: { publicAnswer: true }` and keep their caching; so do pages and static files.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, routedPath } from './routed-path.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is the same whoever asks, so shared caches may keep it. */
    publicAnswer?: boolean;
  }
}

const CREDENTIALS = ['Cookie', 'Authorization'];

/** Whether the answer to `request` may differ from one asker to another. */
export const answersPrivately = (request: FastifyRequest) =>
  request.routeOptions.config?.publicAnswer !== true && isApiPath(routedPath(request));

/** Adds names to Vary, keeping those already there (compression's `accept-encoding`). */
function addVary(reply: FastifyReply, names: string[]) {
  const present = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const lower = new Set(present.map((name) => name.toLowerCase()));
  reply.header(
    'vary',
    [...present, ...names.filter((n) => !lower.has(n.toLowerCase()))].join(', '),
  );
}

async function answerPrivacyPlugin(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (answersPrivately(request)) {
      reply.header('cache-control', 'private, no-store');
      addVary(reply, CREDENTIALS);
    }
    done(null, payload);
  });
}

export const answerPrivacy = fp(answerPrivacyPlugin, { name: 'answer-privacy' });
