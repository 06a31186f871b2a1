/**
 * Words of stored images (DECISIONS.md §12): the upload control beside an image's web address,
 * the cover drawn when a book's image does not load, and the initials of a member without a photo.
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
} as const;
