/**
 * SQL of the MARC import and export (docs/product/marc.md). Functions take the database or a
 * transaction; every list they are given is a batch's, a few hundred at most, and read in slices.
 */
import type { Kysely } from 'kysely';
import type { BookCreate } from '../../common/schemas.ts';
import { bookKeysOf, newBookRow } from '../books/book-rows.ts';
import type { DB } from '../db/schema.ts';

/** Values per `in (…)` list and rows per insert: far below either database's limit of bound parameters. */
const SLICE = 200;

async function inSlices<T, R>(values: T[], read: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const found: R[] = [];
  for (let at = 0; at < values.length; at += SLICE)
    for (const row of await read(values.slice(at, at + SLICE))) found.push(row);
  return found;
}

const matchedColumns = [
  'id',
  'name',
  'author',
  'romanisedName',
  'romanisedAuthor',
  'category',
  'isbn',
  'shortDescription',
  'publisher',
  'publishedYear',
  'language',
  'controlNumber',
] as const;

/** What an import compares and may change of a book it matched. */
export interface MatchedBook {
  id: string;
  name: string;
  author: string;
  romanisedName: string | null;
  romanisedAuthor: string | null;
  category: string;
  isbn: string | null;
  shortDescription: string;
  publisher: string | null;
  publishedYear: number | null;
  language: string | null;
  controlNumber: string | null;
}

/** The books having any of these ISBNs, control numbers or ids. */
export async function findMatchingBooks(
  db: Kysely<DB>,
  keys: { isbns: string[]; controlNumbers: string[]; ids: string[] },
): Promise<MatchedBook[]> {
  const byColumn = (column: 'isbn' | 'controlNumber' | 'id', values: string[]) =>
    inSlices(values, (slice) =>
      db.selectFrom('book').select(matchedColumns).where(column, 'in', slice).execute(),
    );
  return [
    ...(await byColumn('isbn', keys.isbns)),
    ...(await byColumn('controlNumber', keys.controlNumbers)),
    ...(await byColumn('id', keys.ids)),
  ];
}

/** Of these barcodes, those already given: to a card, or to a copy (with its book, if it still exists). */
export async function findGivenBarcodes(
  db: Kysely<DB>,
  codes: string[],
): Promise<Map<string, { kind: 'copy' | 'card'; bookId: string | null }>> {
  const rows = await inSlices(codes, (slice) =>
    db
      .selectFrom('barcode')
      .leftJoin('copy', 'copy.barcode', 'barcode.code')
      .select(['barcode.code', 'barcode.kind', 'copy.bookId'])
      .where('barcode.code', 'in', slice)
      .execute(),
  );
  return new Map(rows.map((row) => [row.code, { kind: row.kind, bookId: row.bookId }]));
}

/** A book an import adds, with the keys its record gave it. */
export interface NewBook {
  id: string;
  name: string;
  author: string;
  romanisedName: string | null;
  romanisedAuthor: string | null;
  category: string;
  quantity: number;
  shortDescription: string;
  isbn: string | null;
  publisher: string | null;
  publishedYear: number | null;
  language: string | null;
  controlNumber: string | null;
}

export async function insertBooks(db: Kysely<DB>, books: NewBook[], at: Date[]): Promise<void> {
  const rows = books.map((book, index) => {
    // No cover and no rating yet: the catalogue draws the category's cover with the title.
    // The category is one of the library's (library-categories.ts), which may outgrow the fixed list.
    const record = { ...book, rating: 0, image: '', content: '' } as unknown as BookCreate;
    const row = newBookRow(record, at[index] ?? (at[0] as Date));
    return {
      ...row,
      id: book.id,
      controlNumber: book.controlNumber,
      romanisedName: book.romanisedName,
      romanisedAuthor: book.romanisedAuthor,
      ...bookKeysOf(book),
    };
  });
  for (let from = 0; from < rows.length; from += SLICE / 2)
    await db
      .insertInto('book')
      .values(rows.slice(from, from + SLICE / 2))
      .execute();
}

/** Writes what a record changed of a book it matched; names and authors bring their search keys. */
export async function updateMatchedBook(
  db: Kysely<DB>,
  current: MatchedBook,
  changes: Partial<Omit<MatchedBook, 'id'>>,
  at: Date,
): Promise<void> {
  await db
    .updateTable('book')
    .set({ ...changes, ...bookKeysOf({ ...current, ...changes }), updatedAt: at.toISOString() })
    .where('id', '=', current.id)
    .execute();
}

/** Puts `count` more copies on a locked book's shelf (they were just added as `available`). */
export async function addToShelf(db: Kysely<DB>, bookId: string, count: number): Promise<void> {
  if (count === 0) return;
  await db
    .updateTable('book')
    .set((eb) => ({ quantity: eb('quantity', '+', count) }))
    .where('id', '=', bookId)
    .execute();
}

/** What an export writes of a book. */
export interface ExportedBook extends MatchedBook {
  createdAt: string;
}

/** One page of the catalogue in the order of ids, after `afterId`: exports read it page by page. */
export async function bookPage(
  db: Kysely<DB>,
  afterId: string | null,
  limit: number,
): Promise<ExportedBook[]> {
  let query = db
    .selectFrom('book')
    .select([...matchedColumns, 'createdAt'])
    .orderBy('id')
    .limit(limit);
  if (afterId !== null) query = query.where('id', '>', afterId);
  return query.execute();
}

/** The copies of these books, each book's in the order they were added. */
export async function copiesOf(db: Kysely<DB>, bookIds: string[]) {
  return inSlices(bookIds, (slice) =>
    db
      .selectFrom('copy')
      .select(['bookId', 'barcode', 'status', 'shelfMark', 'note'])
      .where('bookId', 'in', slice)
      .orderBy('bookId')
      .orderBy('createdAt')
      .orderBy('barcode')
      .execute(),
  );
}
