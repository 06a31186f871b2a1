/**
 * MARC 21 import and export at the desk (docs/product/marc.md): what the import takes and answers,
 * shared by the server's routes and the desk's page.
 */
import { z } from 'zod';

/** The largest MARC file an import takes: a library's 40,000 records fit. */
export const MARC_LIMIT_BYTES = 50 * 1024 * 1024;

export const MARC_SKIP_CODES = [
  'BROKEN_RECORD',
  'NO_TITLE',
  'INVALID_BARCODE',
  'CARD_BARCODE',
  'OTHER_BOOK_BARCODE',
] as const;
export type MarcSkipCode = (typeof MARC_SKIP_CODES)[number];

export const MARC_IMPORT_ACTIONS = ['add', 'update', 'unchanged', 'skip'] as const;
export type MarcImportAction = (typeof MARC_IMPORT_ACTIONS)[number];

export const marcImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: answer what the import would do, and store nothing'),
});

export const marcRecordOutcomeSchema = z
  .object({
    record: z.number().int().describe("The record's place in the file, from 1"),
    title: z.string(),
    author: z.string(),
    isbn: z.string().nullable(),
    copies: z.number().int().describe('Items (952, 852) the record carries'),
    newCopies: z.number().int().describe('Copies it adds: the others are there already'),
    action: z.enum(MARC_IMPORT_ACTIONS),
    code: z.enum(MARC_SKIP_CODES).optional().describe('Why a skipped record was skipped'),
    reason: z.string().optional(),
  })
  .meta({ id: 'MarcRecordOutcome' });
export type MarcRecordOutcome = z.infer<typeof marcRecordOutcomeSchema>;

export const marcImportReportSchema = z
  .object({
    records: z.number().int().describe('Records read from the file'),
    added: z.number().int().describe('Books added'),
    updated: z.number().int().describe('Books the records changed, or gave new copies'),
    unchanged: z.number().int().describe('Books found with nothing new in their records'),
    copiesAdded: z.number().int(),
    skipped: z
      .array(
        z.object({
          record: z.number().int(),
          code: z.enum(MARC_SKIP_CODES),
          reason: z.string(),
        }),
      )
      .describe('Skipped records (the first 1,000), each with its place in the file and why'),
    skippedCount: z.number().int(),
    outcomes: z
      .array(marcRecordOutcomeSchema)
      .describe("What happens to each record (the first 1,000): the dry run's table"),
    dryRun: z.boolean(),
  })
  .meta({ id: 'MarcImportReport' });
export type MarcImportReport = z.infer<typeof marcImportReportSchema>;
