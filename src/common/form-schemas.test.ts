/**
 * The forms' schemas in each language (docs/product.md#language): the same bad input is refused by the same
 * rule, in English word for word as the API has always answered, and in Bangla with no English
 * sentence left in it.
 */
import { describe, expect, it } from 'vitest';
import { bookSchemas, formSchemas } from './form-schemas.ts';
import { bnValidation } from './i18n/bn-validation.ts';
import { enValidation } from './i18n/en-validation.ts';

const THIS_YEAR = 2026;

/** The first message for each field, as the forms show them. */
function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
  return found;
}

const badRegistration = { name: '', email: 'not-an-address', photoURL: '', password: 'short' };
const badBook = {
  name: 'Gitanjali',
  author: 'Rabindranath Tagore',
  category: '',
  quantity: 1.5,
  rating: 4.55,
  shortDescription: 'Songs',
  image: 'javascript:alert(1)',
  isbn: '978-0-306-40615-8',
  publishedYear: THIS_YEAR + 1,
  language: 'bangla',
};
const badLoan = { bookId: '', borrowedDate: '2026-02-30', returnDate: '2026-1-5' };

describe('the forms’ schemas', () => {
  it('refuse in English exactly as the API always has', () => {
    const english = formSchemas(enValidation);
    expect(messagesOf(english.registerSchema.safeParse(badRegistration))).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email',
      photoURL: 'Photo URL is required',
      password: 'Password must be at least 6 characters',
    });
    expect(
      messagesOf(bookSchemas(() => THIS_YEAR, enValidation).create.safeParse(badBook)),
    ).toEqual({
      category: "Category must be one of the library's categories",
      quantity: 'Quantity must be a whole number',
      rating: 'Rating goes in steps of 0.1',
      image: 'Image must be an http(s) URL or a path on this site',
      isbn: 'ISBN must be an ISBN-10 or ISBN-13 with a valid check digit',
      publishedYear: 'Published year must be between 1000 and this year',
      language: 'Language must be a two-letter ISO 639-1 code such as bn or en',
    });
    expect(messagesOf(english.loanCreateSchema.safeParse(badLoan))).toEqual({
      bookId: 'Book is required',
      borrowedDate: 'Borrowed Date is not a real date',
      returnDate: 'Return Date must be a date as YYYY-MM-DD',
    });
    expect(
      messagesOf(
        english.loanCreateSchema.safeParse({
          bookId: 'b1',
          borrowedDate: '2026-03-10',
          returnDate: '2026-03-09',
        }),
      ),
    ).toEqual({ returnDate: 'Return Date cannot be before Borrowed Date' });
  });

  it('refuse in Bangla by the same rules, with Bengali digits', () => {
    const bangla = formSchemas(bnValidation);
    expect(messagesOf(bangla.registerSchema.safeParse(badRegistration))).toEqual({
      name: 'অনুগ্রহ করে নাম লিখুন',
      email: 'অনুগ্রহ করে একটি সঠিক ইমেইল ঠিকানা লিখুন',
      photoURL: 'অনুগ্রহ করে ছবির ঠিকানা দিন',
      password: 'পাসওয়ার্ডে অন্তত ৬টি অক্ষর থাকতে হবে',
    });
    const book = messagesOf(bookSchemas(() => THIS_YEAR, bnValidation).create.safeParse(badBook));
    expect(Object.keys(book)).toEqual(
      Object.keys(messagesOf(bookSchemas(() => THIS_YEAR, enValidation).create.safeParse(badBook))),
    );
    expect(book.publishedYear).toBe('প্রকাশের বছর ১০০০ থেকে এ বছরের মধ্যে হতে হবে');
    expect(book.rating).toBe('রেটিং ০.১ করে বাড়ে-কমে, যেমন ৪.৫');
    const loan = messagesOf(bangla.loanCreateSchema.safeParse(badLoan));
    expect(loan).toEqual({
      bookId: 'অনুগ্রহ করে একটি বই বেছে নিন',
      borrowedDate: 'ধারের তারিখ সঠিক নয়: ক্যালেন্ডারে এমন কোনো দিন নেই',
      returnDate: 'ফেরতের তারিখ বছর-মাস-দিন (YYYY-MM-DD) আকারে দিন',
    });
    // No English sentence: Latin letters only in names of formats and codes (ISBN, URL, bn…).
    for (const message of [...Object.values(book), ...Object.values(loan)])
      expect(message.replace(/ISBN|ISO|URL|http\(s\)|YYYY-MM-DD|\bbn\b|\ben\b/g, '')).not.toMatch(
        /[A-Za-z]/,
      );
  });
});
