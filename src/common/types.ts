/**
 * The shapes of the API's answers (docs/product.md#api), inferred from their schemas (schemas.ts):
 * what the server declares on its routes and publishes as OpenAPI is what the client is typed by.
 * Type-only imports: the client pays nothing for them.
 */
import type { z } from 'zod';
import type {
  apiErrorSchema,
  bookFacetsSchema,
  bookSchema,
  borrowCheckSchema,
  categorySummarySchema,
  circulationRulesSchema,
  deleteResultSchema,
  deskHoldSchema,
  deskMemberSchema,
  deskStatsSchema,
  ebookEditionSchema,
  ebookLoanListingSchema,
  ebookLoanSchema,
  ebookSummarySchema,
  ebookWaitSchema,
  readingPositionSchema,
  fineEntryCreatedSchema,
  fineEntrySchema,
  finesSchema,
  membershipSchema,
  holdPlacedSchema,
  holdSchema,
  insertResultSchema,
  loanBookDetailsSchema,
  loanSchema,
  memberDataExportSchema,
  noticeChoicesSchema,
  noticeSchema,
  storedImageSchema,
  updateResultSchema,
} from './schemas.ts';
import type { phoneStateSchema, profileSchema, smsChoicesSchema } from './phone-schemas.ts';
import type { fineReceiptSchema } from './receipt-schemas.ts';

/** The answer body of every failed API request. */
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export type Book = z.infer<typeof bookSchema>;

export type CategorySummary = z.infer<typeof categorySummarySchema>;

/** GET /api/books/facets: the matches of a search in all, on the shelf, and per category. */
export type BookFacets = z.infer<typeof bookFacetsSchema>;

export type LoanBookDetails = z.infer<typeof loanBookDetailsSchema>;

export type Loan = z.infer<typeof loanSchema>;

export type Hold = z.infer<typeof holdSchema>;

export type HoldPlaced = z.infer<typeof holdPlacedSchema>;

/** The circulation rules in force, and the library's today (docs/product.md#circulation). */
export type CirculationRules = z.infer<typeof circulationRulesSchema>;

export type BorrowCheck = z.infer<typeof borrowCheckSchema>;

export type InsertResult = z.infer<typeof insertResultSchema>;

export type UpdateResult = z.infer<typeof updateResultSchema>;

export type DeleteResult = z.infer<typeof deleteResultSchema>;

/** A hold as the desk sees it: whose it is, too. */
export type DeskHold = z.infer<typeof deskHoldSchema>;

/** GET /api/desk/members: an account, its role, and its loans now. */
export type DeskMember = z.infer<typeof deskMemberSchema>;

/** GET /api/desk/stats: the library at a glance. */
export type DeskStats = z.infer<typeof deskStatsSchema>;

/** POST /api/images: where the stored image is served, and its size after re-encoding. */
export type StoredImage = z.infer<typeof storedImageSchema>;

/** A notice as the member sees it in the app (GET /api/profile/notices). */
export type Notice = z.infer<typeof noticeSchema>;

/** Which notices the member wants by e-mail (GET and PATCH /api/profile/notice-choices). */
export type NoticeChoices = z.infer<typeof noticeChoicesSchema>;

/** Which notices the member wants by SMS (GET and PATCH /api/profile/sms-choices). */
export type SmsChoices = z.infer<typeof smsChoicesSchema>;

/** GET /api/profile: the member's own account with their number. */
export type Profile = z.infer<typeof profileSchema>;

/** The member's number and whether it is confirmed. */
export type PhoneState = z.infer<typeof phoneStateSchema>;

/** GET /api/profile/data: everything the library keeps about the member, as a download. */
export type MemberDataExport = z.infer<typeof memberDataExportSchema>;

/** The digital library's answers (docs/product/digital-library.md). */
export type EbookSummary = z.infer<typeof ebookSummarySchema>;
export type EbookEdition = z.infer<typeof ebookEditionSchema>;
export type EbookLoan = z.infer<typeof ebookLoanSchema>;
export type EbookLoanListing = z.infer<typeof ebookLoanListingSchema>;
export type EbookWait = z.infer<typeof ebookWaitSchema>;
export type ReadingPosition = z.infer<typeof readingPositionSchema>;
/** One row of the fines ledger. */
export type FineEntry = z.infer<typeof fineEntrySchema>;

/** GET /api/fines: balance, accruing and the ledger. */
export type Fines = z.infer<typeof finesSchema>;

/** A payment or waiver taken at the desk, and the balance after it. */
export type FineEntryCreated = z.infer<typeof fineEntryCreatedSchema>;

/** A printable receipt of a ledger entry. */
export type FineReceipt = z.infer<typeof fineReceiptSchema>;

/** An account's membership: since when, until when, whether it has ended. */
export type Membership = z.infer<typeof membershipSchema>;
