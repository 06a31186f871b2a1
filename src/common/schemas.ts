/**
 * One zod schema per payload. The server validates requests with them and the client's forms
 * validate with the very same definitions, so a rule can never differ between the two.
 */
import { z } from 'zod';
import {
  ADD_QUANTITY_MIN,
  NOTICE_KINDS,
  BOOK_SORTS,
  COUNTED_MATCHES,
  ADD_RATING_MIN,
  EMAIL_MAX_LENGTH,
  CATEGORIES,
  canonicalCategory,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PASSWORD_MIN_LENGTH,
  PUBLISHED_YEAR_MIN,
  RATING_MAX,
  ROLES,
  RATING_STEP,
  TEXT_LIMITS,
  UPDATE_QUANTITY_MIN,
  UPDATE_RATING_MIN,
} from './constants.ts';
import { normalizeIsbn } from './isbn.ts';
import { isLanguageCode } from './languages.ts';
import { BORROW_REFUSALS, ERROR_CODES } from './error-codes.ts';
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

/** A text field a book may leave empty: blank means none. */
const blankAsNone = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

export const ISBN_MESSAGE = 'ISBN must be an ISBN-10 or ISBN-13 with a valid check digit';

/** Hyphens and spaces accepted; kept as the ISBN-13 (common/isbn.ts). */
const isbn = z
  .string({ error: ISBN_MESSAGE })
  .max(TEXT_LIMITS.isbn, ISBN_MESSAGE)
  .transform((value, context) => {
    const normalized = normalizeIsbn(value);
    if (normalized) return normalized;
    context.addIssue({ code: 'custom', message: ISBN_MESSAGE });
    return z.NEVER;
  });

const publisher = z
  .string({ error: 'Publisher must be text' })
  .trim()
  .max(TEXT_LIMITS.publisher, `Publisher must be at most ${TEXT_LIMITS.publisher} characters`);

/** 1000 to this year: the year comes from whoever checks, the library's clock on the server. */
const publishedYear = (thisYear: () => number) =>
  z
    .number({ error: 'Published year must be a number' })
    .int('Published year must be a whole number')
    .min(PUBLISHED_YEAR_MIN, `Published year must be between ${PUBLISHED_YEAR_MIN} and this year`)
    .refine(
      (year) => year <= thisYear(),
      `Published year must be between ${PUBLISHED_YEAR_MIN} and this year`,
    );

export const LANGUAGE_MESSAGE = 'Language must be a two-letter ISO 639-1 code such as bn or en';

const language = z
  .string({ error: LANGUAGE_MESSAGE })
  .trim()
  .toLowerCase()
  .refine(isLanguageCode, LANGUAGE_MESSAGE);

/**
 * The optional record fields (DECISIONS.md §10). Absent or blank means none; an update may send
 * null (or blank) to take a value away, and leaves out what it does not change.
 */
const recordFields = (thisYear: () => number) => ({
  isbn: z.preprocess(blankAsNone, isbn.nullable()).optional(),
  publisher: z.preprocess(blankAsNone, publisher.nullable()).optional(),
  publishedYear: z.preprocess(blankAsNone, publishedYear(thisYear).nullable()).optional(),
  language: z.preprocess(blankAsNone, language.nullable()).optional(),
});

/**
 * The schemas of a book's payloads, for a clock: the server builds them with the library's
 * (CLOCK_OFFSET and LIBRARY_TIMEZONE), the browser's forms with its own. `row` is a row of a
 * catalogue import: an added book, except that quantity and rating may be as low as an update
 * leaves them, since an export holds whatever updates made (docs/decisions/003-desk.md).
 */
export function bookSchemas(thisYear: () => number) {
  const create = z.object({
    name: requiredText('Name', TEXT_LIMITS.name),
    author: requiredText('Author', TEXT_LIMITS.author),
    category: categorySchema,
    quantity: quantity(ADD_QUANTITY_MIN),
    rating: rating(ADD_RATING_MIN),
    shortDescription: requiredText('Short description', TEXT_LIMITS.shortDescription),
    image: imageUrlSchema,
    content: optionalContent,
    ...recordFields(thisYear),
  });
  /** An update names the book and its author; every other field may be left as it is. */
  const update = z.object({
    name: requiredText('Name', TEXT_LIMITS.name),
    author: requiredText('Author', TEXT_LIMITS.author),
    category: categorySchema.optional(),
    quantity: quantity(UPDATE_QUANTITY_MIN).optional(),
    rating: rating(UPDATE_RATING_MIN).optional(),
    shortDescription: requiredText('Short description', TEXT_LIMITS.shortDescription).optional(),
    image: imageUrlSchema.optional(),
    content: optionalContent,
    ...recordFields(thisYear),
  });
  const row = create.extend({
    quantity: quantity(UPDATE_QUANTITY_MIN),
    rating: rating(UPDATE_RATING_MIN),
  });
  return { create, update, row };
}
type BookSchemas = ReturnType<typeof bookSchemas>;
export type BookCreate = z.infer<BookSchemas['create']>;
export type BookUpdate = z.infer<BookSchemas['update']>;
export type BookImportRow = z.infer<BookSchemas['row']>;

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

/**
 * PATCH /api/profile/notice-choices: which notices the member wants by e-mail; kinds left out
 * stay as they were, and at least one must be named.
 */
export const noticeChoicesUpdateSchema = z
  .strictObject(
    Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
      (typeof NOTICE_KINDS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .refine((choices) => Object.values(choices).some((value) => value !== undefined), {
    message: `Name at least one of ${NOTICE_KINDS.join(', ')}`,
  });
export type NoticeChoicesUpdate = z.infer<typeof noticeChoicesUpdateSchema>;

/*
 * The API's answers (DECISIONS.md §5, part two). The server declares them on its routes (they
 * serialize its answers and make the OpenAPI document) and the client's types are inferred from
 * them (types.ts), so an answer's shape is written down once.
 */

/** `:id` in a path: every id is a string. */
export const idParamsSchema = z.object({ id: z.string().min(1) });

export const apiErrorSchema = z
  .object({
    error: z.string().describe('A sentence for people'),
    code: z.enum(ERROR_CODES),
    issues: z
      .array(
        z.object({
          path: z.string(),
          message: z.string(),
          row: z.number().int().optional().describe("A catalogue import's row (the header is 1)"),
        }),
      )
      .optional(),
  })
  .meta({ id: 'ApiError' });

export const bookSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    author: z.string(),
    category: categorySchema,
    quantity: z.number().int().describe('Copies on the shelf, free to borrow'),
    rating: z.number(),
    shortDescription: z.string(),
    image: z.string(),
    content: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    holds: z.number().int().describe('Members waiting in the holds queue for a copy'),
    isbn: z.string().nullable().describe('ISBN-13, digits only (DECISIONS.md §10)'),
    publisher: z.string().nullable(),
    publishedYear: z.number().int().nullable(),
    language: z.string().nullable().describe('An ISO 639-1 code such as bn or en'),
  })
  .meta({ id: 'Book' });

export const categorySummarySchema = z.object({
  name: categorySchema,
  image: z.string(),
  count: z.number().int(),
});

export const bookFacetsSchema = z.object({
  total: z.number().int().describe('Books matching the search (on the shelf only, when asked)'),
  available: z.number().int().describe('Books matching the search with a copy on the shelf'),
  categories: z.array(z.object({ name: categorySchema, count: z.number().int() })),
  estimated: z
    .boolean()
    .describe(
      `The counts are estimates, rounded to two figures: the search matches over ${COUNTED_MATCHES.toLocaleString('en')} books`,
    ),
});

export const loanBookDetailsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string().describe('The same as name; the old product read it'),
  author: z.string(),
  category: categorySchema,
  image: z.string(),
});

export const loanSchema = z
  .object({
    _id: z.string(),
    bookId: z.string(),
    userName: z.string(),
    userEmail: z.string(),
    borrowedDate: z.string(),
    returnDate: z.string(),
    bookDetails: loanBookDetailsSchema,
    overdue: z.boolean(),
    daysLeft: z.number().int().describe('Negative once overdue'),
    renewals: z.number().int(),
    renewable: z.boolean(),
    returnedAt: z.string().nullable().describe('An ISO instant; null while the book is out'),
  })
  .meta({ id: 'Loan' });

export const holdStatusSchema = z.enum(['waiting', 'ready']);

export const holdSchema = z
  .object({
    _id: z.string(),
    bookId: z.string(),
    status: holdStatusSchema,
    position: z.number().int().nullable().describe('1 for the next copy; null once ready'),
    readyUntil: z.string().nullable().describe('Until when a ready copy is kept'),
    bookDetails: loanBookDetailsSchema,
  })
  .meta({ id: 'Hold' });

export const insertResultSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
});

export const holdPlacedSchema = insertResultSchema.extend({ position: z.number().int() });

export const updateResultSchema = z.object({
  acknowledged: z.literal(true),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
});

export const deleteResultSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
});

export const circulationRulesSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  loanDays: z.number().int(),
  renewalsMax: z.number().int(),
  holdsMax: z.number().int(),
  holdPickupDays: z.number().int(),
  borrowLimit: z.number().int(),
});

export const borrowCheckSchema = z.object({
  canBorrow: z.boolean(),
  reason: z.enum(BORROW_REFUSALS).nullable(),
});

export const deskHoldSchema = holdSchema
  .extend({ userName: z.string(), userEmail: z.string() })
  .meta({ id: 'DeskHold' });

export const deskMemberSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    loans: z.number().int().describe('Current loans'),
    overdue: z.number().int().describe('Current loans past their return date'),
    blocked: z.boolean(),
  })
  .meta({ id: 'DeskMember' });

export const deskStatsSchema = z.object({
  books: z.number().int(),
  copies: z.number().int(),
  onLoan: z.number().int(),
  overdue: z.number().int(),
  holdsWaiting: z.number().int(),
  loansThisMonth: z.number().int(),
  topBooks: z
    .array(z.object({ _id: z.string(), name: z.string(), author: z.string(), loans: z.number() }))
    .describe('The most borrowed books, most first (at most 5)'),
});

export const healthSchema = z.object({ status: z.literal('ok') });

/** POST /api/images: where the stored image is served, and its size after re-encoding. */
export const storedImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** A notice as the member sees it in the app (GET /api/profile/notices). */
export const noticeSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(NOTICE_KINDS),
    bookId: z.string(),
    bookName: z.string(),
    until: z
      .string()
      .describe('The due date (YYYY-MM-DD) of a loan notice; the pickup deadline of a hold notice'),
    createdAt: z.string(),
    email: z
      .enum(['pending', 'sent', 'optedOut', 'failed'])
      .describe('Whether it went by e-mail: not yet, yes, or not (the member said no to its kind)'),
  })
  .meta({ id: 'Notice' });

/** Which notices the member wants by e-mail (GET and PATCH /api/profile/notice-choices). */
export const noticeChoicesSchema = z.object(
  Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    (typeof NOTICE_KINDS)[number],
    z.ZodBoolean
  >,
);

/** GET /api/profile/data: everything the library keeps about the member, as a download. */
export const memberDataExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    role: z.string(),
    createdAt: z.string(),
  }),
  noticeChoices: noticeChoicesSchema,
  loans: z.array(loanSchema),
  holds: z.array(holdSchema),
  notices: z.array(noticeSchema),
});
