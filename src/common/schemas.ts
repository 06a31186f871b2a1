/**
 * The API's schemas: every payload's (requests and answers), one definition each. The server
 * validates requests with them and declares its answers with them (OpenAPI). The schemas of what
 * people type into forms are built in common/form-schemas.ts for a language; here they are the
 * English ones the routes declare, and the client's forms build the very same rules in the page's
 * language (client/lib/browser-schemas.ts), so a rule can never differ between the two.
 */
import { z } from 'zod';
import {
  EBOOK_ACCESS,
  NOTICE_EMAIL_STATES,
  FINE_KINDS,
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
import { memberRegistrationSchema } from './event-schemas.ts';
import { bookingSchema } from './room-schemas.ts';
import { phoneStateSchema, smsChoicesSchema } from './phone-schemas.ts';
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

/** GET /api/desk/loans (docs/product.md#librarians): every member's loans, paged by number. */
export const deskLoansQuerySchema = z.object({
  status: z.enum(['current', 'overdue', 'returned']).default('current'),
  q: searchFilter,
  limit: pagingFields.limit,
  page: pagingFields.page,
});

/** GET /api/books/:id/copies: a book's copies, paged by number. */
export const copiesQuerySchema = deskLoansQuerySchema.pick({ limit: true, page: true });

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

/*
 * The API's answers (docs/product.md#api, part two). The server declares them on its routes (they
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

/** A book's e-book, as every book answer carries it (docs/product/digital-library.md). */
export const ebookSummarySchema = z
  .object({
    access: z.enum(EBOOK_ACCESS),
    copies: z
      .number()
      .int()
      .describe('Digital copies of a lent title, each read by one member at a time'),
    available: z.number().int().describe('Copies neither lent nor kept for a waiting member'),
    waiting: z.number().int().describe('Members on the waiting list without a kept copy'),
  })
  .nullable()
  .meta({ id: 'EbookSummary' });

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
    isbn: z.string().nullable().describe('ISBN-13, digits only (docs/product.md#librarians)'),
    publisher: z.string().nullable(),
    publishedYear: z.number().int().nullable(),
    language: z.string().nullable().describe('An ISO 639-1 code such as bn or en'),
    replacementCost: z
      .number()
      .int()
      .nullable()
      .describe('What losing a copy charges, whole taka; null: LOST_COPY_CHARGE'),
    expectedBack: z
      .string()
      .nullable()
      .describe('With no copy on the shelf: the earliest due date (YYYY-MM-DD) of its loans'),
    ebook: ebookSummarySchema,
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
  corrected: z
    .string()
    .nullable()
    .describe(
      'The words looked for instead, one typo forgiven in each, when the search as typed found nothing; else null',
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
    lostAt: z
      .string()
      .nullable()
      .describe('When the loan was closed as its copy lost (an ISO instant); else null'),
    copyId: z.string().nullable().describe('The copy lent; null for loans made before copies'),
    barcode: z.string().nullable(),
    fineAccrued: z
      .number()
      .int()
      .describe('Whole taka an open overdue loan has accrued so far; 0 for any other loan'),
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

/**
 * A borrow: the loan started, or with RETURNS=desk the copy set aside for pickup until
 * `setAsideUntil`, `insertedId` then naming the hold that keeps it.
 */
export const borrowResultSchema = insertResultSchema.extend({
  setAsideUntil: z.string().optional(),
});

export const updateResultSchema = z.object({
  acknowledged: z.literal(true),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
});

/** DELETE /api/profile: the member's password, asked again before the account is gone. */
export const accountDeletionSchema = z
  .object({
    password: z
      .string()
      .max(1024)
      .optional()
      .describe('The account’s password; without the right one nothing is deleted (403)'),
  })
  .optional();

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
    expiresOn: z.string().describe('The last day of the membership (YYYY-MM-DD)'),
    balance: z.number().int().describe('Whole taka the member owes'),
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
      .enum(NOTICE_EMAIL_STATES)
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

/** Whole taka: an integer, never a fraction (docs/product/fines-and-membership.md). */
const taka = z.number().int();

/** One row of the fines ledger. */
export const fineEntrySchema = z
  .object({
    _id: z.string(),
    kind: z.enum(FINE_KINDS),
    amount: taka.positive().describe('Whole taka; the kind says whether it is owed or taken off'),
    createdAt: z.string(),
    loanId: z.string().nullable(),
    bookName: z.string(),
    note: z.string(),
  })
  .meta({ id: 'FineEntry' });

/** GET /api/fines: what the member owes, what their overdue loans are accruing, and the ledger. */
export const finesSchema = z
  .object({
    balance: taka.describe('Charges less payments and waivers, never below 0'),
    accruing: taka.describe('What the open overdue loans have accrued so far, not yet charged'),
    entries: z.array(fineEntrySchema).describe('Newest first'),
  })
  .meta({ id: 'Fines' });

const FINE_NOTE_MAX = 500;

/** POST /api/desk/members/:id/payments: whole taka from 1 to the balance. */
export const paymentCreateSchema = z.strictObject({
  amount: z.number().int().min(1).max(1_000_000_000),
  note: z.string().trim().max(FINE_NOTE_MAX).optional(),
});

/** POST /api/desk/members/:id/waivers: whole taka from 1 to the balance, and why. */
export const waiverCreateSchema = z.strictObject({
  amount: z.number().int().min(1).max(1_000_000_000),
  note: z.string().trim().min(1, 'Say why the amount is waived').max(FINE_NOTE_MAX),
});

export const fineEntryCreatedSchema = z.object({
  entry: fineEntrySchema,
  balance: taka.describe('What the member owes after it'),
});

/** GET /api/membership: the account's membership. */
export const membershipSchema = z
  .object({
    memberSince: z.string().describe('YYYY-MM-DD'),
    expiresOn: z.string().describe('The last valid day, YYYY-MM-DD'),
    expired: z.boolean(),
  })
  .meta({ id: 'Membership' });

/** POST /api/desk/members/:id/membership: the membership's new last day. */
export const membershipRenewedSchema = z.object({ expiresOn: z.string() });

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
  phone: phoneStateSchema,
  smsChoices: smsChoicesSchema,
  loans: z.array(loanSchema),
  holds: z.array(holdSchema),
  notices: z.array(noticeSchema),
  membership: membershipSchema,
  fines: finesSchema,
  cardNumber: z.string(),
  bookings: z.array(bookingSchema),
  registrations: z.array(memberRegistrationSchema),
  ebookLoans: z.array(
    z.object({
      _id: z.string(),
      bookId: z.string(),
      startedAt: z.string(),
      expiresAt: z.string(),
      endedAt: z.string().nullable(),
    }),
  ),
  ebookWaits: z.array(z.lazy(() => ebookWaitSchema)),
  readingPositions: z.array(
    z.object({
      bookId: z.string(),
      locator: z.string(),
      progress: z.number(),
      updatedAt: z.string(),
    }),
  ),
});

/** The digital library's payloads and answers (docs/product/digital-library.md). */
export const ebookPatchSchema = z
  .object({
    access: z.enum(EBOOK_ACCESS).optional(),
    copies: z.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .refine((patch) => patch.access !== undefined || patch.copies !== undefined, {
    message: 'Name the access, the copies, or both',
  });

export const ebookEditionSchema = z
  .object({
    bookId: z.string(),
    access: z.enum(EBOOK_ACCESS),
    copies: z.number().int(),
    available: z.number().int(),
    waiting: z.number().int(),
    size: z.number().int().describe('The EPUB, in bytes'),
    uploadedAt: z.string(),
  })
  .meta({ id: 'EbookEdition' });

export const ebookEditionAnswerSchema = z.object({ ebook: ebookEditionSchema });

export const ebookListQuerySchema = z.object({
  access: z.enum(EBOOK_ACCESS).optional(),
  q: z.string().trim().max(200).optional(),
});

export const ebookLoanSchema = z
  .object({
    _id: z.string(),
    bookId: z.string(),
    startedAt: z.string(),
    expiresAt: z.string().describe('The e-loan ends by itself at this time'),
  })
  .meta({ id: 'EbookLoan' });

export const ebookLoanAnswerSchema = z.object({ loan: ebookLoanSchema });

export const ebookBookDetailsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  author: z.string(),
  category: categorySchema,
  image: z.string(),
  language: z.string().nullable(),
});

export const ebookLoanListingSchema = ebookLoanSchema
  .extend({ bookDetails: ebookBookDetailsSchema })
  .meta({ id: 'EbookLoanListing' });

export const ebookWaitSchema = z
  .object({
    _id: z.string(),
    bookId: z.string(),
    status: z.enum(['waiting', 'ready']),
    position: z
      .number()
      .int()
      .nullable()
      .describe('Place on the waiting list; null once a copy is kept'),
    readyUntil: z.string().nullable().describe('A kept copy waits for the member until then'),
    bookDetails: ebookBookDetailsSchema,
  })
  .meta({ id: 'EbookWait' });

export const waitlistPlacedSchema = z.object({ position: z.number().int() });

export const readingPositionInputSchema = z
  .object({
    locator: z.string().trim().min(1).max(2000).describe("The reader's place (an EPUB CFI)"),
    progress: z.number().min(0).max(1),
  })
  .strict();

export const readingPositionSchema = z.object({
  locator: z.string().nullable(),
  progress: z.number(),
  updatedAt: z.string().nullable(),
});

export const bookIdParamsSchema = z.object({ bookId: z.string().min(1).max(64) });
export type EbookPatch = z.infer<typeof ebookPatchSchema>;
export type EbookListQuery = z.infer<typeof ebookListQuerySchema>;
export type ReadingPositionInput = z.infer<typeof readingPositionInputSchema>;
