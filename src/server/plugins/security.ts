/** Security headers, a Content-Security-Policy with no inline script and no other host, and compression. */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.ts';

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
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...googleOrigins],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
    // The Google popup reports back to its opener, which a same-origin policy would cut off.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, (error) =>
      done(error instanceof Error ? error : undefined),
    ),
  );
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

export const security = fp(securityPlugin, { name: 'security' });
