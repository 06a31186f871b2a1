/** Facts of the library's rules and the product's identity, shared by server and client. */

export const DEFAULT_APP_NAME = 'Pathagar';

/** A member may hold at most this many loans at once (docs/product.md#timings). */
export const BORROW_LIMIT = 3;

/**
 * One request adds or withdraws at most this many copies of a book (issue 33): a book's quantity
 * once made the server create a million copies for any member who asked.
 */
export const COPIES_PER_REQUEST = 100;

/** The most copies a book's quantity may name (an update reaches it a hundred at a time). */
export const QUANTITY_MAX = 1_000_000;

/**
 * Past this many matches, five pages of twenty, a search's total and its facets are estimated, not
 * counted (docs/decisions/032-counted-up-to-a-hundred.md): counting reads a row of the catalogue
 * for every match, and at a million books counting up to 1,000 was the largest part of a new
 * search's work. Search engines answer "about …" too (issue 16, item 11).
 */
export const COUNTED_MATCHES = 100;

/**
 * The circulation rules' defaults (docs/product.md#circulation); each is a setting of the same name
 * (config.ts), and the client reads the values in force from `GET /api/circulation/rules`.
 */
export const CIRCULATION_DEFAULTS = {
  loanDays: 14,
  renewalsMax: 2,
  holdsMax: 3,
  holdPickupDays: 2,
  libraryTimezone: 'Asia/Dhaka',
} as const;

/**
 * What the library tells members by e-mail and in the app (docs/product.md#accounts): a loan due soon, a
 * loan overdue (the day after its due date), a hold's copy kept for them, a hold that expired.
 */
export const NOTICE_KINDS = [
  'dueSoon',
  'overdue',
  'holdReady',
  'holdExpired',
  'ebookReady',
  'membershipExpiring',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * Everything the notices' outbox sends a member: the notices above (which the member may turn off
 * and sees listed in the app), and the mails of bookings and events, of a hold cancelled at the
 * desk, of a receipt of a payment or waiver, and of the account itself. One mail path (docs/architecture.md#notices-by-e-mail).
 */
export const OUTBOX_KINDS = [
  ...NOTICE_KINDS,
  'roomBooked',
  'roomCancelled',
  'eventRegistered',
  'eventPromoted',
  'eventReminder',
  'eventCancelled',
  'holdCancelled',
  'verifyEmail',
  'resetPassword',
  'roomReminder',
  'phoneCode',
  'receipt',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** How a row of the outbox reaches the member: every event by e-mail, and by SMS when they chose it. */
export const NOTICE_CHANNELS = ['email', 'sms'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/**
 * The notices a member may have by SMS (docs/product.md#sms), all off at first; turning one on
 * needs a confirmed number. A room's reminder goes by SMS only.
 */
export const SMS_NOTICE_KINDS = [
  'dueSoon',
  'overdue',
  'holdReady',
  'roomReminder',
  'eventReminder',
] as const;
export type SmsNoticeKind = (typeof SMS_NOTICE_KINDS)[number];

/** What the outbox sends by SMS only: a room's reminder, and the code that confirms a number. */
export const SMS_ONLY_KINDS = ['roomReminder', 'phoneCode'] as const satisfies OutboxKind[];

/** A room's reminder goes this many hours before the booking starts (if booked earlier than that). */
export const ROOM_REMINDER_HOURS = 2;

/** Confirming a mobile number (docs/product.md#sms): the code's digits, tries, life, and codes an hour. */
export const PHONE_CODE = { digits: 6, tries: 5, minutes: 10, perHour: 3 } as const;

/** Whether a notice went by e-mail: not yet, yes, not (the member said no to its kind), or failed. */
export const NOTICE_EMAIL_STATES = ['pending', 'sent', 'optedOut', 'failed'] as const;
export type NoticeEmailState = (typeof NOTICE_EMAIL_STATES)[number];

/** A loan's "due soon" notice comes this many days before its due date. */
export const DUE_SOON_DAYS = 2;

/** Who an account is (docs/product.md#librarians); the server reads it from the database on every request. */
/** Where better-auth answers, under the API. */
export const AUTH_BASE_PATH = '/api/auth';

export const ROLES = ['member', 'librarian'] as const;
export type Role = (typeof ROLES)[number];

/** Who may add, update and increment books (`CATALOGUE_EDITORS`); `members` is the seed's rule. */
export const CATALOGUE_EDITORS = ['members', 'librarians'] as const;
export type CatalogueEditors = (typeof CATALOGUE_EDITORS)[number];

/**
 * The seed's five categories, the library's until librarians choose others
 * (docs/product.md#categories): the catalogue's categories are rows of the database
 * (`GET /api/categories/options`), named in English and Bangla.
 */
export const DEFAULT_CATEGORIES = ['Novel', 'Thriller', 'History', 'Drama', 'Sci-Fi'] as const;
/** A category's English name, as books carry it. */
export type Category = string;
/** The longest category name, in either language. */
export const CATEGORY_NAME_MAX = 60;

/** Two category names are one category when they differ only in case or surrounding spaces. */
export const categoryKey = (name: string) => name.trim().toLowerCase();

/**
 * The category a name means among `categories`, whatever its case (`sci-fi` is Sci-Fi), or
 * undefined for a name that is none of them. Paths and the API's `category` filter take names
 * this way (docs/product.md#search).
 */
export function canonicalCategory(
  name: string,
  categories: readonly string[] = DEFAULT_CATEGORIES,
): Category | undefined {
  const wanted = categoryKey(name);
  return categories.find((category) => categoryKey(category) === wanted);
}

/**
 * The orders a list of books can come in (GET /api/books?sort=). A search's default is
 * `relevance` (best matches first: docs/product.md#search), any other list's `newest`, which
 * `relevance` means there.
 */
export const BOOK_SORTS = ['relevance', 'newest', 'title', 'author', 'rating'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];

export const RATING_MAX = 5;
/** Books are added with a rating of at least 1 but may be corrected down to 0 (docs/product.md#timings). */
export const ADD_RATING_MIN = 1;
export const UPDATE_RATING_MIN = 0;
export const RATING_STEP = 0.1;

export const ADD_QUANTITY_MIN = 1;
export const UPDATE_QUANTITY_MIN = 0;

export const PASSWORD_MIN_LENGTH = 6;

/** The longest e-mail address accepted: RFC 5321 lets a mail path carry at most 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

/** Covers of a category page's first rows load at once; the rest wait until they scroll near. */
export const CATEGORY_EAGER_COVERS = 4;

/** Longest accepted text fields: generous for real titles, small enough to keep rows cheap. */
export const TEXT_LIMITS = {
  name: 200,
  author: 200,
  shortDescription: 1000,
  content: 20000,
  image: 2000,
  query: 200,
  /** An ISBN with hyphens or spaces between its 13 digits. */
  isbn: 32,
  publisher: 200,
} as const;

/** Stored images (docs/product.md#images): the largest upload or fetched file, and the long side kept. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 1200;
/** The types the upload control offers; the server decides by decoding, not by these names. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The earliest year of publication a book may give (docs/product.md#librarians); the latest is this year. */
export const PUBLISHED_YEAR_MIN = 1000;
/** The most a book's replacement cost may be, in taka (LOST_COPY_CHARGE's bound too). */
export const REPLACEMENT_COST_MAX = 1_000_000;
/** The front desk's telephone and address for mail (the contact page, the study rooms page). */
export const LIBRARY_PHONE = '+880 2-5566-1010';
export const LIBRARY_EMAIL = 'desk@citylibrary.example';

/**
 * Fines and membership's defaults (docs/product/fines-and-membership.md); each is a setting of the
 * same name in upper case (config.ts). Amounts are whole taka.
 */
export const FINES_DEFAULTS = {
  finePerDay: 2,
  fineMaxPerLoan: 100,
  finesBlockAt: 50,
  lostCopyCharge: 500,
  membershipMonths: 12,
} as const;

/** The ledger's kinds of entry: charges (overdue, lost) and what takes them off (payment, waiver). */
export const FINE_KINDS = ['overdue', 'lost', 'payment', 'waiver'] as const;
export type FineKind = (typeof FINE_KINDS)[number];

/** The membership notice comes this many days before the last day of the membership. */
export const MEMBERSHIP_NOTICE_DAYS = 14;
/** Who records a return (`RETURNS`): `members` is the seed's rule; `desk` returns only by check-in. */
export const RETURNS = ['members', 'desk'] as const;
export type Returns = (typeof RETURNS)[number];
/** The digital library's settings, by default (docs/product/digital-library.md). */
export const EBOOK_DEFAULTS = { loanDays: 14, loansMax: 3, maxMb: 50 } as const;
/** An e-book unpacked may be at most this many times EBOOK_MAX_MB (no zip bombs). */
export const EBOOK_UNPACKED_FACTOR = 10;
/** `open`: anyone reads it, signed in or not; `lend`: each digital copy is read by one member at a time. */
export const EBOOK_ACCESS = ['open', 'lend'] as const;
export type EbookAccess = (typeof EBOOK_ACCESS)[number];

/** Returned loans shown on one page of Borrowed Books' History tab. */
export const HISTORY_PAGE_SIZE = 10;
