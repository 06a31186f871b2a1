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
import { parseCatalogueCsv, type RowIssue } from './catalogue-csv.ts';
import { insertBooks, takenIsbns } from './catalogue.repository.ts';

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

async function validRows(
  schema: RowSchema,
  rows: { row: number; fields: unknown }[],
  issues: RowIssue[],
): Promise<{ row: number; book: BookImportRow }[]> {
  const valid: { row: number; book: BookImportRow }[] = [];
  for (const [index, { row, fields }] of rows.entries()) {
    if (index % CHECK_STEP_ROWS === CHECK_STEP_ROWS - 1) await nextTurn();
    const result = (schema as z.ZodType<BookImportRow>).safeParse(fields);
    if (result.success) valid.push({ row, book: result.data });
    else
      for (const issue of result.error.issues)
        issues.push({ row, path: issue.path.join('.'), message: issue.message });
  }
  return valid;
}

/**
 * Each row's category as the library names it (any case is taken: `sci-fi` is Sci-Fi); a row of
 * a category the library does not have is named.
 */
function categoryIssues(
  rows: { row: number; book: BookImportRow }[],
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
  rows: { row: number; book: BookImportRow }[],
  words: ValidationCatalogue['importIssues'],
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
): Promise<number> {
  const parsed = await parseCatalogueCsv(text, messages.importIssues);
  const issues: RowIssue[] = [...parsed.issues];
  const rows = await validRows(schema, parsed.rows, issues);
  issues.push(...categoryIssues(rows, categories, messages.category));
  issues.push(...(await isbnIssues(db, rows, messages.importIssues)));
  if (issues.length > 0) throw refused(issues.sort((a, b) => a.row - b.row));
  // The ISBN index decides a race with a book added meanwhile: then nothing is imported.
  await guardingIsbn(() =>
    db.transaction().execute((tx) =>
      insertBooks(
        tx,
        rows.map(({ book }) => book),
        now,
      ),
    ),
  );
  return rows.length;
}
