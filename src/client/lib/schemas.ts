/**
 * The shared zod schemas (src/common/schemas.ts) for the client's forms. zod is set up for the
 * browser first, before any schema is built, and loads only with the pages that hold a form.
 */
import './zod-config.ts';

export * from '../../common/schemas.ts';

import { bookSchemas } from '../../common/schemas.ts';

/** The book forms check the year against the browser's clock; the server checks the library's. */
export const { create: bookCreateSchema, update: bookUpdateSchema } = bookSchemas(() =>
  new Date().getFullYear(),
);
