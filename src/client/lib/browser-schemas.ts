/**
 * The forms' schemas (common/form-schemas.ts: the server applies the same rules), with the
 * messages of the page's language. zod is set up for the browser first, before any schema is
 * built; this module, zod and the messages load only with the pages that hold a form (on sign in,
 * register, the password pages and the profile, once a form is focused or sent: lazy-schemas.ts),
 * and only the current language's messages are fetched (a chunk each, awaited here as
 * page-texts.ts does).
 */
import './zod-config.ts';

import type { ValidationCatalogue } from '../../common/i18n/catalogue.ts';
import { bookSchemas, formSchemas } from '../../common/form-schemas.ts';
import { language } from './i18n.ts';

export type { BookCreate, BookUpdate, LoanCreate } from '../../common/form-schemas.ts';

const messages: ValidationCatalogue =
  language === 'bn'
    ? (await import('../../common/i18n/bn-validation.ts')).bnValidation
    : (await import('../../common/i18n/en-validation.ts')).enValidation;

export const {
  loanCreateSchema,
  passwordSchema,
  memberNameSchema,
  photoUrlSchema,
  registerSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
} = formSchemas(messages);

/** The book forms check the year against the browser's clock; the server checks the library's. */
export const { create: bookCreateSchema, update: bookUpdateSchema } = bookSchemas(
  () => new Date().getFullYear(),
  messages,
);
