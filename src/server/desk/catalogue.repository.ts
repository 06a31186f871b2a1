/** SQL of the catalogue's export and import (desk). Functions take the database or a transaction. */
import { sql, type Kysely } from 'kysely';
import type { BookImportRow } from '../../common/schemas.ts';
import type { DB } from '../db/schema.ts';
import { newBookRow } from '../books/book-rows.ts';
import type { CopyStatus } from '../../common/copies.ts';
import { addShelfCopies, claimBarcodes, insertCopies } from '../copies/copies.ts';
import { copiesCell, type ExportedBook, type ListedCopy } from './catalogue-csv.ts';

/**
 * Every book with the copies the library owns of it: on the shelf, on loan, and kept for ready
 * holds (expired or not: the copy is the library's either way until a sweep passes it on).
 */
export async function booksForExport(db: Kysely<DB>): Promise<ExportedBook[]> {
  const rows = await db
    .selectFrom('book')
    .select((eb) => [
      'id',
      'name',
      'author',
      'category',
      'rating',
      'shortDescription',
      'image',
      'content',
      'isbn',
      'publisher',
      'publishedYear',
      'language',
      'sortName',
      'sortAuthor',
      sql<number | string>`${eb.ref('book.quantity')}
        + (select count(*) from ${sql.table('loan')} where ${sql.ref('loan.bookId')} = ${sql.ref('book.id')} and ${sql.ref('loan.returnedAt')} is null)
        + (select count(*) from ${sql.table('hold')} where ${sql.ref('hold.bookId')} = ${sql.ref('book.id')} and ${sql.ref('hold.status')} = 'ready')`.as(
        'owned',
      ),
    ])
    .execute();
  const copies = await db
    .selectFrom('copy')
    .select(['bookId', 'barcode', 'status'])
    .orderBy('bookId')
    .orderBy('barcode')
    .execute();
  const copiesOf = new Map<string, ListedCopy[]>();
  for (const { bookId, ...copy } of copies) {
    const ofBook = copiesOf.get(bookId);
    if (ofBook) ofBook.push(copy);
    else copiesOf.set(bookId, [copy]);
  }
  return rows.map(({ id, owned, ...book }) => ({
    ...book,
    owned: Number(owned),
    copies: copiesCell(copiesOf.get(id) ?? []),
  }));
}

/** A book of an import, and the copies its row lists (none: new barcodes for its quantity). */
export interface ImportedBook {
  book: BookImportRow;
  copies: ListedCopy[];
}

/** A barcode the file lists was given to a copy or card after the import checked it. */
export class ListedBarcodeTaken extends Error {}

/** Statuses of copies out with a member: the file has no loans, so they come in on the shelf. */
const CIRCULATING: ReadonlySet<CopyStatus> = new Set(['available', 'onLoan', 'held']);

/** How many of the listed copies the library can lend: the book's quantity on the shelf. */
export const onShelfCount = (copies: readonly ListedCopy[]) =>
  copies.filter((copy) => CIRCULATING.has(copy.status)).length;

/** Which of these ISBNs some book of the catalogue has already. */
export async function takenIsbns(db: Kysely<DB>, isbns: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let at = 0; at < isbns.length; at += IMPORT_BATCH) {
    const rows = await db
      .selectFrom('book')
      .select('isbn')
      .where('isbn', 'in', isbns.slice(at, at + IMPORT_BATCH))
      .execute();
    for (const { isbn } of rows) if (isbn) taken.add(isbn);
  }
  return taken;
}

/**
 * Rows per insert: one statement for many books is what makes 10,000 of them take seconds, and 500
 * rows of 16 values stay far below either database's limit of bound parameters.
 */
export const IMPORT_BATCH = 500;

/**
 * Adds the books, in batches, each in the file's order a millisecond apart so that the
 * newest-first lists show the file's last row first, as if they had been added one by one.
 */
export async function insertBooks(db: Kysely<DB>, books: ImportedBook[], now: Date): Promise<void> {
  for (let at = 0; at < books.length; at += IMPORT_BATCH) {
    const batch = books.slice(at, at + IMPORT_BATCH);
    const values = batch.map(({ book }, index) =>
      newBookRow(book, new Date(now.getTime() - books.length + at + index + 1)),
    );
    await db.insertInto('book').values(values).execute();
    const fresh = values.flatMap((row, index) =>
      batch[index]?.copies.length ? [] : [{ bookId: row.id, count: row.quantity }],
    );
    await addShelfCopies(db, fresh, now);
    const listed = values.flatMap((row, index) =>
      (batch[index]?.copies ?? []).map((copy) => ({
        bookId: row.id,
        barcode: copy.barcode,
        claim: false,
        status: CIRCULATING.has(copy.status) ? ('available' as const) : copy.status,
        shelfMark: null,
        note: null,
      })),
    );
    if (
      !(await claimBarcodes(
        db,
        'copy',
        listed.map((copy) => copy.barcode as string),
      ))
    )
      throw new ListedBarcodeTaken();
    await insertCopies(db, listed, now);
  }
}
