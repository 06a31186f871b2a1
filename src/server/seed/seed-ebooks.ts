/**
 * Seeds the demo e-books (demo-ebooks.ts) with the demo catalogue: each becomes a book with its
 * EPUB, made from its text here (docs/decisions/015-digital-library.md says why they are not
 * committed as files).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { insertBook } from '../books/book-rows.ts';
import { storeEbookFile, writeEbookStock } from '../ebooks/ebook-files.ts';
import { writeEpub } from '../ebooks/epub-writer.ts';
import { demoEbooks, type DemoEbook } from './demo-ebooks.ts';

export function demoEbookFile(ebook: DemoEbook): Uint8Array {
  return writeEpub({
    identifier: ebook.identifier,
    title: ebook.book.name,
    author: ebook.book.author,
    language: ebook.book.language,
    chapters: ebook.chapters,
  });
}

/** Adds the demo e-books' books, older than every book of the catalogue (`before`). */
export async function seedDemoEbooks(tx: Kysely<DB>, before: number): Promise<void> {
  for (const [index, ebook] of demoEbooks.entries()) {
    const at = new Date(before - (index + 1) * 1000);
    const bookId = await insertBook(tx, ebook.book, at);
    const bytes = Buffer.from(demoEbookFile(ebook));
    await storeEbookFile(tx, { bookId, bytes, uploadedBy: null, uploadedAt: at.toISOString() });
    await writeEbookStock(tx, bookId, {
      access: ebook.access,
      copies: ebook.copies,
      available: ebook.copies,
      waiting: 0,
    });
  }
}
