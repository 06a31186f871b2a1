/**
 * Words of stored images (DECISIONS.md §12): the upload control beside an image's web address,
 * the cover drawn when a book's image does not load, and the initials of a member without a photo.
 */
export const imageTexts = {
  upload: 'Upload',
  uploading: 'Uploading…',
  uploadHint: 'Or upload a JPEG, PNG, WebP or GIF of up to 5 MB.',
  preview: 'Preview of the image',
  /** The fallback cover's accessible name. */
  generatedCover: (name: string, category: string) => `Generated ${category} cover of ${name}`,
  /** The navbar's initials, read out instead of the missing photo. */
  initialsOf: (name: string) => `Initials of ${name}`,
} as const;
