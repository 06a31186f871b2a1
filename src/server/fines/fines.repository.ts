/**
 * SQL for the fines ledger (docs/product/fines-and-membership.md): one row per charge, payment or
 * waiver, in whole taka. The balance is summed from the rows, never stored, so it cannot drift.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FineKind } from '../../common/constants.ts';
import type { FineEntry } from '../../common/types.ts';
import type { DB } from '../db/schema.ts';
import type { LedgerRow, Settlement } from './settlements.ts';

export interface NewEntry {
  userId: string;
  kind: FineKind;
  amount: number;
  loanId?: string | null;
  bookName?: string;
  note?: string;
  createdAt: string;
  /** The librarian who took a payment or waiver at the desk. */
  takenBy?: string;
}

const toEntry = (row: {
  id: string;
  kind: FineKind;
  amount: number;
  createdAt: string;
  loanId: string | null;
  bookName: string;
  note: string;
}): FineEntry => ({
  _id: row.id,
  kind: row.kind,
  amount: Number(row.amount),
  createdAt: row.createdAt,
  loanId: row.loanId,
  bookName: row.bookName,
  note: row.note,
});

export async function insertEntry(db: Kysely<DB>, entry: NewEntry): Promise<FineEntry> {
  const row = {
    id: randomUUID(),
    userId: entry.userId,
    kind: entry.kind,
    amount: entry.amount,
    loanId: entry.loanId ?? null,
    bookName: entry.bookName ?? '',
    note: entry.note ?? '',
    createdAt: entry.createdAt,
  };
  await db
    .insertInto('fineEntry')
    .values({ ...row, takenBy: entry.takenBy ?? '' })
    .execute();
  return toEntry(row);
}

/** What the member owes: charges less payments and waivers, never below 0. */
export async function balanceOf(db: Kysely<DB>, userId: string): Promise<number> {
  const { owed } = await db
    .selectFrom('fineEntry')
    .select(
      sql<
        number | string | null
      >`sum(case when "kind" = 'overdue' or "kind" = 'lost' then "amount" else -"amount" end)`.as(
        'owed',
      ),
    )
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(owed ?? 0));
}

/** The member's entries, newest first. */
export async function listEntries(db: Kysely<DB>, userId: string): Promise<FineEntry[]> {
  const rows = await db
    .selectFrom('fineEntry')
    .select(['id', 'kind', 'amount', 'createdAt', 'loanId', 'bookName', 'note'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toEntry);
}

/** One entry with whose it is and who took it (a receipt). */
export async function findEntry(db: Kysely<DB>, id: string) {
  const row = await db
    .selectFrom('fineEntry')
    .select([
      'id',
      'userId',
      'kind',
      'amount',
      'createdAt',
      'loanId',
      'bookName',
      'note',
      'takenBy',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { userId: row.userId, takenBy: row.takenBy, entry: toEntry(row) };
}

/**
 * The member's ledger, oldest first, and what each payment or waiver is known to have settled
 * (fines/settlements.ts works out what is still owed from them).
 */
export async function ledgerToSettle(db: Kysely<DB>, userId: string) {
  const ledger: LedgerRow[] = (
    await db
      .selectFrom('fineEntry')
      .select(['id', 'kind', 'amount', 'loanId'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute()
  ).map((row) => ({ ...row, amount: Number(row.amount) }));
  const parts = await db
    .selectFrom('fineSettlement')
    .innerJoin('fineEntry', 'fineEntry.id', 'fineSettlement.creditId')
    .select(['fineSettlement.creditId', 'fineSettlement.chargeId', 'fineSettlement.amount'])
    .where('fineEntry.userId', '=', userId)
    .execute();
  const settled = new Map<string, Settlement[]>();
  for (const part of parts) {
    const known = settled.get(part.creditId) ?? [];
    known.push({ chargeId: part.chargeId, amount: Number(part.amount) });
    settled.set(part.creditId, known);
  }
  return { ledger, settled };
}

export async function insertSettlements(
  db: Kysely<DB>,
  creditId: string,
  parts: Settlement[],
): Promise<void> {
  if (parts.length === 0) return;
  await db
    .insertInto('fineSettlement')
    .values(parts.map((part) => ({ creditId, ...part })))
    .execute();
}

/** What a payment or waiver settled: each charge's kind and book, and how much of it. */
export async function settledBy(db: Kysely<DB>, creditId: string) {
  const rows = await db
    .selectFrom('fineSettlement')
    .innerJoin('fineEntry', 'fineEntry.id', 'fineSettlement.chargeId')
    .select(['fineEntry.kind', 'fineEntry.bookName', 'fineSettlement.amount'])
    .where('fineSettlement.creditId', '=', creditId)
    .orderBy('fineEntry.createdAt')
    .orderBy('fineEntry.id')
    .execute();
  return rows.map((row) => ({
    kind: row.kind as 'overdue' | 'lost',
    bookName: row.bookName,
    amount: Number(row.amount),
  }));
}

/** The charge of this kind a loan made, if it made one. */
export async function loanCharge(
  db: Kysely<DB>,
  loanId: string,
  kind: 'overdue' | 'lost',
): Promise<FineEntry | undefined> {
  const row = await db
    .selectFrom('fineEntry')
    .select(['id', 'kind', 'amount', 'createdAt', 'loanId', 'bookName', 'note'])
    .where('loanId', '=', loanId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row && toEntry(row);
}

/** Keeps the member's ledger as the library's history, without their id. */
export async function anonymiseEntries(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable('fineEntry')
    .set({ userId: sql<string>`'deleted:' || ${sql.ref('id')}` })
    .where('userId', '=', userId)
    .execute();
}
