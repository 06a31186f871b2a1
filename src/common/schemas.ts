/**
 * One zod schema per payload. The server validates requests with them and the client's forms
 * validate with the very same definitions, so a rule can never differ between the two.
 */
import { z } from 'zod';
import {
  ADD_QUANTITY_MIN,
  BOOK_SORTS,
  ADD_RATING_MIN,
  EMAIL_MAX_LENGTH,
  CATEGORIES,
  canonicalCategory,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PASSWORD_MIN_LENGTH,
  RATING_MAX,
  ROLES,
  RATING_STEP,
  TEXT_LIMITS,
  UPDATE_QUANTITY_MIN,
  UPDATE_RATING_MIN,
} from './constants.ts';
import { LANGUAGES } from './i18n/languages.ts';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A rating has one decimal at most: 4.5 is fine, 4.55 is not. */
const isOnRatingStep = (value: number) => {
  const tenths = value / RATING_STEP;
  return Math.abs(tenths - Math.round(tenths)) < 1e-9;
};

const rating = (min: number) =>
  z
    .number({ error: 'Rating must be a number' })
    .min(min, `Rating must be between ${min} and ${RATING_MAX}`)
    .max(RATING_MAX, `Rating must be between ${min} and ${RATING_MAX}`)
    .refine(isOnRatingStep, `Rating goes in steps of ${RATING_STEP}`);

const quantity = (min: number) =>
  z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(min, `Quantity must be at least ${min}`)
    .max(1_000_000, 'Quantity is too large');

/** Any origin will do: a path is on this site when resolving it keeps the origin it started from. */
const SITE = 'http://site.invalid';

/**
 * A path on this site, as a browser resolves it: `/\evil.example/x.png` is not one, since
 * browsers read the backslash as a slash and fetch it from evil.example (issue 16).
 */
function isPathOnThisSite(value: string): boolean {
  if (!/^\/[^\s]*$/.test(value)) return false;
  try {
    return new URL(value, SITE).origin === SITE;
  } catch {
    return false;
  }
}

/** An image is an http(s) URL or a path on this site (the demo covers live under /covers). */
export const imageUrlSchema = requiredText('Image', TEXT_LIMITS.image).refine(
  (value) => /^https?:\/\/[^\s]+$/i.test(value) || isPathOnThisSite(value),
  'Image must be an http(s) URL or a path on this site',
);

export const categorySchema = z.enum(CATEGORIES, {
  error: `Category must be one of ${CATEGORIES.join(', ')}`,
});

const optionalContent = z
  .string()
  .trim()
  .max(TEXT_LIMITS.content, `Content must be at most ${TEXT_LIMITS.content} characters`)
  .optional();

export const bookCreateSchema = z.object({
  name: requiredText('Name', TEXT_LIMITS.name),
  author: requiredText('Author', TEXT_LIMITS.author),
  category: categorySchema,
  quantity: quantity(ADD_QUANTITY_MIN),
  rating: rating(ADD_RATING_MIN),
  shortDescription: requiredText('Short description', TEXT_LIMITS.shortDescription),
  image: imageUrlSchema,
  content: optionalContent,
});
export type BookCreate = z.infer<typeof bookCreateSchema>;

/** An update names the book and its author; every other field may be left as it is. */
export const bookUpdateSchema = z.object({
  name: requiredText('Name', TEXT_LIMITS.name),
  author: requiredText('Author', TEXT_LIMITS.author),
  category: categorySchema.optional(),
  quantity: quantity(UPDATE_QUANTITY_MIN).optional(),
  rating: rating(UPDATE_RATING_MIN).optional(),
  shortDescription: requiredText('Short description', TEXT_LIMITS.shortDescription).optional(),
  image: imageUrlSchema.optional(),
  content: optionalContent,
});
export type BookUpdate = z.infer<typeof bookUpdateSchema>;

/** A calendar date as `YYYY-MM-DD` that really exists (no 2025-02-30). */
export const isoDateSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${label} is not a real date`);

export const loanCreateSchema = z
  .object({
    bookId: z.string({ error: 'Book is required' }).trim().min(1, 'Book is required').max(100),
    borrowedDate: isoDateSchema('Borrowed Date'),
    returnDate: isoDateSchema('Return Date'),
  })
  .refine((loan) => loan.returnDate >= loan.borrowedDate, {
    message: 'Return Date cannot be before Borrowed Date',
    path: ['returnDate'],
  });
export type LoanCreate = z.infer<typeof loanCreateSchema>;

/** A category filter in any case means that category; a name that is none matches no book. */
const categoryFilter = z
  .string()
  .trim()
  .min(1)
  .max(TEXT_LIMITS.name)
  .transform((name) => canonicalCategory(name) ?? name);

const availableFilter = z.enum(['true', 'false']).optional();
const searchFilter = z.string().trim().max(TEXT_LIMITS.query).optional();

/** How a list is paged: `limit`, and a `cursor` or a `page` number (books, history, the desk). */
const pagingFields = {
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().min(1).max(500).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
};

export const booksQuerySchema = z
  .object({
    category: categoryFilter.optional(),
    available: availableFilter,
    q: searchFilter,
    sort: z.enum(BOOK_SORTS, { error: `sort must be one of ${BOOK_SORTS.join(', ')}` }).optional(),
    ...pagingFields,
  })
  // A cursor names a place in the newest-first order; the other orders are paged by number.
  .refine((query) => !query.cursor || !query.sort || query.sort === 'newest', {
    message: 'a cursor pages the newest-first order only; use page with sort',
    path: ['cursor'],
  });
export type BooksQuery = z.infer<typeof booksQuerySchema>;

/** GET /api/books/facets: what a search finds, counted per category and on the shelf. */
export const bookFacetsQuerySchema = z.object({
  q: searchFilter,
  available: availableFilter,
});
export type BookFacetsQuery = z.infer<typeof bookFacetsQuerySchema>;

export const borrowCheckQuerySchema = z.object({
  bookId: z.string().trim().min(1, 'bookId is required').max(100),
});

export const holdCreateSchema = z.object({
  bookId: z.string({ error: 'Book is required' }).trim().min(1, 'Book is required').max(100),
});

/** A page of a member's returned loans, paginated like books. */
// Built from the fields rather than picked from booksQuerySchema: zod refuses .pick() on a
// schema with refinements, and booksQuerySchema has one.
export const historyQuerySchema = z.object(pagingFields);

/** GET /api/desk/loans (DECISIONS.md §10): every member's loans, paged by number. */
export const deskLoansQuerySchema = z.object({
  status: z.enum(['current', 'overdue', 'returned']).default('current'),
  q: searchFilter,
  limit: pagingFields.limit,
  page: pagingFields.page,
});
export type DeskLoansQuery = z.infer<typeof deskLoansQuerySchema>;

/** GET /api/desk/members: find members by name or e-mail, paged by number. */
export const deskMembersQuerySchema = deskLoansQuerySchema.pick({
  q: true,
  limit: true,
  page: true,
});

/** PATCH /api/desk/members/:id: grant or revoke the librarian role, block or unblock. */
export const memberUpdateSchema = z.strictObject({
  role: z.enum(ROLES).optional(),
  blocked: z.boolean().optional(),
});

export const loansQuerySchema = z.object({
  email: z.string().trim().max(320).optional(),
});

/** SPEC §5: at least 6 characters with an upper- and a lower-case letter. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .regex(/[A-Z]/, 'Password needs an uppercase letter')
  .regex(/[a-z]/, 'Password needs a lowercase letter');

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .email('Enter a valid email');

/** A member's name, as the register form and the server take it. */
export const memberNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(TEXT_LIMITS.name, `Name must be at most ${TEXT_LIMITS.name} characters`);

/** The member's language (DECISIONS §14): the mails the library sends them are written in it. */
export const languageSchema = z.enum(LANGUAGES, { error: 'Language must be en or bn' });

export const registerSchema = z.object({
  name: memberNameSchema,
  email: emailSchema,
  photoURL: imageUrlSchema,
  password: passwordSchema,
});
export type Register = z.infer<typeof registerSchema>;

/**
 * What better-auth's sign-up takes besides the password, checked by the server with the register
 * form's rules. The photo is `image` there; clients other than the form may leave it out.
 */
export const signUpProfileSchema = z.object({
  name: memberNameSchema,
  email: emailSchema,
  image: imageUrlSchema.nullish(),
  lang: languageSchema.optional(),
});

/** better-auth's update-user: each field may be left out; the photo may be removed (null). */
export const profileUpdateSchema = z.object({
  name: memberNameSchema.optional(),
  image: imageUrlSchema.nullish(),
  lang: languageSchema.optional(),
});

/** /forgotPassword: the address a reset link is mailed to. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

/** /resetPassword: the new password, under the rule of SPEC §5. */
export const resetPasswordSchema = z.object({ password: passwordSchema });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
export type SignIn = z.infer<typeof signInSchema>;
