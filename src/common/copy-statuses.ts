/**
 * What a copy can be (docs/product/desk.md). A file of its own, imported by the schemas and by the
 * texts that name each status, which the schemas' validation words import in turn.
 */
export const COPY_STATUSES = [
  'available',
  'onLoan',
  'held',
  'lost',
  'damaged',
  'withdrawn',
] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];

/** The statuses a librarian may set by hand; `onLoan` and `held` only circulation sets. */
export const SETTABLE_COPY_STATUSES = ['available', 'damaged', 'lost', 'withdrawn'] as const;
