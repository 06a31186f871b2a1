/**
 * Copies with barcodes and library cards (docs/decisions/012-copies-cards-desk.md):
 * - `barcode`: every barcode ever given, to a copy or a card, kept for good. Its primary key makes
 *   a barcode unique across copies and cards, and since no row is ever deleted, a card number or
 *   a withdrawn copy's barcode is never given again.
 * - `copy`: each copy a library owns, with its status (`available` on the shelf, `onLoan`, `held`
 *   for a ready hold, `lost`, `damaged`, `withdrawn`); a book's `quantity` counts its available
 *   copies. Removed with its book when the book is withdrawn.
 * - `libraryCard`: each account's card number. The `user` table is better-auth's and is created
 *   after this app's migrations on a new database, so the card lives beside it.
 * - `loan.copyId`, `loan.barcode` (the copy lent; at most one current loan per copy) and
 *   `hold.copyId` (the copy kept for a ready hold; one hold per copy).
 * Existing books get their copies: `quantity` on the shelf, one on loan per current loan (which
 * then names it) and one held per ready hold (likewise); existing accounts get their cards.
 * Frozen history: literals only, and its own barcode generator.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const BATCH = 500;

/** Ten digits: `2` then nine for a card, `3` then nine for a copy, as libraries number them. */
function barcodeMaker(prefix: '2' | '3', taken: Set<string>) {
  return (): string => {
    for (;;) {
      const code = `${prefix}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
      if (!taken.has(code)) {
        taken.add(code);
        return code;
      }
    }
  };
}

async function createTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('barcode')
    .addColumn('code', 'varchar(20)', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(8)', (col) =>
      col.notNull().check(sql`"kind" = 'copy' or "kind" = 'card'`),
    )
    .execute();
  await db.schema
    .createTable('copy')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('bookId', 'varchar(64)', (col) =>
      col.notNull().references('book.id').onDelete('cascade'),
    )
    .addColumn('barcode', 'varchar(20)', (col) => col.notNull().unique().references('barcode.code'))
    .addColumn('status', 'varchar(16)', (col) =>
      col
        .notNull()
        .check(
          sql`"status" = 'available' or "status" = 'onLoan' or "status" = 'held' or "status" = 'lost' or "status" = 'damaged' or "status" = 'withdrawn'`,
        ),
    )
    .addColumn('shelfMark', 'text')
    .addColumn('note', 'text')
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('updatedAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('copy_book_status')
    .on('copy')
    .columns(['bookId', 'status', 'createdAt'])
    .execute();
  await db.schema
    .createTable('libraryCard')
    .addColumn('cardNumber', 'varchar(20)', (col) => col.primaryKey().references('barcode.code'))
    .addColumn('userId', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('issuedAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('loan').addColumn('copyId', 'varchar(64)').execute();
  await db.schema.alterTable('loan').addColumn('barcode', 'varchar(20)').execute();
  await db.schema
    .createIndex('loan_current_copy')
    .unique()
    .on('loan')
    .column('copyId')
    .where(sql<boolean>`"returnedAt" is null and "copyId" is not null`)
    .execute();
  await db.schema.alterTable('hold').addColumn('copyId', 'varchar(64)').execute();
  await db.schema
    .createIndex('hold_copy')
    .unique()
    .on('hold')
    .column('copyId')
    .where(sql<boolean>`"copyId" is not null`)
    .execute();
}

interface NewCopy {
  id: string;
  bookId: string;
  barcode: string;
  status: 'available' | 'onLoan' | 'held';
  shelfMark: null;
  note: null;
  createdAt: string;
  updatedAt: string;
}

async function insertCopies(db: AnyDb, copies: NewCopy[]): Promise<void> {
  for (let at = 0; at < copies.length; at += BATCH) {
    const batch = copies.slice(at, at + BATCH);
    await db
      .insertInto('barcode')
      .values(batch.map((copy) => ({ code: copy.barcode, kind: 'copy' })))
      .execute();
    await db.insertInto('copy').values(batch).execute();
  }
}

/** Gives every book its copies, a batch of books at a time, in the order of their ids. */
async function copyExistingBooks(db: AnyDb, now: string): Promise<void> {
  const nextBarcode = barcodeMaker('3', new Set());
  let after = '';
  for (;;) {
    const books: { id: string; quantity: number }[] = await db
      .selectFrom('book')
      .select(['id', 'quantity'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const last = books.at(-1);
    if (!last) return;
    after = last.id;
    const ids = books.map((book) => book.id);
    const loans: { id: string; bookId: string }[] = await db
      .selectFrom('loan')
      .select(['id', 'bookId'])
      .where('bookId', 'in', ids)
      .where('returnedAt', 'is', null)
      .execute();
    const holds: { id: string; bookId: string }[] = await db
      .selectFrom('hold')
      .select(['id', 'bookId'])
      .where('bookId', 'in', ids)
      .where('status', '=', 'ready')
      .execute();
    const copy = (bookId: string, status: NewCopy['status']): NewCopy => ({
      id: randomUUID(),
      bookId,
      barcode: nextBarcode(),
      status,
      shelfMark: null,
      note: null,
      createdAt: now,
      updatedAt: now,
    });
    const copies: NewCopy[] = books.flatMap((book) =>
      Array.from({ length: book.quantity }, () => copy(book.id, 'available')),
    );
    const lent = loans.map((loan) => ({ loan, copy: copy(loan.bookId, 'onLoan') }));
    const kept = holds.map((hold) => ({ hold, copy: copy(hold.bookId, 'held') }));
    await insertCopies(db, [
      ...copies,
      ...lent.map((entry) => entry.copy),
      ...kept.map((entry) => entry.copy),
    ]);
    for (const { loan, copy: given } of lent) {
      await db
        .updateTable('loan')
        .set({ copyId: given.id, barcode: given.barcode })
        .where('id', '=', loan.id)
        .execute();
    }
    for (const { hold, copy: given } of kept) {
      await db.updateTable('hold').set({ copyId: given.id }).where('id', '=', hold.id).execute();
    }
  }
}

/** Gives every existing account its card; on a new database better-auth's `user` comes later. */
async function issueExistingCards(db: AnyDb, now: string): Promise<void> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === 'user')) return;
  const users: { id: string }[] = await db.selectFrom('user').select('id').orderBy('id').execute();
  const nextCardNumber = barcodeMaker('2', new Set());
  const cards = users.map((user) => ({
    cardNumber: nextCardNumber(),
    userId: user.id,
    issuedAt: now,
  }));
  for (let at = 0; at < cards.length; at += BATCH) {
    const batch = cards.slice(at, at + BATCH);
    await db
      .insertInto('barcode')
      .values(batch.map((card) => ({ code: card.cardNumber, kind: 'card' })))
      .execute();
    await db.insertInto('libraryCard').values(batch).execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  const now = new Date().toISOString();
  await createTables(db);
  await copyExistingBooks(db, now);
  await issueExistingCards(db, now);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('hold_copy').execute();
  await db.schema.alterTable('hold').dropColumn('copyId').execute();
  await db.schema.dropIndex('loan_current_copy').execute();
  await db.schema.alterTable('loan').dropColumn('barcode').execute();
  await db.schema.alterTable('loan').dropColumn('copyId').execute();
  await db.schema.dropTable('libraryCard').execute();
  await db.schema.dropTable('copy').execute();
  await db.schema.dropTable('barcode').execute();
}
