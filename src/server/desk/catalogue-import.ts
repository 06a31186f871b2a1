/**
 * A catalogue import (docs/product.md#librarians): every row checked as an added book, ISBNs checked
 * against each other and the catalogue, then all the books added in one transaction, or none.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { canonicalCategory } from '../../common/constants.ts';
import type { ValidationCatalogue } from '../../common/i18n/catalogue.ts';
import type { BookImportRow, bookSchemas } from '../../common/schemas.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import { guardingIsbn } from '../books/isbn-conflict.ts';
import type { Refuse } from '../core/refusals.ts';
import { takenBarcodes } from '../copies/copies.ts';
import {
  parseCatalogueCsv,
  readCopiesCell,
  type ParsedCatalogue,
  type RowIssue,
} from './catalogue-csv.ts';
import {
  insertBooks,
  ListedBarcodeTaken,
  onShelfCount,
  takenIsbns,
  type ImportedBook,
} from './catalogue.repository.ts';

type ImportWords = ValidationCatalogue['importIssues'];

/** A report longer than this is cut: enough to fix a file by, small enough to show. */
export const REPORTED_ISSUES_MAX = 1000;

type RowSchema = ReturnType<typeof bookSchemas>['row'];

function refused(issues: RowIssue[]): ApiError {
  const rows = new Set(issues.map((issue) => issue.row)).size;
  const first = issues[0];
  const where = first
    ? ` (first: row ${first.row}${first.path ? `, ${first.path}` : ''}: ${first.message})`
    : '';
  return new ApiError(
    400,
    'VALIDATION',
    `Nothing was imported: ${rows} ${rows === 1 ? 'row has' : 'rows have'} problems${where}`,
    issues.slice(0, REPORTED_ISSUES_MAX),
  );
}

/** How many rows are checked before other requests get their turn (issue 30). */
const CHECK_STEP_ROWS = 500;

/** A row that reads as a book, with the copies it lists. */
interface ValidRow extends ImportedBook {
  row: number;
}

async function validRows(
  schema: RowSchema,
  rows: ParsedCatalogue['rows'],
  issues: RowIssue[],
  words: ImportWords,
): Promise<ValidRow[]> {
  const valid: ValidRow[] = [];
  for (const [index, { row, fields }] of rows.entries()) {
    if (index % CHECK_STEP_ROWS === CHECK_STEP_ROWS - 1) await nextTurn();
    const { copies, wrong } = readCopiesCell(String(fields.copies ?? ''));
    for (const entry of wrong)
      issues.push({ row, path: 'copies', message: words.copyEntry(entry) });
    // The copies a row owns are the quantity the added book starts with; a problem with them is
    // named by the file's column.
    const { owned, ...rest } = fields;
    const result = (schema as z.ZodType<BookImportRow>).safeParse({ ...rest, quantity: owned });
    if (result.success) valid.push({ row, book: result.data, copies });
    else
      for (const issue of result.error.issues) {
        const path = issue.path.join('.');
        issues.push({ row, path: path === 'quantity' ? 'owned' : path, message: issue.message });
      }
  }
  return valid;
}

/**
 * Each row's category as the library names it (any case is taken: `sci-fi` is Sci-Fi); a row of
 * a category the library does not have is named.
 */
function categoryIssues(
  rows: ValidRow[],
  categories: readonly string[],
  message: string,
): RowIssue[] {
  const issues: RowIssue[] = [];
  for (const entry of rows) {
    const category = canonicalCategory(entry.book.category, categories);
    if (category === undefined) issues.push({ row: entry.row, path: 'category', message });
    else entry.book.category = category;
  }
  return issues;
}

/** ISBNs given twice in the file, or already in the catalogue, named on their rows. */
async function isbnIssues(
  db: Kysely<DB>,
  rows: ValidRow[],
  words: ImportWords,
): Promise<RowIssue[]> {
  const issues: RowIssue[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, book } of rows) {
    if (!book.isbn) continue;
    const first = firstRowOf.get(book.isbn);
    if (first === undefined) firstRowOf.set(book.isbn, row);
    else issues.push({ row, path: 'isbn', message: words.isbnAgain(first) });
  }
  const taken = await takenIsbns(db, [...firstRowOf.keys()]);
  for (const { row, book } of rows)
    if (book.isbn && taken.has(book.isbn))
      issues.push({ row, path: 'isbn', message: words.isbnTaken });
  return issues;
}

/**
 * The copies rows list: as many on the shelf or lent as the row owns, each barcode once in
 * the file and new to the library.
 */
async function copyIssues(db: Kysely<DB>, rows: ValidRow[], words: ImportWords) {
  const issues: RowIssue[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, book, copies } of rows) {
    if (copies.length === 0) continue;
    const lendable = onShelfCount(copies);
    if (lendable !== book.quantity)
      issues.push({ row, path: 'copies', message: words.copiesCount(book.quantity, lendable) });
    for (const { barcode } of copies) {
      const first = firstRowOf.get(barcode);
      if (first === undefined) firstRowOf.set(barcode, row);
      else issues.push({ row, path: 'copies', message: words.barcodeAgain(barcode, first) });
    }
  }
  const taken = await takenBarcodes(db, [...firstRowOf.keys()]);
  for (const { row, copies } of rows)
    for (const { barcode } of copies)
      if (taken.has(barcode))
        issues.push({ row, path: 'copies', message: words.barcodeTaken(barcode) });
  return issues;
}

/**
 * Imports the file, all or nothing; answers how many books were added. `schema` and `messages`
 * are in the language the report is written in; `categories` are the library's.
 */
export async function importCatalogue(
  db: Kysely<DB>,
  schema: RowSchema,
  text: string,
  now: Date,
  messages: ValidationCatalogue,
  categories: readonly string[],
  refuse: Refuse,
): Promise<number> {
  const words = messages.importIssues;
  const parsed = await parseCatalogueCsv(text, words);
  const issues: RowIssue[] = [...parsed.issues];
  const rows = await validRows(schema, parsed.rows, issues, words);
  issues.push(...categoryIssues(rows, categories, messages.category));
  issues.push(...(await isbnIssues(db, rows, words)));
  issues.push(...(await copyIssues(db, rows, words)));
  if (issues.length > 0) throw refused(issues.sort((a, b) => a.row - b.row));
  // The ISBN index and the barcode registry decide a race with a book or a copy added
  // meanwhile: then nothing is imported.
  try {
    await guardingIsbn(() => db.transaction().execute((tx) => insertBooks(tx, rows, now)));
  } catch (error) {
    if (error instanceof ListedBarcodeTaken) throw refuse('DUPLICATE_BARCODE');
    throw error;
  }
  return rows.length;
}
