/**
 * The desk's MARC 21 calls (docs/product/marc.md): the import, checked first as a dry run, and
 * the two exports, which are plain links (the cookie goes with them).
 */
import type { MarcImportReport } from '../../../../common/marc-schemas.ts';
import { api } from '../../../lib/api-client.ts';

export const MARC_EXPORT_URL = '/api/desk/books.mrc';
export const MARCXML_EXPORT_URL = '/api/desk/books.marcxml';

/** POST /api/desk/books/marc: the category first, then the file; `dryRun` stores nothing. */
export async function importMarc(
  file: File,
  category: string,
  dryRun: boolean,
  onProgress: (sent: number, total: number) => void,
): Promise<MarcImportReport> {
  const form = new FormData();
  form.append('category', category);
  form.append('file', file);
  const params = dryRun ? { dryRun: 'true' as const } : {};
  return (await api.upload('/desk/books/marc', form, { params, onProgress })).data;
}
