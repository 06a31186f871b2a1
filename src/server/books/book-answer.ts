/**
 * A book as every answer shows it, the digital library's too: its record, its stock, and its
 * e-book's summary kept on the book's row (migration 0120).
 */
import type { Category } from '../../common/constants.ts';
import type { Book, EbookSummary } from '../../common/types.ts';
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

/** A book's answer; `expectedBack` counts only for a book with no copy on the shelf. */
export const toBook = (row: BookRow, expectedBack: string | null = null): Book => ({
  _id: row.id,
  name: row.name,
  author: row.author,
  category: row.category as Category,
  quantity: row.quantity,
  rating: row.rating,
  shortDescription: row.shortDescription,
  image: row.image,
  content: row.content,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  holds: row.holds,
  isbn: row.isbn,
  publisher: row.publisher,
  publishedYear: row.publishedYear,
  language: row.language,
  replacementCost: row.replacementCost,
  expectedBack: row.quantity > 0 ? null : expectedBack,
  ebook: ebookSummaryOf(row),
});
