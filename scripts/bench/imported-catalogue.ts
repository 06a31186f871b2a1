/**
 * The benchmark's catalogue brought in through the catalogue's CSV import (issue 38: the targets
 * are stated for a million books loaded so), a file at a time, with the fake catalogue's books.
 */
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { enValidation } from '../../src/common/i18n/en-validation.ts';
import { bookSchemas } from '../../src/common/schemas.ts';
import { CATALOGUE_COLUMNS } from '../../src/server/desk/catalogue-csv.ts';
import { importCatalogue } from '../../src/server/desk/catalogue-import.ts';
import { fakeBook, seededRandom } from './fake-catalogue.ts';

/** Rows per file given to the import: about 7 MB of CSV, under its 10 MB limit. */
const IMPORTED_PER_FILE = 15_000;

/**
 * Adds `count` books through the catalogue's CSV import (desk/catalogue-import.ts), a file of
 * IMPORTED_PER_FILE rows at a time, as a library moving its catalogue in would: every row checked,
 * every book filed by the triggers (search indexes, category figures) in the import's
 * transaction, the word index's b-trees as such a load leaves them. Slower than addFakeBooks by
 * far; it is what the issue's targets are stated for. Answers the books' ids.
 */
export async function importFakeBooks(
  app: FastifyInstance,
  count: number,
  seed = 1,
): Promise<string[]> {
  const random = seededRandom(seed);
  const { db } = app.database;
  const thisYear = new Date().getFullYear();
  const { row } = bookSchemas(() => thisYear, enValidation);
  const categories = (await app.categories.list()).map((category) => category.name);
  for (let start = 0; start < count; start += IMPORTED_PER_FILE) {
    const rows = Array.from({ length: Math.min(IMPORTED_PER_FILE, count - start) }, () => {
      const book = fakeBook(random, '', '');
      return [
        book.name,
        book.author,
        book.category,
        String(book.quantity),
        String(book.rating),
        book.shortDescription,
        book.image,
        book.content,
        '',
        '',
        '',
        '',
        '',
      ];
    });
    const csv = stringify([[...CATALOGUE_COLUMNS], ...rows], { record_delimiter: '\n' });
    await importCatalogue(db, row, csv, new Date(), enValidation, categories, app.kernel.refuse);
  }
  const ids = await db.selectFrom('book').select('id').orderBy('createdAt').execute();
  return ids.map((book) => book.id);
}
