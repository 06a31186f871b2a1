/**
 * The English words of the desk's MARC 21 import and export (docs/product/marc.md), and of the
 * CSV's, loaded with the Catalogue tab only (client/features/desk/marc-texts.ts); bn-marc.ts has
 * the same shape (`MarcCatalogue`).
 */
import type { MarcImportAction, MarcSkipCode } from '../marc-schemas.ts';
import type { ErrorCode } from '../error-codes.ts';

export const enMarc = {
  /** The CSV's columns by their names in the file: `owned` is every copy, not those on the shelf. */
  csvExportText:
    'The whole catalogue as a CSV file (UTF-8, one book a row). Its owned column counts the copies the library owns: on the shelf, on loan and kept for holds.',
  csvImportText:
    'A CSV file with the same header as the export, up to 10 MB; an older export, whose owned column is called quantity, loads too. Every row is checked; if any row is wrong, nothing is imported and the rows to fix are listed below.',
  heading: 'MARC 21 records',
  intro:
    'Bring a catalogue in from Koha or another library system, or take this one out, as MARC 21 records with their copies.',
  exportHeading: 'Export as MARC',
  exportText:
    'Every book with its copies (barcode, shelf mark and status) as MARC 21 records, which Koha and other library systems read.',
  exportIso: 'Download MARC (.mrc)',
  exportXml: 'Download MARCXML',
  importHeading: 'Import MARC',
  importText: (megabytes: number) =>
    `ISO 2709 (.mrc) or MARCXML, up to ${megabytes} MB, with Koha's items (952) or holdings (852). Check the file first: nothing is stored until you import it.`,
  fileLabel: 'MARC file',
  categoryLabel: 'Category for records that name none',
  check: 'Check File',
  checking: 'Checking…',
  importSubmit: 'Import',
  importing: 'Importing…',
  sending: (percent: number) => `Sending the file: ${percent}%`,
  reading: 'Reading the records…',
  chooseFile: 'Choose a MARC file first.',
  tooLarge: (megabytes: number) =>
    `This file is larger than ${megabytes} MB. Export it from your system in parts.`,
  checkedSummary: (
    records: number,
    added: number,
    updated: number,
    unchanged: number,
    skipped: number,
  ) =>
    `${records} records: ${added} to add, ${updated} to update, ${unchanged} already here, ${skipped} to skip. Nothing is stored yet.`,
  doneSummary: (records: number, added: number, updated: number, copies: number, skipped: number) =>
    `Imported ${records} records: ${added} books added, ${updated} updated, ${copies} copies added, ${skipped} skipped.`,
  checkedCaption: 'What the import will do with each record',
  doneCaption: 'What the import did with each record',
  columns: {
    record: 'Record',
    title: 'Title',
    author: 'Author',
    isbn: 'ISBN',
    copies: 'Copies',
    action: 'What happens',
  },
  actions: {
    add: 'Add',
    update: 'Update',
    unchanged: 'Already here',
    skip: 'Skip',
  } satisfies Record<MarcImportAction, string>,
  skipReasons: {
    BROKEN_RECORD: 'The record is damaged and cannot be read.',
    NO_TITLE: 'The record has no title.',
    INVALID_BARCODE: 'A barcode is not 4 to 20 letters and digits.',
    CARD_BARCODE: "A barcode is a library card's number.",
    OTHER_BOOK_BARCODE: 'A barcode belongs to a copy of another book.',
  } satisfies Record<MarcSkipCode, string>,
  listedFirst: (shown: number, total: number) =>
    `The first ${shown} of ${total} records are listed.`,
  failures: {
    INVALID_MARC: 'This file is not MARC 21. Choose an ISO 2709 (.mrc) or MARCXML file.',
    PAYLOAD_TOO_LARGE: 'This file is larger than the library accepts.',
    OTHER: 'The file could not be imported. Please try again.',
  } satisfies Partial<Record<ErrorCode | 'OTHER', string>>,
};
