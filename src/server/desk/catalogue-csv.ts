/**
 * The catalogue as CSV (docs/product.md#librarians, docs/decisions/003-desk.md): the format of the desk's
 * export and import, one column per field of an added book, parsed and written by the csv
 * project's maintained libraries (csv-parse, csv-stringify).
 *
 * Round trip: export, import into an empty library, export again gives the same bytes. So the
 * columns hold only what an import can give back (no ids, dates or holds), `owned` is the
 * copies the library owns (on the shelf, on loan and kept for ready holds), which an import puts
 * on the shelf with the barcodes `copies` gives them, and rows come in an order read from their
 * contents alone. (A library with books out exports them `onLoan` or `held`; without the loans,
 * an import puts those copies on the shelf too.)
 */
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { BARCODE_PATTERN, COPY_STATUSES, type CopyStatus } from '../../common/copies.ts';
import type { ValidationCatalogue } from '../../common/i18n/catalogue.ts';

/** The columns every import names, in any order. */
const REQUIRED_COLUMNS = [
  'name',
  'author',
  'category',
  'owned',
  'rating',
  'shortDescription',
  'image',
  'content',
  'isbn',
  'publisher',
  'publishedYear',
  'language',
] as const;
/**
 * The header row, in this order. `copies` lists each copy's barcode and status (`PTH000000042
 * available; PTH000000043 lost`); a file without it, or a row with it empty, gets new barcodes.
 */
export const CATALOGUE_COLUMNS = [...REQUIRED_COLUMNS, 'copies'] as const;
type Column = (typeof CATALOGUE_COLUMNS)[number];

/**
 * `owned`'s name in the exports before issue 36, when on screens "quantity" already meant the
 * copies on the shelf: a library's earlier exports still load, reading it as `owned`.
 */
const LEGACY_OWNED = 'quantity';

/** A copy as the `copies` column lists it. */
export interface ListedCopy {
  barcode: string;
  status: CopyStatus;
}

/** The `copies` cell of a book: its copies by barcode. */
export const copiesCell = (copies: readonly ListedCopy[]) =>
  copies.map((copy) => `${copy.barcode} ${copy.status}`).join('; ');

/** Reads a `copies` cell: the copies it lists, and the entries that are not a copy. */
export function readCopiesCell(cell: string): { copies: ListedCopy[]; wrong: string[] } {
  const copies: ListedCopy[] = [];
  const wrong: string[] = [];
  for (const entry of cell.split(';').map((part) => part.trim())) {
    if (!entry) continue;
    const [code = '', status = '', ...rest] = entry.split(/\s+/);
    const barcode = code.toUpperCase();
    if (rest.length === 0 && BARCODE_PATTERN.test(barcode) && isCopyStatus(status))
      copies.push({ barcode, status });
    else wrong.push(entry);
  }
  return { copies, wrong };
}

const isCopyStatus = (status: string): status is CopyStatus =>
  (COPY_STATUSES as readonly string[]).includes(status);

/** A book as the export writes it: every column, and the keys its row is ordered by. */
export type ExportedBook = Record<Column, string | number | null> & {
  sortName: string;
  sortAuthor: string;
};

/**
 * A spreadsheet runs a cell that starts with one of these as a formula; a book's name must never
 * become one on a librarian's machine. Spreadsheets also read the full-width (`＝`) and small
 * (`﹦`) signs as theirs, and one set to split on `;` starts a new cell after each, spaces before
 * the sign or not (issues 30 and 33). So every segment of a cell, from its start or a `;`, that
 * starts with one is written after a `'` (which spreadsheets show as text), one `'` more than it
 * had, and an import takes that `'` away again.
 */
const FORMULA_SIGNS = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE62\\uFE63\\uFE66\\uFE6B';
/** What may come before the sign and still start a formula: quotes, spaces, no-break spaces. */
const BEFORE_SIGN = "['\\u0020\\u00A0]*";
const FORMULA_SEGMENT = new RegExp(`(^|;)(?=${BEFORE_SIGN}[${FORMULA_SIGNS}])`, 'gu');
const GUARDED_SEGMENT = new RegExp(`(^|;)'(?=${BEFORE_SIGN}[${FORMULA_SIGNS}])`, 'gu');
const asCell = (text: string) => text.replace(FORMULA_SEGMENT, "$1'");
const fromCell = (text: string) => text.replace(GUARDED_SEGMENT, '$1');

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The catalogue as UTF-8 CSV with a header row, ordered by title and author, then by the whole
 * line. It starts with a byte-order mark, by which spreadsheets on Windows know it is UTF-8 and
 * show Bengali as Bengali (issue 35).
 */
export function catalogueCsv(books: ExportedBook[]): string {
  const lines = books.map((book) => ({
    book,
    cells: CATALOGUE_COLUMNS.map((column) => asCell(String(book[column] ?? ''))),
  }));
  const keyed = lines.map((line) => ({ ...line, text: line.cells.join('\u0000') }));
  keyed.sort(
    (a, b) =>
      compare(a.book.sortName, b.book.sortName) ||
      compare(a.book.sortAuthor, b.book.sortAuthor) ||
      compare(a.text, b.text),
  );
  // Every cell quoted, so that no spreadsheet guesses what a bare one is (issue 30).
  return `\uFEFF${stringify([[...CATALOGUE_COLUMNS], ...keyed.map((line) => line.cells)], {
    record_delimiter: '\n',
    quoted: true,
    quoted_empty: true,
  })}`;
}

/** What is wrong with a file or a row; `row` counts the header as row 1, as a spreadsheet does. */
export interface RowIssue {
  row: number;
  path: string;
  message: string;
}

/** The rows read, and what is wrong with the file's shape; a row with a problem here is still read. */
export interface ParsedCatalogue {
  rows: { row: number; fields: Record<Column, unknown> }[];
  issues: RowIssue[];
}

const NUMBER_COLUMNS: ReadonlySet<Column> = new Set(['owned', 'rating', 'publishedYear']);

/** A cell as the row schema takes it: numbers as numbers, a blank number as none. */
function fieldOf(column: Column, cell: string): unknown {
  const text = fromCell(cell);
  if (!NUMBER_COLUMNS.has(column)) return column === 'content' && text === '' ? undefined : text;
  return text.trim() === '' ? undefined : Number(text.trim());
}

type ImportWords = ValidationCatalogue['importIssues'];

/** The header's names, an earlier export's `quantity` read as `owned`. */
const headerNames = (header: string[]) =>
  header.map((cell) => {
    const name = cell.trim();
    return name === LEGACY_OWNED ? 'owned' : name;
  });

function headerIssues(header: string[], words: ImportWords): RowIssue[] {
  const given = header.map((name) => name.trim());
  // Both names would say the copies owned twice, perhaps differently: which one is meant is the
  // librarian's to say, so the file is refused by their names, not read as `owned` given twice.
  if (given.includes('owned') && given.includes(LEGACY_OWNED))
    return [{ row: 1, path: 'owned', message: words.ownedTwice('owned', LEGACY_OWNED) }];
  const named = headerNames(header);
  const issues: RowIssue[] = [];
  for (const column of REQUIRED_COLUMNS)
    if (!named.includes(column))
      issues.push({ row: 1, path: column, message: words.missingColumn(column) });
  for (const name of new Set(named)) {
    if (!(CATALOGUE_COLUMNS as readonly string[]).includes(name))
      issues.push({ row: 1, path: name, message: words.unknownColumn(name) });
    else if (named.indexOf(name) !== named.lastIndexOf(name))
      issues.push({ row: 1, path: name, message: words.columnTwice(name) });
  }
  return issues;
}

/** How much of a file is parsed before other requests get their turn (issue 30). */
const PARSE_STEP_BYTES = 256 * 1024;

/**
 * The file's bytes a step at a time, letting other requests have their turn between steps: a
 * 10 MB file parsed in one go held every other request (even /api/health) for seconds (issue 30).
 * Bytes, not characters: a step never splits a character the parser decodes.
 */
async function* stepsOf(text: string): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += PARSE_STEP_BYTES) {
    yield bytes.subarray(at, at + PARSE_STEP_BYTES);
    await nextTurn();
  }
}

/**
 * The file's records. The pipeline stops feeding at the parser's first error and rejects with it,
 * so a bad file is one rejected await, never an error left unhandled while the next step waits.
 */
async function recordsOf(text: string): Promise<string[][]> {
  const records: string[][] = [];
  await pipeline(
    stepsOf(text),
    parse({ bom: true, skip_empty_lines: true, relax_column_count: true }),
    async (parsed: AsyncIterable<string[]>) => {
      for await (const record of parsed) records.push(record);
    },
  );
  return records;
}

/**
 * Reads a CSV file exported from the desk or a spreadsheet: UTF-8 with or without a BOM, quoted
 * commas and line breaks. Answers each row's fields, or what is wrong with the file's shape.
 */
export async function parseCatalogueCsv(
  text: string,
  words: ImportWords,
): Promise<ParsedCatalogue> {
  let records: string[][];
  try {
    records = await recordsOf(text);
  } catch (error) {
    const { lines } = error as { lines?: number };
    return { rows: [], issues: [{ row: lines ?? 1, path: '', message: words.notCsv }] };
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], issues: [{ row: 1, path: '', message: words.empty }] };
  const wrongHeader = headerIssues(header, words);
  if (wrongHeader.length > 0) return { rows: [], issues: wrongHeader };
  const named = headerNames(header);
  const positions = CATALOGUE_COLUMNS.map((column) => [column, named.indexOf(column)] as const);
  const issues: RowIssue[] = [];
  const rows = body.map((cells, index) => {
    const row = index + 2;
    if (cells.length !== header.length)
      issues.push({
        row,
        path: '',
        message: words.cellCount(cells.length, header.length),
      });
    const fields = Object.fromEntries(
      positions.map(([column, at]) => [column, fieldOf(column, cells[at] ?? '')]),
    ) as Record<Column, unknown>;
    return { row, fields };
  });
  return { rows, issues };
}
