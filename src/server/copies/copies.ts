/**
 * Copies and barcodes (docs/decisions/012-copies-cards-desk.md): the SQL every module that makes
 * or moves copies shares (circulation, the catalogue, its imports) and the barcode registry that
 * library cards share. It holds no rule: a copy's status moves only with its book's row locked
 * (circulation/shelf.ts), in the transaction that also writes the book's `quantity`, so
 * `quantity` always counts the available copies.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Copy, CopyStatus } from '../../common/copies.ts';
import type { DB } from '../db/schema.ts';

/** Rows a statement inserts at once: far below either database's limit of bound parameters. */
const BATCH = 500;

/** Ten digits: `2` then nine for a card, `3` then nine for a copy, as libraries number them. */
const PREFIX = { card: '2', copy: '3' } as const;
type BarcodeKind = keyof typeof PREFIX;

const randomBarcode = (kind: BarcodeKind) =>
  `${PREFIX[kind]}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/**
 * Claims barcodes in the registry, where each is unique across copies and cards and kept for
 * good. `given` are claimed as they are; answers those that were free. Conflicts do nothing
 * rather than fail, so a transaction (PostgreSQL aborts one on any error) goes on.
 */
async function claim(db: Kysely<DB>, kind: BarcodeKind, codes: string[]): Promise<Set<string>> {
  const claimed = new Set<string>();
  for (let at = 0; at < codes.length; at += BATCH) {
    const rows = await db
      .insertInto('barcode')
      .values(codes.slice(at, at + BATCH).map((code) => ({ code, kind })))
      .onConflict((conflict) => conflict.doNothing())
      .returning('code')
      .execute();
    for (const row of rows) claimed.add(row.code);
  }
  return claimed;
}

/**
 * Claims barcodes as given; answers whether every one was free. When one was not, the caller's
 * transaction is to be undone, taking back the others.
 */
export async function claimBarcodes(db: Kysely<DB>, kind: BarcodeKind, codes: string[]) {
  return (await claim(db, kind, codes)).size === codes.length;
}

/** Which of these barcodes a copy or a card has already. */
export async function takenBarcodes(db: Kysely<DB>, codes: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let at = 0; at < codes.length; at += BATCH) {
    const rows = await db
      .selectFrom('barcode')
      .select('code')
      .where('code', 'in', codes.slice(at, at + BATCH))
      .execute();
    for (const row of rows) taken.add(row.code);
  }
  return taken;
}

/** Claims one barcode as given; answers false when a copy or card already has it. */
export async function claimBarcode(db: Kysely<DB>, kind: BarcodeKind, code: string) {
  return (await claim(db, kind, [code])).has(code);
}

/**
 * Claims `count` new barcodes, drawing again for any already given. Drawn a batch at a time, so
 * nothing grows with `count` but the answer.
 */
export async function newBarcodes(
  db: Kysely<DB>,
  kind: BarcodeKind,
  count: number,
): Promise<string[]> {
  const got: string[] = [];
  while (got.length < count) {
    const wanted = Math.min(BATCH, count - got.length);
    const drawn = new Set(Array.from({ length: wanted }, () => randomBarcode(kind)));
    for (const code of await claim(db, kind, [...drawn])) got.push(code);
  }
  return got;
}

export const toCopy = (row: {
  id: string;
  bookId: string;
  barcode: string;
  status: CopyStatus;
  shelfMark: string | null;
  note: string | null;
}): Copy => ({
  _id: row.id,
  bookId: row.bookId,
  barcode: row.barcode,
  status: row.status,
  shelfMark: row.shelfMark,
  note: row.note,
});

/**
 * The book's copies off the shelf that will come back to it: on loan, kept for a hold, or being
 * mended. None (every copy lost or withdrawn) means a hold would wait for ever.
 */
export async function copiesComingBack(db: Kysely<DB>, bookId: string): Promise<number> {
  const { count } = await db
    .selectFrom('copy')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('bookId', '=', bookId)
    .where('status', 'in', ['onLoan', 'held', 'damaged'])
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Puts new copies of books on the shelf (`available`), with fresh barcodes. */
export async function addShelfCopies(
  db: Kysely<DB>,
  books: { bookId: string; count: number }[],
  at: Date,
): Promise<void> {
  const total = books.reduce((sum, book) => sum + book.count, 0);
  if (total === 0) return;
  const barcodes = await newBarcodes(db, 'copy', total);
  const timestamp = at.toISOString();
  const rows = books.flatMap((book) =>
    Array.from({ length: book.count }, () => ({
      id: randomUUID(),
      bookId: book.bookId,
      barcode: barcodes.pop() as string,
      status: 'available' as const,
      shelfMark: null,
      note: null,
      createdAt: timestamp,
      updatedAt: timestamp,
    })),
  );
  for (let from = 0; from < rows.length; from += BATCH) {
    await db
      .insertInto('copy')
      .values(rows.slice(from, from + BATCH))
      .execute();
  }
}

/** Adds one copy with a barcode already claimed; answers it. */
export async function insertCopy(
  db: Kysely<DB>,
  copy: { bookId: string; barcode: string; shelfMark: string | null },
  at: Date,
): Promise<Copy> {
  const row = {
    id: randomUUID(),
    ...copy,
    status: 'available' as const,
    note: null,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
  await db.insertInto('copy').values(row).execute();
  return toCopy(row);
}

const copyColumns = ['id', 'bookId', 'barcode', 'status', 'shelfMark', 'note'] as const;

export async function findCopyByBarcode(db: Kysely<DB>, barcode: string) {
  return db
    .selectFrom('copy')
    .select(copyColumns)
    .where('barcode', '=', barcode)
    .executeTakeFirst();
}

export async function findCopy(db: Kysely<DB>, copyId: string) {
  return db.selectFrom('copy').select(copyColumns).where('id', '=', copyId).executeTakeFirst();
}

/** The copies with these ids (at most a labels page's worth), in the order asked; unknown ids are left out. */
export async function findCopies(db: Kysely<DB>, copyIds: string[]): Promise<Copy[]> {
  const rows = await db.selectFrom('copy').select(copyColumns).where('id', 'in', copyIds).execute();
  const byId = new Map(rows.map((row) => [row.id, toCopy(row)]));
  return copyIds.flatMap((id) => byId.get(id) ?? []);
}

/** A page of a book's copies, in the order they were added, and how many it has. */
export async function listCopies(
  db: Kysely<DB>,
  bookId: string,
  page: { limit: number; offset: number },
): Promise<{ copies: Copy[]; total: number }> {
  const [rows, { count }] = await Promise.all([
    db
      .selectFrom('copy')
      .select(copyColumns)
      .where('bookId', '=', bookId)
      .orderBy('createdAt')
      .orderBy('barcode')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('copy')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('bookId', '=', bookId)
      .executeTakeFirstOrThrow(),
  ]);
  return { copies: rows.map(toCopy), total: Number(count) };
}

/**
 * Up to `count` of the book's copies on the shelf, `first` first when it is one of them (the copy
 * just returned goes to the queue, so the desk can say so), then the oldest.
 */
export async function shelfCopies(
  db: Kysely<DB>,
  bookId: string,
  count: number,
  first?: string,
): Promise<{ id: string; barcode: string }[]> {
  if (count <= 0) return [];
  let query = db
    .selectFrom('copy')
    .select(['id', 'barcode'])
    .where('bookId', '=', bookId)
    .where('status', '=', 'available');
  if (first !== undefined) {
    query = query.orderBy((eb) => eb.case().when('id', '=', first).then(0).else(1).end());
  }
  return query.orderBy('createdAt').orderBy('id').limit(count).execute();
}

export async function setCopyStatus(
  db: Kysely<DB>,
  copyIds: string[],
  status: CopyStatus,
  at: Date,
): Promise<void> {
  if (copyIds.length === 0) return;
  await db
    .updateTable('copy')
    .set({ status, updatedAt: at.toISOString() })
    .where('id', 'in', copyIds)
    .execute();
}

export async function updateCopyFields(
  db: Kysely<DB>,
  copyId: string,
  changes: { status?: CopyStatus; shelfMark?: string | null; note?: string | null },
  at: Date,
): Promise<void> {
  await db
    .updateTable('copy')
    .set({ ...changes, updatedAt: at.toISOString() })
    .where('id', '=', copyId)
    .execute();
}

export async function countShelfCopies(db: Kysely<DB>, bookId: string): Promise<number> {
  const { count } = await db
    .selectFrom('copy')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('bookId', '=', bookId)
    .where('status', '=', 'available')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Moves the book's shelf by `difference` copies (an edit that sets the quantity, or an
 * increment): new copies for a rise, and for a fall the newest copies on the shelf withdrawn.
 */
export async function moveShelf(
  db: Kysely<DB>,
  bookId: string,
  difference: number,
  at: Date,
): Promise<void> {
  if (difference > 0) await addShelfCopies(db, [{ bookId, count: difference }], at);
  if (difference < 0) {
    const newest = await db
      .selectFrom('copy')
      .select('id')
      .where('bookId', '=', bookId)
      .where('status', '=', 'available')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(-difference)
      .execute();
    await setCopyStatus(
      db,
      newest.map((copy) => copy.id),
      'withdrawn',
      at,
    );
  }
}

/** A copy an import adds; `barcode` null gets a new one, and `claim` false means it is registered already. */
export interface NewCopy {
  bookId: string;
  barcode: string | null;
  claim: boolean;
  status: CopyStatus;
  shelfMark: string | null;
  note: string | null;
}

/**
 * Adds copies as an import lists them (MARC, the catalogue's CSV), registering their barcodes: a
 * barcode registered meanwhile fails the insert, and with it the import's transaction.
 */
export async function insertCopies(db: Kysely<DB>, copies: NewCopy[], at: Date): Promise<Copy[]> {
  const claimed = copies.flatMap((copy) => (copy.claim && copy.barcode ? [copy.barcode] : []));
  for (let from = 0; from < claimed.length; from += BATCH)
    await db
      .insertInto('barcode')
      .values(claimed.slice(from, from + BATCH).map((code) => ({ code, kind: 'copy' as const })))
      .execute();
  const fresh = await newBarcodes(db, 'copy', copies.filter((copy) => !copy.barcode).length);
  const timestamp = at.toISOString();
  const rows = copies.map((copy) => ({
    id: randomUUID(),
    bookId: copy.bookId,
    barcode: copy.barcode ?? (fresh.pop() as string),
    status: copy.status,
    shelfMark: copy.shelfMark,
    note: copy.note,
    createdAt: timestamp,
    updatedAt: timestamp,
  }));
  for (let from = 0; from < rows.length; from += BATCH)
    await db
      .insertInto('copy')
      .values(rows.slice(from, from + BATCH))
      .execute();
  return rows.map(({ id, bookId, barcode, status, shelfMark, note }) => ({
    _id: id,
    bookId,
    barcode,
    status,
    shelfMark,
    note,
  }));
}
