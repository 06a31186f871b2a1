/**
 * The English texts of a book's record, its cover image and its e-book (the details page and the
 * book forms): a part of en.ts, the words loaded before the first render.
 */
import type { ErrorCode } from '../error-codes.ts';

/** A book's optional record fields (docs/product.md#librarians) on the forms and the details page. */
export const bookRecordTexts = {
  labels: {
    isbn: 'ISBN',
    publisher: 'Publisher',
    publishedYear: 'Published Year',
    language: 'Language',
    replacementCost: 'Replacement Cost (taka)',
  },
  replacementCostHint:
    'Optional; librarians only. What losing a copy charges; blank: the library’s usual charge.',
  isbnHint: 'Optional. ISBN-10 or ISBN-13; hyphens and spaces are fine.',
  publisherHint: 'Optional.',
  publishedYearHint: (min: number) => `Optional. From ${min} to this year.`,
  languageHint: 'Optional. A two-letter code such as bn (Bangla) or en (English).',
};

/**
 * Stored images (docs/product.md#images): the upload control beside an image's web address, the cover
 * drawn when a book's image does not load, and the initials of a member without a photo.
 */
export const imageTexts = {
  upload: 'Upload',
  uploading: 'Uploading…',
  uploadHint: 'Upload takes a JPEG, PNG, WebP or GIF of up to 5 MB.',
  /** Register: the chosen file is uploaded once the account exists. */
  uploadsWithForm: (fileName: string) => `${fileName} will be uploaded when you register.`,
  /** Register: the account was made but its photo could not be stored. */
  photoNotStored: 'Your account is ready, but the photo could not be uploaded.',
  preview: 'Preview of the image',
  /** The fallback cover's accessible name. */
  generatedCover: (name: string, category: string) => `Generated ${category} cover of ${name}`,
  /** The navbar's initials, read out instead of the missing photo. */
  initialsOf: (name: string) => `Initials of ${name}`,
};

/** Why an image was not taken (docs/product.md#images): shown under the image field. */
export const imageFailureMessages = {
  INVALID_IMAGE: 'This file is not an image we can use. Choose a JPEG, PNG, WebP or GIF.',
  PAYLOAD_TOO_LARGE: 'This image is larger than 5 MB. Choose a smaller file.',
  IMAGE_UNREACHABLE:
    'The image at this address could not be fetched. Check the address or upload the file instead.',
  UNAUTHORIZED: 'Please sign in to upload an image.',
  OTHER: 'The image could not be uploaded. Please try again.',
} satisfies Partial<Record<ErrorCode | 'OTHER', string>>;

/** The details page's word on a book's e-book (docs/product/digital-library.md). */
export const ebookTexts = {
  heading: 'E-book',
  open: 'Anyone can read this e-book online, free, without signing in.',
  lent: (available: number, copies: number) =>
    available > 0
      ? `An e-book to borrow: ${available} of ${copies} digital ${copies === 1 ? 'copy is' : 'copies are'} free.`
      : `An e-book to borrow: every digital copy is out${copies > 1 ? ` (${copies} copies)` : ''}.`,
  yours: (until: string) => `You have the e-book until ${until}.`,
  kept: (until: string) => `A digital copy is kept for you until ${until}.`,
  waiting: (place: number) => `You are number ${place} on the e-book's waiting list.`,
  readNow: 'Read now',
  goToLibrary: 'Borrow in the digital library',
};
