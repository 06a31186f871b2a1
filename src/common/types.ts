/**
 * The shapes of the API's answers (DECISIONS.md §5), inferred from their schemas (schemas.ts):
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
  categoryOptionSchema,
  circulationRulesSchema,
  deleteResultSchema,
  deskHoldSchema,
  deskMemberSchema,
  deskStatsSchema,
  holdPlacedSchema,
  holdSchema,
  holdStatusSchema,
  insertResultSchema,
  loanBookDetailsSchema,
  loanSchema,
  memberDataExportSchema,
  noticeChoicesSchema,
  noticeSchema,
  storedImageSchema,
  updateResultSchema,
} from './schemas.ts';

/** The answer body of every failed API request. */
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export type Book = z.infer<typeof bookSchema>;

export type CategorySummary = z.infer<typeof categorySummarySchema>;

/** GET /api/books/facets: the matches of a search in all, on the shelf, and per category. */
export type BookFacets = z.infer<typeof bookFacetsSchema>;

export type LoanBookDetails = z.infer<typeof loanBookDetailsSchema>;

export type Loan = z.infer<typeof loanSchema>;

export type HoldStatus = z.infer<typeof holdStatusSchema>;

export type Hold = z.infer<typeof holdSchema>;

export type HoldPlaced = z.infer<typeof holdPlacedSchema>;

/** The circulation rules in force, and the library's today (DECISIONS.md §9). */
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

/** GET /api/profile/data: everything the library keeps about the member, as a download. */
export type MemberDataExport = z.infer<typeof memberDataExportSchema>;

/** A category the library offers (GET /api/categories/options). */
export type CategoryOption = z.infer<typeof categoryOptionSchema>;
