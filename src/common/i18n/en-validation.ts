/**
 * What a form or the API says about input it cannot take, in English (docs/product.md#language): the zod
 * schemas of common/form-schemas.ts take every message from this object or from bn-validation.ts,
 * so each sentence is written once per language and English stays word for word what the API
 * has always answered. The browser downloads only the current language's, with the first form
 * (client/lib/browser-schemas.ts); the server answers in the request's language (server/request-language.ts).
 * A text with a value in it is a function whose parameters are its placeholders.
 */
const readableDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/**
 * A `YYYY-MM-DD` date as the pages write it (5 Mar 2026), so a refusal names the dates the way
 * the form around it does (issue 36); anything else as given.
 */
const date = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? String(value) : readableDate.format(day);
};

export const enValidation = {
  /** The fields as the messages below name them. */
  fields: {
    name: 'Name',
    author: 'Author',
    shortDescription: 'Short description',
    image: 'Image',
    photoUrl: 'Photo URL',
    content: 'Content',
    publisher: 'Publisher',
    email: 'Email',
    borrowedDate: 'Borrowed Date',
    returnDate: 'Return Date',
  },
  /** An empty field that must be filled, by field. */
  required: {
    name: 'Name is required',
    author: 'Author is required',
    shortDescription: 'Short description is required',
    image: 'Image is required',
    photoUrl: 'Photo URL is required',
    email: 'Email is required',
    password: 'Password is required',
    book: 'Book is required',
    borrowedDate: 'Borrowed Date is required',
    returnDate: 'Return Date is required',
  },
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  imageAddress: (field: string) => `${field} must be an http(s) URL or a path on this site`,
  ratingNumber: 'Rating must be a number',
  ratingRange: (min: number, max: number) => `Rating must be between ${min} and ${max}`,
  ratingStep: (step: number) => `Rating goes in steps of ${step}`,
  quantityNumber: 'Quantity must be a number',
  quantityWhole: 'Quantity must be a whole number',
  quantityMin: (min: number) => `Quantity must be at least ${min}`,
  quantityTooLarge: 'Quantity is too large',
  copiesAtOnce: (max: number) => `At most ${max} copies can be added or withdrawn at once`,
  category: "Category must be one of the library's categories",
  isbn: 'ISBN must be an ISBN-10 or ISBN-13 with a valid check digit',
  publisherText: 'Publisher must be text',
  yearNumber: 'Published year must be a number',
  yearWhole: 'Published year must be a whole number',
  yearRange: (min: number) => `Published year must be between ${min} and this year`,
  bookLanguage: 'Language must be a two-letter ISO 639-1 code such as bn or en',
  dateFormat: (field: string) => `${field} must be a date as YYYY-MM-DD`,
  dateNotReal: (field: string) => `${field} is not a real date`,
  returnBeforeBorrowed: 'Return Date cannot be before Borrowed Date',
  /** The loan's dates the library refuses (INVALID_DATES), given as `YYYY-MM-DD`. */
  borrowedDateWindow: (today: string) =>
    `Borrowed Date must be today, ${date(today)} (a day either side is accepted)`,
  returnDateWindow: (earliest: string, latest: string, loanDays: number) =>
    `Return Date must be from ${date(earliest)} to ${date(latest)}: a loan lasts at most ${loanDays} days`,
  passwordLength: (min: number) => `Password must be at least ${min} characters`,
  passwordUpper: 'Password needs an uppercase letter',
  passwordLower: 'Password needs a lowercase letter',
  emailInvalid: 'Enter a valid email',
  memberLanguage: 'Language must be en or bn',
  /** The desk's catalogue import: what is wrong with the file or one of its rows. */
  replacementCost: 'The replacement cost must be a whole number of taka from 0 to 1,000,000',
  importIssues: {
    notCsv: 'The file is not valid CSV (a quote left open, or text after a closing quote)',
    empty: 'The file is empty',
    missingColumn: (column: string) => `The header has no column ${column}`,
    unknownColumn: (column: string) => `The header has an unknown column ${column}`,
    columnTwice: (column: string) => `The header names ${column} twice`,
    ownedTwice: (owned: string, legacy: string) =>
      `The header has both ${owned} and ${legacy} (the older name of ${owned}): keep only ${owned}`,
    cellCount: (cells: number, columns: number) =>
      `The row has ${cells} cells where the header has ${columns}`,
    isbnAgain: (row: number) => `The ISBN of row ${row} again`,
    isbnTaken: 'A book with this ISBN is already in the catalogue',
    copyEntry: (entry: string) =>
      `“${entry}” is not a copy: write its barcode, a space and its status (available, lost, damaged, withdrawn)`,
    copiesCount: (owned: number, listed: number) =>
      `Owned is ${owned} but the copies list ${listed} on the shelf or lent`,
    barcodeAgain: (barcode: string, row: number) => `Barcode ${barcode} is on row ${row} already`,
    barcodeTaken: (barcode: string) =>
      `Barcode ${barcode} is a copy or card of this library already`,
  },
  nameCharacters: (field: string) => `${field} may not contain <, > or control characters`,
  /** A payment or waiver at the desk (INVALID_AMOUNT): whole taka from 1 to what is owed. */
  amountRange: (balance: number) =>
    balance > 0
      ? `The amount must be a whole number of taka from 1 to ${balance}, what the member owes`
      : 'The member owes nothing',
};
