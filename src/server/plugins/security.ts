/** Security headers, a Content-Security-Policy with no inline script and no other host, and compression. */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http-errors.ts';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { COMPRESSION_THRESHOLD_BYTES } from '../json-answer.ts';
import { isApiPath, routedPath } from './routed-path.ts';

const HSTS_MAX_AGE_S = 31_536_000;
const HSTS = `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`;

/**
 * JSON is never rendered as a page, so the API sends only the headers that still matter for it
 * (OWASP's set for REST services). They are also most of an answer's bytes: helmet's full set
 * cost a quarter of the requests per second a book could be served at.
 */
export function apiSecurityHeaders(config: Config): [name: string, value: string][] {
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['cross-origin-resource-policy', 'same-origin'],
    ...(config.publicUrl.startsWith('https://')
      ? [['strict-transport-security', HSTS] as [string, string]]
      : []),
  ];
}

async function securityPlugin(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const googleOrigins = config.google ? [new URL(config.google.issuer).origin] : [];
  // Built once: @fastify/helmet would rebuild helmet, CSP parsing included, for every request.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The carousel, staggered animations and SweetAlert2 set styles from script; inline styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'", 'blob:'],
        // The reader (docs/decisions/015-digital-library.md) shows a book's pages, pictures,
        // styles and fonts from blob: URLs made of the EPUB; scripts stay 'self' only.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...googleOrigins],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://')
      ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
    // The Google popup reports back to its opener, which a same-origin policy would cut off.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const apiHeaders = apiSecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(routedPath(request))) {
      // On the raw response, so that the answers better-auth writes itself carry them too.
      for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
      done();
      return;
    }
    setSecurityHeaders(request.raw, reply.raw, (error) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  // HTTP/1.1 requires a Host; Node's own refusal, turned off in app.ts, was a bare 400 (issue 30).
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      throw new ApiError(400, 'VALIDATION', 'The request has no Host header');
    }
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}

export const security = fp(securityPlugin, { name: 'security' });
