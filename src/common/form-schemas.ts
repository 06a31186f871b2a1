/**
 * The schemas of what people type into the forms, built with a language's validation messages
 * (common/i18n/en-validation.ts, bn-validation.ts). The server builds them in English for its
 * routes (common/schemas.ts) and in the request's language where it answers people
 * (server/request-language.ts); the browser builds them once, in the page's language
 * (client/lib/browser-schemas.ts). The rules are written once, here, and every sentence once per
 * language in the catalogues: a message is never a key, and English stays what the API answered.
 */
import { z } from 'zod';
import { isCalendarDay } from './calendar.ts';
import {
  ADD_QUANTITY_MIN,
  ADD_RATING_MIN,
  CATEGORY_NAME_MAX,
  COPIES_PER_REQUEST,
  EMAIL_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PUBLISHED_YEAR_MIN,
  REPLACEMENT_COST_MAX,
  QUANTITY_MAX,
  RATING_MAX,
  RATING_STEP,
  TEXT_LIMITS,
  UPDATE_QUANTITY_MIN,
  UPDATE_RATING_MIN,
} from './constants.ts';
import type { ValidationCatalogue } from './i18n/catalogue.ts';
import { LANGUAGES } from './i18n/languages.ts';
import { normalizeIsbn } from './isbn.ts';
import { isLanguageCode } from './book-languages.ts';

type Field = keyof ValidationCatalogue['fields'];
type RequiredField = keyof ValidationCatalogue['required'];

/** A text that must be given: required, then at most `max` characters. */
const requiredText = (m: ValidationCatalogue, field: Field & RequiredField, max: number) =>
  z
    .string({ error: m.required[field] })
    .trim()
    .min(1, m.required[field])
    .max(max, m.tooLong(m.fields[field], max));

/**
 * What a name may not hold (issue 30): `<` and `>`, which a page that ever read it as HTML would
 * run; control characters, line and paragraph separators included, which let a name carry a
 * paragraph of its own into the library's mails; and the bidirectional controls (U+061C,
 * U+200E–200F, U+202A–202E, U+2066–2069), which reverse the text after a name on the desk, in
 * receipts and in toasts (issue 33). The joiners Bengali spelling needs (U+200C, U+200D) stay.
 */
export const UNSAFE_NAME_CHARACTERS =
  /[<>\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A person's or a book's name: required text without the characters above. */
const nameText = (m: ValidationCatalogue, field: 'name' | 'author', max: number) =>
  requiredText(m, field, max).refine(
    (value) => !UNSAFE_NAME_CHARACTERS.test(value),
    m.nameCharacters(m.fields[field]),
  );

/** A rating has one decimal at most: 4.5 is fine, 4.55 is not. */
const isOnRatingStep = (value: number) => {
  const tenths = value / RATING_STEP;
  return Math.abs(tenths - Math.round(tenths)) < 1e-9;
};

const rating = (m: ValidationCatalogue, min: number) =>
  z
    .number({ error: m.ratingNumber })
    .min(min, m.ratingRange(min, RATING_MAX))
    .max(RATING_MAX, m.ratingRange(min, RATING_MAX))
    .refine(isOnRatingStep, m.ratingStep(RATING_STEP));

/**
 * A new book's copies are made one by one, so at most COPIES_PER_REQUEST of them; an update's
 * quantity may be any size, but moves the shelf by that many at most (Circulation.editStock).
 */
const quantity = (m: ValidationCatalogue, min: number, max: number) =>
  z
    .number({ error: m.quantityNumber })
    .int(m.quantityWhole)
    .min(min, m.quantityMin(min))
    .max(max, max === COPIES_PER_REQUEST ? m.copiesAtOnce(COPIES_PER_REQUEST) : m.quantityTooLarge);

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

/**
 * An image is an http(s) URL or a path on this site (the demo covers live under /covers); a
 * book's is its Image, a member's their Photo URL.
 */
const imageAddress = (m: ValidationCatalogue, field: 'image' | 'photoUrl') =>
  requiredText(m, field, TEXT_LIMITS.image).refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) || isPathOnThisSite(value),
    m.imageAddress(m.fields[field]),
  );

/** A text field a book may leave empty: blank means none. */
const blankAsNone = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** Hyphens and spaces accepted; kept as the ISBN-13 (common/isbn.ts). */
const isbn = (m: ValidationCatalogue) =>
  z
    .string({ error: m.isbn })
    .max(TEXT_LIMITS.isbn, m.isbn)
    .transform((value, context) => {
      const normalized = normalizeIsbn(value);
      if (normalized) return normalized;
      context.addIssue({ code: 'custom', message: m.isbn });
      return z.NEVER;
    });

const publisher = (m: ValidationCatalogue) =>
  z
    .string({ error: m.publisherText })
    .trim()
    .max(TEXT_LIMITS.publisher, m.tooLong(m.fields.publisher, TEXT_LIMITS.publisher));

/** 1000 to this year: the year comes from whoever checks, the library's clock on the server. */
const publishedYear = (m: ValidationCatalogue, thisYear: () => number) =>
  z
    .number({ error: m.yearNumber })
    .int(m.yearWhole)
    .min(PUBLISHED_YEAR_MIN, m.yearRange(PUBLISHED_YEAR_MIN))
    .refine((year) => year <= thisYear(), m.yearRange(PUBLISHED_YEAR_MIN));

const bookLanguage = (m: ValidationCatalogue) =>
  z.string({ error: m.bookLanguage }).trim().toLowerCase().refine(isLanguageCode, m.bookLanguage);

/** Whole taka, up to a million: what losing one copy of a book charges. */
const replacementCost = (m: ValidationCatalogue) =>
  z
    .number({ error: m.replacementCost })
    .int(m.replacementCost)
    .min(0, m.replacementCost)
    .max(REPLACEMENT_COST_MAX, m.replacementCost);

/**
 * The optional record fields (docs/product.md#librarians). Absent or blank means none; an update may send
 * null (or blank) to take a value away, and leaves out what it does not change.
 */
const recordFields = (m: ValidationCatalogue, thisYear: () => number) => ({
  isbn: z.preprocess(blankAsNone, isbn(m).nullable()).optional(),
  publisher: z.preprocess(blankAsNone, publisher(m).nullable()).optional(),
  publishedYear: z.preprocess(blankAsNone, publishedYear(m, thisYear).nullable()).optional(),
  language: z.preprocess(blankAsNone, bookLanguage(m).nullable()).optional(),
  /** Librarians only (common/permissions.ts FIELD_ACCESS); the server refuses it from others. */
  replacementCost: z.preprocess(blankAsNone, replacementCost(m).nullable()).optional(),
});

/**
 * A category's name; which names the library has is the server's to check (books.service.ts), and
 * the forms offer only those.
 */
export const categoryOf = (m: ValidationCatalogue) =>
  z.string({ error: m.category }).trim().min(1, m.category).max(CATEGORY_NAME_MAX, m.category);

/**
 * The schemas of a book's payloads, for a clock and a language: the server builds them with the
 * library's clock (CLOCK_OFFSET and LIBRARY_TIMEZONE), the browser's forms with its own. `row`
 * is a row of a catalogue import: an added book, except that quantity and rating may be as low
 * as an update leaves them, since an export holds whatever updates made
 * (docs/decisions/003-desk.md), and description and cover may be empty, as a MARC import leaves them.
 */
export function bookSchemas(thisYear: () => number, m: ValidationCatalogue) {
  const category = categoryOf(m);
  const content = z
    .string()
    .trim()
    .max(TEXT_LIMITS.content, m.tooLong(m.fields.content, TEXT_LIMITS.content))
    .optional();
  const create = z.object({
    name: nameText(m, 'name', TEXT_LIMITS.name),
    author: nameText(m, 'author', TEXT_LIMITS.author),
    category,
    quantity: quantity(m, ADD_QUANTITY_MIN, COPIES_PER_REQUEST),
    rating: rating(m, ADD_RATING_MIN),
    shortDescription: requiredText(m, 'shortDescription', TEXT_LIMITS.shortDescription),
    image: imageAddress(m, 'image'),
    content,
    ...recordFields(m, thisYear),
  });
  /** An update names the book and its author; every other field may be left as it is. */
  const update = z.object({
    name: nameText(m, 'name', TEXT_LIMITS.name),
    author: nameText(m, 'author', TEXT_LIMITS.author),
    category: category.optional(),
    quantity: quantity(m, UPDATE_QUANTITY_MIN, QUANTITY_MAX).optional(),
    rating: rating(m, UPDATE_RATING_MIN).optional(),
    shortDescription: requiredText(m, 'shortDescription', TEXT_LIMITS.shortDescription).optional(),
    image: imageAddress(m, 'image').optional(),
    content,
    ...recordFields(m, thisYear),
  });
  const row = create.extend({
    quantity: quantity(m, UPDATE_QUANTITY_MIN, COPIES_PER_REQUEST),
    rating: rating(m, UPDATE_RATING_MIN),
    // A book imported from a MARC record may have no description or cover yet (docs/product/marc.md).
    shortDescription: z
      .string({ error: m.required.shortDescription })
      .trim()
      .max(
        TEXT_LIMITS.shortDescription,
        m.tooLong(m.fields.shortDescription, TEXT_LIMITS.shortDescription),
      ),
    image: z.union([z.literal(''), imageAddress(m, 'image')]),
  });
  return { create, update, row };
}
type BookSchemas = ReturnType<typeof bookSchemas>;
export type BookCreate = z.infer<BookSchemas['create']>;
export type BookUpdate = z.infer<BookSchemas['update']>;
export type BookImportRow = z.infer<BookSchemas['row']>;

/** A calendar date as `YYYY-MM-DD` that really exists (no 2025-02-30). */
const isoDate = (m: ValidationCatalogue, field: 'borrowedDate' | 'returnDate') =>
  z
    .string({ error: m.required[field] })
    .min(1, m.required[field])
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateFormat(m.fields[field]))
    .refine(isCalendarDay, m.dateNotReal(m.fields[field]));

/** The schemas of the forms that are not a book's, in a language. */
export function formSchemas(m: ValidationCatalogue) {
  const bookId = z.string({ error: m.required.book }).trim().min(1, m.required.book).max(100);

  const loanCreateSchema = z
    .object({
      bookId,
      borrowedDate: isoDate(m, 'borrowedDate'),
      returnDate: isoDate(m, 'returnDate'),
    })
    .refine((loan) => loan.returnDate >= loan.borrowedDate, {
      message: m.returnBeforeBorrowed,
      path: ['returnDate'],
    });

  /** docs/product.md#catalogue: at least 6 characters with an upper- and a lower-case letter. */
  const passwordSchema = z
    .string()
    .min(PASSWORD_MIN_LENGTH, m.passwordLength(PASSWORD_MIN_LENGTH))
    .regex(/[A-Z]/, m.passwordUpper)
    .regex(/[a-z]/, m.passwordLower);

  const emailSchema = z
    .string()
    .trim()
    .min(1, m.required.email)
    .max(EMAIL_MAX_LENGTH, m.tooLong(m.fields.email, EMAIL_MAX_LENGTH))
    .email(m.emailInvalid);

  /** A member's name, as the register form and the server take it. */
  const memberNameSchema = nameText(m, 'name', TEXT_LIMITS.name);

  /** The member's language (docs/product.md#language): the mails the library sends them are written in it. */
  const languageSchema = z.enum(LANGUAGES, { error: m.memberLanguage });

  const imageUrlSchema = imageAddress(m, 'image');
  /** The member's photo: the same rule as a book's image, named as the forms name it. */
  const photoUrlSchema = imageAddress(m, 'photoUrl');

  return {
    categorySchema: categoryOf(m),
    imageUrlSchema,
    photoUrlSchema,
    loanCreateSchema,
    holdCreateSchema: z.object({ bookId }),
    passwordSchema,
    emailSchema,
    memberNameSchema,
    languageSchema,
    /** The register form: the photo is the form's Photo URL (or a file, uploaded afterwards). */
    registerSchema: z.object({
      name: memberNameSchema,
      email: emailSchema,
      photoURL: photoUrlSchema,
      password: passwordSchema,
    }),
    /**
     * What better-auth's sign-up takes besides the password, checked by the server with the
     * register form's rules. The photo is `image` there; clients other than the form may leave
     * it out.
     */
    signUpProfileSchema: z.object({
      name: memberNameSchema,
      email: emailSchema,
      image: imageUrlSchema.nullish(),
      lang: languageSchema.optional(),
    }),
    /** better-auth's update-user: each field may be left out; the photo may be removed (null). */
    profileUpdateSchema: z.object({
      name: memberNameSchema.optional(),
      image: imageUrlSchema.nullish(),
      lang: languageSchema.optional(),
    }),
    /** /forgotPassword: the address a reset link is mailed to. */
    forgotPasswordSchema: z.object({ email: emailSchema }),
    /** /resetPassword: the new password, under the rule of docs/product.md#catalogue. */
    resetPasswordSchema: z.object({ password: passwordSchema }),
    signInSchema: z.object({
      email: z.string().trim().min(1, m.required.email),
      password: z.string().min(1, m.required.password),
    }),
  };
}
type FormSchemas = ReturnType<typeof formSchemas>;
export type LoanCreate = z.infer<FormSchemas['loanCreateSchema']>;
export type Register = z.infer<FormSchemas['registerSchema']>;
export type ForgotPassword = z.infer<FormSchemas['forgotPasswordSchema']>;
export type ResetPassword = z.infer<FormSchemas['resetPasswordSchema']>;
export type SignIn = z.infer<FormSchemas['signInSchema']>;
