/** Security headers, a Content-Security-Policy with no inline script and no other host, and compression. */
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

async function securityPlugin(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const googleOrigins = config.google ? [new URL(config.google.issuer).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Swiper, SweetAlert2 and motion set styles from script; inline styles cannot run code.
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
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

export const security = fp(securityPlugin, { name: 'security' });
