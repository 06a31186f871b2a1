/** Facts of the library's rules and the product's identity, shared by server and client. */

export const DEFAULT_APP_NAME = 'Pathagar';

/** A member may hold at most this many loans at once (SPEC §9). */
export const BORROW_LIMIT = 3;

/**
 * Past this many matches a search's total and its facets are estimated, not counted: counting
 * tens of thousands of matches was most of a new search's work at a million books, and nobody
 * pages that far. Search engines answer "about …" too (issue 16, item 11).
 */
export const COUNTED_MATCHES = 1000;

/**
 * The circulation rules' defaults (DECISIONS.md §9); each is a setting of the same name
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
 * What the library tells members by e-mail and in the app (DECISIONS.md §11): a loan due soon, a
 * loan overdue (the day after its due date), a hold's copy kept for them, a hold that expired.
 */
export const NOTICE_KINDS = ['dueSoon', 'overdue', 'holdReady', 'holdExpired'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A loan's "due soon" notice comes this many days before its due date. */
export const DUE_SOON_DAYS = 2;

/** Who an account is (DECISIONS.md §10); the server reads it from the database on every request. */
export const ROLES = ['member', 'librarian'] as const;
export type Role = (typeof ROLES)[number];

/** Who may add, update and increment books (`CATALOGUE_EDITORS`); `members` is the seed's rule. */
export const CATALOGUE_EDITORS = ['members', 'librarians'] as const;
export type CatalogueEditors = (typeof CATALOGUE_EDITORS)[number];

/**
 * The seed's categories: what a library starts with. Librarians add, rename and remove categories
 * (docs/product/catalogue-and-accounts.md), so a book's category is any name the library offers.
 */
export const DEFAULT_CATEGORIES = ['Novel', 'Thriller', 'History', 'Drama', 'Sci-Fi'] as const;
export type DefaultCategory = (typeof DEFAULT_CATEGORIES)[number];
export type Category = string;
export const CATEGORY_NAME_MAX = 40;

/**
 * The category a name means among `offered`, whatever its case (`sci-fi` is Sci-Fi), or
 * undefined for a name that is none. Paths and the API's `category` filter take names this way.
 */
export function canonicalCategory(
  name: string,
  offered: readonly string[] = DEFAULT_CATEGORIES,
): Category | undefined {
  const wanted = name.trim().toLowerCase();
  return offered.find((category) => category.toLowerCase() === wanted);
}

/** The orders a list of books can come in (GET /api/books?sort=); newest is the default. */
export const BOOK_SORTS = ['newest', 'title', 'author', 'rating'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];

export const RATING_MAX = 5;
/** Books are added with a rating of at least 1 but may be corrected down to 0 (SPEC §9). */
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

/** Stored images (DECISIONS.md §12): the largest upload or fetched file, and the long side kept. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 1200;
/** The types the upload control offers; the server decides by decoding, not by these names. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The earliest year of publication a book may give (DECISIONS.md §10); the latest is this year. */
export const PUBLISHED_YEAR_MIN = 1000;
/** The front desk's telephone and address for mail (the contact page, the study rooms page). */
export const LIBRARY_PHONE = '+880 2-5566-1010';
export const LIBRARY_EMAIL = 'desk@citylibrary.example';
