/**
 * A catalogue import (DECISIONS.md §10): every row checked as an added book, ISBNs checked
 * against each other and the catalogue, then all the books added in one transaction, or none.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ValidationCatalogue } from '../../common/i18n/catalogue.ts';
import type { BookImportRow, bookSchemas } from '../../common/schemas.ts';
import { canonicalCategory } from '../../common/constants.ts';
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

function validRows(
  schema: RowSchema,
  rows: { row: number; fields: unknown }[],
  issues: RowIssue[],
): { row: number; book: BookImportRow }[] {
  const valid: { row: number; book: BookImportRow }[] = [];
  for (const { row, fields } of rows) {
    const result = (schema as z.ZodType<BookImportRow>).safeParse(fields);
    if (result.success) valid.push({ row, book: result.data });
    else
      for (const issue of result.error.issues)
        issues.push({ row, path: issue.path.join('.'), message: issue.message });
  }
  return valid;
}

/**
 * Rows whose category the library does not offer, named on their rows; the others take the
 * library's spelling of theirs.
 */
function categoryIssues(
  rows: { row: number; book: BookImportRow }[],
  offered: readonly string[],
  messages: ValidationCatalogue,
): RowIssue[] {
  const issues: RowIssue[] = [];
  const listed = offered.join(', ');
  for (const { row, book } of rows) {
    const category = canonicalCategory(book.category, offered);
    if (category) book.category = category;
    else issues.push({ row, path: 'category', message: messages.categoryNotOffered(listed) });
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
 * are in the language the report is written in; `offered` are the library's categories.
 */
export async function importCatalogue(
  db: Kysely<DB>,
  schema: RowSchema,
  text: string,
  now: Date,
  messages: ValidationCatalogue,
  offered: readonly string[],
): Promise<number> {
  const parsed = parseCatalogueCsv(text, messages.importIssues);
  const issues: RowIssue[] = [...parsed.issues];
  const rows = validRows(schema, parsed.rows, issues);
  issues.push(...categoryIssues(rows, offered, messages));
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
