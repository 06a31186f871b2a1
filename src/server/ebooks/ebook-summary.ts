/** A book's e-book as its answers show it, from the summary kept on the book's row (migration 0120). */
import type { EbookSummary } from '../../common/types.ts';
import type { BookRow } from '../db/schema.ts';

type EbookColumns = Pick<
  BookRow,
  'ebookAccess' | 'ebookCopies' | 'ebookAvailable' | 'ebookWaiting'
>;

export function ebookSummaryOf(row: EbookColumns): EbookSummary {
  if (row.ebookAccess === null) return null;
  return {
    access: row.ebookAccess,
    copies: row.ebookCopies,
    available: row.ebookAvailable,
    waiting: row.ebookWaiting,
  };
}
