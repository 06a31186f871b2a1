/**
 * Words of a book's optional record fields (DECISIONS.md §10) on the forms and the details page.
 * Kept apart from messages.ts, which every page loads, since only the book pages show them.
 */
export const bookRecordTexts = {
  labels: {
    isbn: 'ISBN',
    publisher: 'Publisher',
    publishedYear: 'Published Year',
    language: 'Language',
  },
  isbnHint: 'Optional. ISBN-10 or ISBN-13; hyphens and spaces are fine.',
  publisherHint: 'Optional.',
  publishedYearHint: (min: number) => `Optional. From ${min} to this year.`,
  languageHint: 'Optional. A two-letter code such as bn (Bangla) or en (English).',
} as const;
