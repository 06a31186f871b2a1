/**
 * Every `code` the API can put in an error answer `{ error, code }`.
 * The client maps these to the specification's texts in one table (client/lib/messages.ts).
 */
export const ERROR_CODES = [
  'VALIDATION',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CSRF',
  'NOT_FOUND',
  'BOOK_NOT_FOUND',
  'LOAN_NOT_FOUND',
  'NOT_AVAILABLE',
  'ALREADY_BORROWED',
  'LIMIT_REACHED',
  'INVALID_DATES',
  'OVERDUE_LOANS',
  'RENEWAL_LIMIT',
  'HOLD_QUEUE',
  'HOLD_NOT_FOUND',
  'COPIES_AVAILABLE',
  'ALREADY_ON_HOLD',
  'HOLD_LIMIT_REACHED',
  'EMAIL_NOT_VERIFIED',
  'BOOK_IN_CIRCULATION',
  'MEMBER_BLOCKED',
  'MEMBER_NOT_FOUND',
  'INVALID_IMAGE',
  'IMAGE_UNREACHABLE',
  'OPEN_LOANS',
  'DUPLICATE_ISBN',
  'RATE_LIMITED',
  'WEAK_PASSWORD',
  'EMAIL_EXISTS',
  'INVALID_CREDENTIALS',
  'INVALID_TOKEN',
  'AUTH_ERROR',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'DUPLICATE_CATEGORY',
  'CATEGORY_IN_USE',
  'CATEGORY_NOT_FOUND',
  'NOT_IN_COLLECTION',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Why a member cannot borrow a book, as `GET /api/borrowedBooks/check` reports it. */
export const BORROW_REFUSALS = [
  'NOT_FOUND',
  'EMAIL_NOT_VERIFIED',
  'MEMBER_BLOCKED',
  'OVERDUE_LOANS',
  'NOT_AVAILABLE',
  'ALREADY_BORROWED',
  'LIMIT_REACHED',
] as const;
export type BorrowRefusal = (typeof BORROW_REFUSALS)[number];
