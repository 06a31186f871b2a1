/**
 * A book's copies and stock as the catalogue changes them (docs/product/desk.md): a copy added or
 * its status set at the desk, a book's quantity edited, a book withdrawn. Each runs with the
 * book's row locked (shelf.ts), like every loan and hold, so a copy put on the shelf serves the
 * holds queue first and nothing slips in between a check and its change.
 */
import type { Kysely } from 'kysely';
import { COPIES_PER_REQUEST } from '../../common/constants.ts';
import type { Copy, CopyUpdate } from '../../common/copies.ts';
import type { ValidationCatalogue } from '../../common/i18n/catalogue.ts';
import { enValidation } from '../../common/i18n/en-validation.ts';
import {
  claimBarcode,
  countShelfCopies,
  findCopy,
  insertCopy,
  moveShelf,
  newBarcodes,
  toCopy,
  updateCopyFields,
} from '../copies/copies.ts';
import type { Kernel } from '../core/kernel.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import type { Shelf } from './shelf.ts';
import { writeStock } from './shelf.repository.ts';

const tooManyCopies = () => {
  const worded = (m: ValidationCatalogue) => m.copiesAtOnce(COPIES_PER_REQUEST);
  return new ApiError(400, 'VALIDATION', worded, [
    { path: 'quantity', message: worded(enValidation) },
  ]);
};

export class Copies {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly kernel: Kernel,
    private readonly shelf: Shelf,
    /** Whether members read the book's e-book now (lent or kept for them), under its lock. */
    private readonly ebookInUse: (tx: Kysely<DB>, bookId: string) => Promise<boolean>,
  ) {}

  /**
   * Adds a copy to a book's shelf (a claimed or a new barcode); it serves the queue first, like
   * a returned one. Answers undefined when there is no such book; 409 DUPLICATE_BARCODE when a
   * copy or card already has the barcode.
   */
  async add(
    bookId: string,
    fields: { barcode?: string; shelfMark?: string | null },
  ): Promise<Copy | undefined> {
    return retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lock(tx, bookId);
      if (!stock) return undefined;
      const given = fields.barcode;
      if (given !== undefined && !(await claimBarcode(tx, 'copy', given)))
        throw this.kernel.refuse('DUPLICATE_BARCODE');
      const [barcode] = given !== undefined ? [given] : await newBarcodes(tx, 'copy', 1);
      if (barcode === undefined) throw this.kernel.refuse('DUPLICATE_BARCODE');
      const copy = await insertCopy(
        tx,
        { bookId, barcode, shelfMark: fields.shelfMark ?? null },
        this.kernel.clock.now(),
      );
      await this.shelf.settle(tx, stock, { copies: 1, returned: copy._id });
      return toCopy((await findCopy(tx, copy._id)) ?? { ...copy, id: copy._id });
    });
  }

  /**
   * Changes a copy's shelf mark, note or status. A status is set only on a copy neither on loan
   * nor held (409 COPY_IN_CIRCULATION); one made available serves the queue first, one taken off
   * the shelf leaves `quantity`. Answers undefined when there is no such copy.
   */
  async update(copyId: string, changes: CopyUpdate): Promise<Copy | undefined> {
    const found = await findCopy(this.db, copyId);
    if (!found) return undefined;
    return retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lock(tx, found.bookId);
      const copy = stock && (await findCopy(tx, copyId));
      if (!stock || !copy) return undefined;
      const { status, ...fields } = changes;
      const moves = status !== undefined && status !== copy.status;
      if (moves && (copy.status === 'onLoan' || copy.status === 'held'))
        return this.kernel.refuse('COPY_IN_CIRCULATION');
      const now = this.kernel.clock.now();
      await updateCopyFields(tx, copyId, { ...fields, ...(moves ? { status } : {}) }, now);
      if (moves && status === 'available')
        await this.shelf.settle(tx, stock, { copies: 1, returned: copyId });
      else if (moves && copy.status === 'available') {
        await writeStock(tx, stock, { ...stock, quantity: stock.quantity - 1 });
      }
      return toCopy((await findCopy(tx, copyId)) ?? copy);
    });
  }

  /**
   * Runs an edit of a book's stock (update, increment) with the book locked, then makes its
   * copies on the shelf match the quantity written (at most COPIES_PER_REQUEST more or fewer) and
   * serves waiting holds from any it put there. Answers undefined when there is no such book.
   */
  async editStock<T>(bookId: string, edit: (tx: Kysely<DB>) => Promise<T>): Promise<T | undefined> {
    return retryingTransaction(this.db, async (tx) => {
      if (!(await this.shelf.lock(tx, bookId))) return undefined;
      const result = await edit(tx);
      const edited = await this.shelf.lock(tx, bookId);
      if (edited) {
        const difference = edited.quantity - (await countShelfCopies(tx, bookId));
        // Thrown, so the whole edit is undone: its copies are made one by one (issue 33).
        if (Math.abs(difference) > COPIES_PER_REQUEST) throw tooManyCopies();
        await moveShelf(tx, bookId, difference, this.kernel.clock.now());
        await this.shelf.settle(tx, edited);
      }
      return result;
    });
  }

  /**
   * Withdraws a book (docs/product.md#librarians): refused while a copy is on loan or anyone
   * holds the book (expired ready holds are let go first), and while its e-book is lent or kept
   * for a member (409 EBOOK_IN_USE). What its returned loans show of it is kept in
   * `withdrawnBook`; the book's row goes, and with it every list's entry.
   */
  async withdraw(bookId: string): Promise<void> {
    const { refuse } = this.kernel;
    await retryingTransaction(this.db, async (tx) => {
      const stock = await this.shelf.lockSettled(tx, bookId);
      if (!stock) return refuse('BOOK_NOT_FOUND');
      const [loans, holds] = await Promise.all([
        tx
          .selectFrom('loan')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('bookId', '=', bookId)
          .where('returnedAt', 'is', null)
          .executeTakeFirstOrThrow(),
        tx
          .selectFrom('hold')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('bookId', '=', bookId)
          .executeTakeFirstOrThrow(),
      ]);
      if (Number(loans.count) > 0 || Number(holds.count) > 0) return refuse('BOOK_IN_CIRCULATION');
      // Decided under the book's lock, which an e-loan takes too: no borrow slips in (issue 33).
      if (await this.ebookInUse(tx, bookId)) return refuse('EBOOK_IN_USE');
      const book = await tx
        .selectFrom('book')
        .select(['id', 'name', 'author', 'category', 'image'])
        .where('id', '=', bookId)
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('withdrawnBook')
        .values({ ...book, withdrawnAt: this.kernel.clock.now().toISOString() })
        .execute();
      await tx.deleteFrom('book').where('id', '=', bookId).execute();
    });
  }
}
