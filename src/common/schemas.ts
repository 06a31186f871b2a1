/**
 * The API's schemas: every payload's (requests and answers), one definition each. The server
 * validates requests with them and declares its answers with them (OpenAPI). The schemas of what
 * people type into forms are built in common/form-schemas.ts for a language; here they are the
 * English ones the routes declare, and the client's forms build the very same rules in the page's
 * language (client/lib/schemas.ts), so a rule can never differ between the two.
 */
import { z } from 'zod';
import {
  NOTICE_KINDS,
  BOOK_SORTS,
  COUNTED_MATCHES,
  canonicalCategory,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  ROLES,
  TEXT_LIMITS,
} from './constants.ts';
import { BORROW_REFUSALS, ERROR_CODES } from './error-codes.ts';
import { formSchemas } from './form-schemas.ts';
import { enValidation } from './i18n/en-validation.ts';

export { bookSchemas } from './form-schemas.ts';
export type {
  BookCreate,
  BookImportRow,
  BookUpdate,
  ForgotPassword,
  LoanCreate,
  Register,
  ResetPassword,
  SignIn,
} from './form-schemas.ts';

/** The forms' schemas as the API's routes take them, with the API's English messages. */
export const englishFormSchemas = formSchemas(enValidation);
export const {
  categorySchema,
  imageUrlSchema,
  loanCreateSchema,
  holdCreateSchema,
  passwordSchema,
  emailSchema,
  memberNameSchema,
  languageSchema,
  registerSchema,
  signUpProfileSchema,
  profileUpdateSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
} = englishFormSchemas;

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
    expectedBack: z
      .string()
      .nullable()
      .describe('With no copy on the shelf: the earliest due date (YYYY-MM-DD) of its loans'),
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

/** A category the library offers (GET and POST /api/categories/options). */
export const categoryOptionSchema = z
  .object({ name: categorySchema })
  .meta({ id: 'CategoryOption' });
export const categoryNameParamsSchema = z.object({ name: z.string().min(1).max(100) });
