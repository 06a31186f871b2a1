/**
 * The shared zod schemas (src/common/schemas.ts) for the client's forms. zod is set up for the
 * browser first, before any schema is built, and loads only with the pages that hold a form.
 */
import './zod-config.ts';

export * from '../../common/schemas.ts';
