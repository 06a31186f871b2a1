/**
 * A MARC import (docs/product/marc.md): records come one by one from the reader, are mapped, and
 * are matched and stored a batch at a time, each batch in its own short transaction, with other
 * requests served between batches, so a large file neither fills memory nor stalls the server.
 * A dry run makes the same decisions and stores nothing (it remembers what earlier batches would
 * have added, so a record given twice is an addition, then an update, in both).
 *
 * Matching: a record's ISBN, or else its control number (001 with 003), finds the book it
 * updates; a barcode already given finds its copy, which is never made twice. New copies on the
 * shelf of a book already in the catalogue go through circulation's stock edit, which serves the
 * holds waiting for that book first.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type {
  MarcImportAction,
  MarcImportReport,
  MarcRecordOutcome,
} from '../../common/marc-schemas.ts';
import type { Copies } from '../circulation/copies.service.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { categoryOfTerms, type LibraryCategory } from './library-categories.ts';
import {
  bookOfRecord,
  isSkip,
  OWN_CONTROL_SOURCE,
  type BookDraft,
  type Skip,
} from './marc-mapping.ts';
import type { ReadRecord } from './marc-reader.ts';
import {
  addToShelf,
  findGivenBarcodes,
  findMatchingBooks,
  insertBooks,
  updateMatchedBook,
  type MatchedBook,
  type NewBook,
} from './marc.repository.ts';
import { insertCopies, type NewCopy } from '../copies/copies.ts';

/**
 * Records matched and stored in one transaction: short enough that other requests hardly wait
 * (SQLite serves one transaction at a time; at 100 records /api/health waited up to 0.6 s during
 * a 10,000-record import on a loaded machine, at 50 up to 0.17 s: docs/performance.md).
 */
const BATCH_RECORDS = 50;
/** Outcomes and skips an answer lists; the counts cover every record. */
export const LISTED_RECORDS_MAX = 1000;

export interface MarcImportOptions {
  dryRun: boolean;
  /** The category of records whose headings name none of the library's. */
  category: string;
  categories: LibraryCategory[];
  thisYear: number;
  now: () => Date;
  /** Called after each batch, with how many records have been read. */
  onProgress?: (records: number) => void | Promise<void>;
}

type Read = { number: number; draft: BookDraft } | { number: number; skip: Skip };

/** What the import has decided so far, across batches: where each key and barcode went. */
interface Memory {
  isbns: Map<string, string>;
  controlNumbers: Map<string, string>;
  /** Barcode → the id of the book its copy belongs to. */
  barcodes: Map<string, string>;
  /** Books added by this import (in a dry run: that it would have added), as matched books. */
  added: Map<string, MatchedBook>;
}

/** A batch's decisions and the writes they make. */
interface Plan {
  outcomes: MarcRecordOutcome[];
  newBooks: NewBook[];
  updates: { current: MatchedBook; changes: Partial<Omit<MatchedBook, 'id'>> }[];
  copies: NewCopy[];
  memory: Memory;
}

const ownId = (controlNumber: string | null) => {
  const prefix = `(${OWN_CONTROL_SOURCE})`;
  return controlNumber?.startsWith(prefix) ? controlNumber.slice(prefix.length) : null;
};

function copyMemory(memory: Memory): Memory {
  return {
    isbns: new Map(memory.isbns),
    controlNumbers: new Map(memory.controlNumbers),
    barcodes: new Map(memory.barcodes),
    added: new Map(memory.added),
  };
}

/** What a record changes of the book it matched: only what the record says. */
function changesOf(
  current: MatchedBook,
  draft: BookDraft,
  category: string | undefined,
): Partial<Omit<MatchedBook, 'id'>> {
  const wanted: Partial<Omit<MatchedBook, 'id'>> = {
    name: draft.name,
    author: draft.author,
    romanisedName: draft.romanisedName,
    romanisedAuthor: draft.romanisedAuthor,
  };
  if (category !== undefined) wanted.category = category;
  if (draft.isbn !== null) wanted.isbn = draft.isbn;
  if (draft.shortDescription !== null) wanted.shortDescription = draft.shortDescription;
  if (draft.publisher !== null) wanted.publisher = draft.publisher;
  if (draft.publishedYear !== null) wanted.publishedYear = draft.publishedYear;
  if (draft.language !== null) wanted.language = draft.language;
  // A record this library exported names the book by its id: it needs no control number.
  if (
    draft.controlNumber !== null &&
    current.controlNumber === null &&
    ownId(draft.controlNumber) !== current.id
  )
    wanted.controlNumber = draft.controlNumber;
  return Object.fromEntries(
    Object.entries(wanted).filter(
      ([field, value]) => current[field as keyof MatchedBook] !== value,
    ),
  );
}

/** Decides every record of a batch against the catalogue as `db` sees it and what came before. */
async function planBatch(
  db: Kysely<DB>,
  batch: Read[],
  before: Memory,
  options: MarcImportOptions,
): Promise<Plan> {
  const memory = copyMemory(before);
  const drafts = batch.flatMap((read) => ('draft' in read ? [read.draft] : []));
  const found = await findMatchingBooks(db, {
    isbns: drafts.flatMap((draft) => (draft.isbn ? [draft.isbn] : [])),
    controlNumbers: drafts.flatMap((draft) => (draft.controlNumber ? [draft.controlNumber] : [])),
    ids: drafts.flatMap((draft) => ownId(draft.controlNumber) ?? []),
  });
  const books = new Map<string, MatchedBook>(memory.added);
  for (const book of found) {
    books.set(book.id, book);
    if (book.isbn) memory.isbns.set(book.isbn, book.id);
    if (book.controlNumber) memory.controlNumbers.set(book.controlNumber, book.id);
  }
  const given = await findGivenBarcodes(
    db,
    drafts.flatMap((draft) => draft.items.flatMap((item) => item.barcode ?? [])),
  );
  const plan: Plan = { outcomes: [], newBooks: [], updates: [], copies: [], memory };
  const updates = new Map<string, Plan['updates'][number]>();

  for (const read of batch) {
    if ('skip' in read) {
      plan.outcomes.push(skipped(read.number, null, read.skip));
      continue;
    }
    const { draft } = read;
    const ownMatch = ownId(draft.controlNumber);
    const matchedId =
      (draft.isbn && memory.isbns.get(draft.isbn)) ||
      (draft.controlNumber && memory.controlNumbers.get(draft.controlNumber)) ||
      (ownMatch && books.has(ownMatch) ? ownMatch : undefined);
    const bookId = matchedId || randomUUID();

    // Each barcode: a card's refuses the record; another book's copy too; this book's is matched.
    const copies: NewCopy[] = [];
    let refusal: Skip | undefined;
    for (const item of draft.items) {
      if (item.barcode === null) {
        // Without a barcode an item cannot be told from copies a matched book has already.
        if (!matchedId) copies.push({ ...item, bookId, claim: false });
        continue;
      }
      const registered = given.get(item.barcode);
      const owner = memory.barcodes.get(item.barcode) ?? registered?.bookId ?? null;
      if (registered?.kind === 'card') {
        refusal = {
          code: 'CARD_BARCODE',
          reason: `the barcode ${item.barcode} is a library card's number`,
        };
        break;
      }
      if (owner !== null && owner !== bookId) {
        refusal = {
          code: 'OTHER_BOOK_BARCODE',
          reason: `the barcode ${item.barcode} belongs to a copy of another book`,
        };
        break;
      }
      // A barcode of a copy withdrawn with its book is still the library's: the copy comes back.
      if (owner === null) copies.push({ ...item, bookId, claim: registered === undefined });
    }
    if (refusal) {
      plan.outcomes.push(skipped(read.number, draft, refusal));
      continue;
    }

    const category = categoryOfTerms(draft.categoryTerms, options.categories);
    for (const copy of copies) if (copy.barcode) memory.barcodes.set(copy.barcode, bookId);
    if (draft.isbn) memory.isbns.set(draft.isbn, bookId);
    if (draft.controlNumber) memory.controlNumbers.set(draft.controlNumber, bookId);
    for (const copy of copies) plan.copies.push(copy);
    let action: MarcImportAction;
    const current = matchedId ? books.get(matchedId) : undefined;
    if (!current) {
      const added: NewBook = {
        id: bookId,
        name: draft.name,
        author: draft.author,
        romanisedName: draft.romanisedName,
        romanisedAuthor: draft.romanisedAuthor,
        category: category ?? options.category,
        quantity: copies.filter((copy) => copy.status === 'available').length,
        shortDescription: draft.shortDescription ?? '',
        isbn: draft.isbn,
        publisher: draft.publisher,
        publishedYear: draft.publishedYear,
        language: draft.language,
        controlNumber: draft.controlNumber,
      };
      plan.newBooks.push(added);
      memory.added.set(bookId, added);
      books.set(bookId, added);
      action = 'add';
    } else {
      const changes = changesOf(current, draft, category);
      const changed = Object.keys(changes).length > 0;
      // A book this batch adds is written once, with what its later records changed and added.
      const pendingNew = plan.newBooks.find((book) => book.id === current.id);
      if (pendingNew) {
        Object.assign(pendingNew, changes);
        pendingNew.quantity += copies.filter((copy) => copy.status === 'available').length;
      } else if (changed) {
        const earlier = updates.get(current.id);
        updates.set(current.id, {
          current: earlier?.current ?? current,
          changes: { ...earlier?.changes, ...changes },
        });
      }
      if (changed) {
        const merged = { ...current, ...changes };
        books.set(current.id, merged);
        if (memory.added.has(current.id)) memory.added.set(current.id, merged);
      }
      action = changed || copies.length > 0 ? 'update' : 'unchanged';
    }
    plan.outcomes.push({
      record: read.number,
      title: draft.name,
      author: draft.author,
      isbn: draft.isbn,
      copies: draft.items.length,
      newCopies: copies.length,
      action,
    });
  }
  plan.updates = [...updates.values()];
  return plan;
}

function skipped(record: number, draft: BookDraft | null, skip: Skip): MarcRecordOutcome {
  return {
    record,
    title: draft?.name ?? skip.title ?? '',
    author: draft?.author ?? skip.author ?? '',
    isbn: draft?.isbn ?? null,
    copies: draft?.items.length ?? 0,
    newCopies: 0,
    action: 'skip',
    code: skip.code,
    reason: skip.reason,
  };
}

/**
 * Decides a batch and writes it, in one transaction run again on a lost race (another import
 * adding the same ISBN or barcode): the batch is then decided anew, seeing what the winner stored.
 * Copies on the shelf of books already in the catalogue go through circulation's stock edit.
 */
async function storeBatch(
  db: Kysely<DB>,
  circulation: Copies,
  batch: Read[],
  memory: Memory,
  options: MarcImportOptions,
): Promise<Plan> {
  const now = options.now();
  const shelved = new Map<string, NewCopy[]>();
  const plan = await retryingTransaction(db, async (tx) => {
    const decided = await planBatch(tx, batch, memory, options);
    const newIds = new Set(decided.newBooks.map((book) => book.id));
    const others: NewCopy[] = [];
    shelved.clear();
    for (const copy of decided.copies) {
      if (copy.status === 'available' && !newIds.has(copy.bookId))
        shelved.set(copy.bookId, [...(shelved.get(copy.bookId) ?? []), copy]);
      else others.push(copy);
    }
    // Newest first lists show the file's last record first, as if added one by one.
    const times = decided.newBooks.map(
      (_book, index) => new Date(now.getTime() - decided.newBooks.length + index + 1),
    );
    await insertBooks(tx, decided.newBooks, times);
    for (const { current, changes } of decided.updates)
      await updateMatchedBook(tx, current, changes, now);
    await insertCopies(tx, others, now);
    return decided;
  });
  for (const [bookId, copies] of shelved)
    await circulation.editStock(bookId, async (tx) => {
      // A barcode registered meanwhile (another import of the same file) is that import's copy.
      const given = await findGivenBarcodes(
        tx,
        copies.flatMap((copy) => copy.barcode ?? []),
      );
      const fresh = copies
        .filter((copy) => !copy.barcode || !given.get(copy.barcode)?.bookId)
        .map((copy) => ({ ...copy, claim: copy.barcode !== null && !given.has(copy.barcode) }));
      await insertCopies(tx, fresh, now);
      await addToShelf(tx, bookId, fresh.length);
    });
  return plan;
}

function emptyReport(dryRun: boolean): MarcImportReport {
  return {
    records: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    copiesAdded: 0,
    skipped: [],
    skippedCount: 0,
    outcomes: [],
    dryRun,
  };
}

function tally(report: MarcImportReport, outcomes: MarcRecordOutcome[]) {
  for (const outcome of outcomes) {
    report.records += 1;
    if (outcome.action === 'add') report.added += 1;
    if (outcome.action === 'update') report.updated += 1;
    if (outcome.action === 'unchanged') report.unchanged += 1;
    report.copiesAdded += outcome.newCopies;
    if (outcome.action === 'skip') {
      report.skippedCount += 1;
      if (report.skipped.length < LISTED_RECORDS_MAX)
        report.skipped.push({
          record: outcome.record,
          code: outcome.code ?? 'BROKEN_RECORD',
          reason: outcome.reason ?? '',
        });
    }
    if (report.outcomes.length < LISTED_RECORDS_MAX) report.outcomes.push(outcome);
  }
}

/**
 * Imports the records (or, in a dry run, says what importing them would do): a batch at a time,
 * each in its own transaction, with other requests served between batches.
 */
export async function importMarc(
  db: Kysely<DB>,
  circulation: Copies,
  records: AsyncIterable<ReadRecord>,
  options: MarcImportOptions,
): Promise<MarcImportReport> {
  const report = emptyReport(options.dryRun);
  let memory: Memory = {
    isbns: new Map(),
    controlNumbers: new Map(),
    barcodes: new Map(),
    added: new Map(),
  };
  let batch: Read[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const plan = options.dryRun
      ? await planBatch(db, batch, memory, options)
      : await storeBatch(db, circulation, batch, memory, options);
    memory = plan.memory;
    tally(report, plan.outcomes);
    batch = [];
    await options.onProgress?.(report.records);
    await nextTurn();
  };
  for await (const read of records) {
    if ('broken' in read)
      batch.push({ number: read.number, skip: { code: 'BROKEN_RECORD', reason: read.broken } });
    else {
      const mapped = bookOfRecord(read.record, options.thisYear);
      batch.push(
        isSkip(mapped)
          ? { number: read.number, skip: mapped }
          : { number: read.number, draft: mapped },
      );
    }
    if (batch.length >= BATCH_RECORDS) await flush();
  }
  await flush();
  return report;
}
