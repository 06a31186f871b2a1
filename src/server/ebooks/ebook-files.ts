/**
 * An e-book as it is stored: its EPUB's bytes, and its summary on the book's row (access, copies,
 * copies free, members waiting), which every book answer shows. The digital library writes them,
 * and the demo seed writes its own e-books through them.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { EbookAccess } from '../../common/constants.ts';

/** A title's e-book state as its book's row keeps it. */
export interface EbookStock {
  id: string;
  name: string;
  access: EbookAccess | null;
  copies: number;
  available: number;
  waiting: number;
}

/** Writes the title's summary on its book's row. */
export async function writeEbookStock(
  tx: Kysely<DB>,
  bookId: string,
  stock: Omit<EbookStock, 'id' | 'name'>,
): Promise<void> {
  await tx
    .updateTable('book')
    .set({
      ebookAccess: stock.access,
      ebookCopies: stock.copies,
      ebookAvailable: stock.available,
      ebookWaiting: stock.waiting,
    })
    .where('id', '=', bookId)
    .execute();
}

/** Stores (or replaces) the title's EPUB. */
export async function storeEbookFile(
  tx: Kysely<DB>,
  file: { bookId: string; bytes: Buffer; uploadedBy: string | null; uploadedAt: string },
): Promise<void> {
  const row = {
    ...file,
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
  };
  await tx
    .insertInto('ebookFile')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('bookId').doUpdateSet({
        bytes: row.bytes,
        size: row.size,
        sha256: row.sha256,
        uploadedBy: row.uploadedBy,
        uploadedAt: row.uploadedAt,
      }),
    )
    .execute();
}
