/**
 * A book as a row of the catalogue: its columns, and its search and sort keys. Every way a book is
 * added (the form, the CSV import, the MARC import, the demo seed) writes it through these, so a
 * book reads the same whichever way it came.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BookCreate } from '../../common/schemas.ts';
import { addShelfCopies } from '../copies/copies.ts';
import type { DB } from '../db/schema.ts';
import { bookSearchTexts, searchFold } from './search-words.ts';

/**
 * What the database keeps of a book's name, author and description for searching and sorting
 * (search-words.ts): the word index's texts and the sort keys. A book kept in its original script
 * from a MARC record is found by its romanised title and author too.
 */
export const bookKeysOf = (book: {
  name: string;
  author: string;
  shortDescription: string;
  romanisedName?: string | null;
  romanisedAuthor?: string | null;
}) => ({
  ...bookSearchTexts({
    name: [book.name, book.romanisedName].filter(Boolean).join(' '),
    author: [book.author, book.romanisedAuthor].filter(Boolean).join(' '),
    shortDescription: book.shortDescription,
  }),
  sortName: searchFold(book.name),
  sortAuthor: searchFold(book.author),
});

/** The optional record fields as the book's columns: absent is null. */
export const recordOf = (book: BookCreate) => ({
  isbn: book.isbn ?? null,
  publisher: book.publisher ?? null,
  publishedYear: book.publishedYear ?? null,
  language: book.language ?? null,
  replacementCost: book.replacementCost ?? null,
});

/** A new book's row: a fresh id, its search and sort keys, created and updated at `at`. */
export function newBookRow(book: BookCreate, at: Date) {
  const timestamp = at.toISOString();
  return {
    id: randomUUID(),
    name: book.name,
    author: book.author,
    category: book.category,
    quantity: book.quantity,
    rating: book.rating,
    shortDescription: book.shortDescription,
    image: book.image,
    content: book.content ?? '',
    ...recordOf(book),
    ...bookKeysOf(book),
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}

/** Adds a book and puts its `quantity` copies on the shelf, in one transaction. */
export async function insertBook(db: Kysely<DB>, book: BookCreate, now: Date): Promise<string> {
  if (!db.isTransaction) return db.transaction().execute((tx) => insertBook(tx, book, now));
  const row = newBookRow(book, now);
  await db.insertInto('book').values(row).execute();
  await addShelfCopies(db, [{ bookId: row.id, count: row.quantity }], now);
  return row.id;
}
