/**
 * MARC 21 import and export (docs/product/marc.md): librarians only (401 signed out, 403 for
 * members), checked before a byte of the body is read.
 */
import { z } from 'zod';
import {
  MARC_LIMIT_BYTES,
  marcImportQuerySchema,
  marcImportReportSchema,
} from '../marc-schemas.ts';
import { endpoint } from './endpoint.ts';

const tag = 'Desk';
const access = 'librarian';

export const marcEndpoints = {
  importMarc: endpoint({
    method: 'POST',
    path: '/api/desk/books/marc',
    summary: `Import MARC 21 records with their items (multipart/form-data: field category, the library's category for records that name none, then field file, ISO 2709 or MARCXML up to ${MARC_LIMIT_BYTES / 1024 / 1024} MB); dryRun=true stores nothing`,
    tag,
    access,
    query: marcImportQuerySchema,
    answer: marcImportReportSchema,
  }),
  exportMarc: endpoint({
    method: 'GET',
    path: '/api/desk/books.mrc',
    summary: 'Every book with its copies (952 fields) as MARC 21 records, ISO 2709 in UTF-8',
    tag,
    access,
    answer: { mediaType: 'application/marc', schema: z.string() },
  }),
  exportMarcXml: endpoint({
    method: 'GET',
    path: '/api/desk/books.marcxml',
    summary: 'Every book with its copies (952 fields) as a MARCXML collection',
    tag,
    access,
    answer: { mediaType: 'application/marcxml+xml', schema: z.string() },
  }),
};
