/**
 * Fines (docs/product/fines-and-membership.md): what a late return costs, what a member owes,
 * and what the desk takes off.
 *
 * Why the ledger holds under any concurrency, across processes:
 * - A late return's charge is written by the transaction that closes the loan
 *   (circulation/lending.service.ts checkIn), which only one of two racing returns gets to do; the unique
 *   index on (loan, kind) backs it.
 * - A payment or waiver locks the member's row first (PostgreSQL: FOR UPDATE; SQLite has one
 *   writer and the loser is run again), so two payments never both read the same balance.
 * - Amounts are whole taka from end to end: integer columns, integer JSON, integer arithmetic.
 * - What a payment or waiver settled (settlements.ts) is written with it, under the member's lock,
 *   and so is the member's copy of its receipt (the notices' outbox): a payment refused or rolled
 *   back leaves neither.
 */
import type { Kysely } from 'kysely';
import { daysBetween } from '../../common/calendar.ts';
import type {
  FineEntry,
  FineEntryCreated,
  FineReceipt,
  Fines as FinesAnswer,
} from '../../common/types.ts';
import type { LibraryClock } from '../core/clock.ts';
import type { FineSettings } from '../config.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import { lockMember } from '../members/members.ts';
import { cardNumberOf } from '../members/cards.ts';
import { recordNotices } from '../notices/outbox.ts';
import {
  anonymiseEntries,
  balanceOf,
  findEntry,
  insertEntry,
  insertSettlements,
  ledgerToSettle,
  listEntries,
  loanCharge,
  settledBy,
  type NewEntry,
} from './fines.repository.ts';
import { settle, stillOwed, type Settlement } from './settlements.ts';

const memberNotFound = () => new ApiError(404, 'MEMBER_NOT_FOUND', 'No member has this id');

export class Fines {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: LibraryClock,
    private readonly settings: FineSettings & { timeZone: string; appName: string },
  ) {}

  /** A payment or waiver, and what it settles: the loan's own charges first, then the oldest. */
  private async credit(
    tx: Kysely<DB>,
    entry: NewEntry & { kind: 'payment' | 'waiver' },
  ): Promise<{ entry: FineEntry; settles: Settlement[] }> {
    const { ledger, settled } = await ledgerToSettle(tx, entry.userId);
    const settles = settle(stillOwed(ledger, settled), entry.amount, entry.loanId ?? null);
    const written = await insertEntry(tx, entry);
    await insertSettlements(tx, written._id, settles);
    return { entry: written, settles };
  }

  /** What a loan due on `returnDate` costs when it comes back today: days late × FINE_PER_DAY, capped. */
  fineFor(returnDate: string): number {
    const daysLate = daysBetween(returnDate, this.clock.today());
    if (daysLate <= 0) return 0;
    return Math.min(daysLate * this.settings.finePerDay, this.settings.fineMaxPerLoan);
  }

  /**
   * Charges a late return, in the transaction that closed the loan; answers the charge, or null
   * for a loan back in time (or a fine of 0 taka).
   */
  async chargeLateReturn(
    tx: Kysely<DB>,
    loan: { id: string; userId: string; returnDate: string; bookName: string },
  ): Promise<FineEntry | null> {
    const amount = this.fineFor(loan.returnDate);
    if (amount === 0) return null;
    return insertEntry(tx, {
      userId: loan.userId,
      kind: 'overdue',
      amount,
      loanId: loan.id,
      bookName: loan.bookName,
      createdAt: this.clock.now().toISOString(),
    });
  }

  /** Charges a copy lost on loan: LOST_COPY_CHARGE, or the book's own replacement cost. */
  async chargeLostCopy(
    tx: Kysely<DB>,
    loan: { id: string; userId: string; bookName: string; replacementCost: number | null },
  ): Promise<FineEntry | null> {
    const amount = loan.replacementCost ?? this.settings.lostCopyCharge;
    if (amount <= 0) return null;
    return insertEntry(tx, {
      userId: loan.userId,
      kind: 'lost',
      amount,
      loanId: loan.id,
      bookName: loan.bookName,
      createdAt: this.clock.now().toISOString(),
    });
  }

  /**
   * Waives what a lost copy's loan was charged as lost, once the copy is found and checked in; its
   * overdue fine stays. Answers the waiver, or null when there was no lost charge.
   */
  async waiveLostCharge(tx: Kysely<DB>, loanId: string, note: string): Promise<FineEntry | null> {
    const charge = await loanCharge(tx, loanId, 'lost');
    if (!charge) return null;
    const owner = await tx
      .selectFrom('fineEntry')
      .select('userId')
      .where('id', '=', charge._id)
      .executeTakeFirstOrThrow();
    const { entry } = await this.credit(tx, {
      userId: owner.userId,
      kind: 'waiver',
      amount: charge.amount,
      loanId,
      bookName: charge.bookName,
      note,
      createdAt: this.clock.now().toISOString(),
    });
    return entry;
  }

  /** The member's ledger: balance, what open overdue loans accrue, and every entry. */
  async ledger(userId: string, openLoans: { fineAccrued: number }[]): Promise<FinesAnswer> {
    const [balance, entries] = await Promise.all([
      balanceOf(this.db, userId),
      listEntries(this.db, userId),
    ]);
    const accruing = openLoans.reduce((sum, loan) => sum + loan.fineAccrued, 0);
    return { balance, accruing, entries };
  }

  async balance(userId: string): Promise<number> {
    return balanceOf(this.db, userId);
  }

  /**
   * A payment or waiver at the desk: whole taka from 1 to the balance, else 400 INVALID_AMOUNT.
   * `takenBy` is the librarian's name, which the receipt and its mail to the member carry.
   */
  async takeOff(
    userId: string,
    kind: 'payment' | 'waiver',
    amount: number,
    note: string | undefined,
    takenBy: string,
  ): Promise<FineEntryCreated> {
    // Issued before the transaction if the account has no card yet (it issues in its own); an
    // account that does not exist has none, and the lock below answers 404 for it.
    const cardNumber = await cardNumberOf(this.db, this.clock, userId).catch(() => '');
    return retryingTransaction(this.db, async (tx) => {
      if (!(await lockMember(tx, userId))) throw memberNotFound();
      const balance = await balanceOf(tx, userId);
      if (!Number.isInteger(amount) || amount < 1 || amount > balance) {
        throw new ApiError(400, 'INVALID_AMOUNT', (m) => m.amountRange(balance));
      }
      const now = this.clock.now().toISOString();
      const { entry } = await this.credit(tx, {
        userId,
        kind,
        amount,
        note: note ?? '',
        createdAt: now,
        takenBy,
      });
      const receipt = {
        entryId: entry._id,
        kind,
        amount,
        note: entry.note,
        cardNumber,
        takenBy,
        settles: await settledBy(tx, entry._id),
        balance: balance - amount,
      };
      await recordNotices(
        tx,
        [
          {
            kind: 'receipt',
            subjectId: entry._id,
            until: now,
            userId,
            bookId: '',
            bookName: '',
            payload: { receipt },
          },
        ],
        now,
      );
      return { entry, balance: balance - amount };
    });
  }

  /** A receipt of one entry: the library, whose it is, who took it, what it settled, what they owe now. */
  async receipt(entryId: string): Promise<FineReceipt> {
    const found = await findEntry(this.db, entryId);
    const member =
      found &&
      (await this.db
        .selectFrom('user')
        .leftJoin('libraryCard', 'libraryCard.userId', 'user.id')
        .select(['user.id', 'user.name', 'user.email', 'libraryCard.cardNumber'])
        .where('user.id', '=', found.userId)
        .executeTakeFirst());
    if (!found || !member)
      throw new ApiError(404, 'FINE_ENTRY_NOT_FOUND', 'No ledger entry has this id');
    return {
      library: this.settings.appName,
      entry: found.entry,
      member: {
        _id: member.id,
        name: member.name,
        email: member.email,
        cardNumber: member.cardNumber ?? '',
      },
      takenBy: found.takenBy,
      settles: await settledBy(this.db, entryId),
      balance: await balanceOf(this.db, found.userId),
    };
  }

  /**
   * Closing the member's account (profile/account-closing.ts), in its transaction: refused while
   * they owe anything (409 FINES_OWED); their ledger stays as the library's history without
   * their id.
   */
  async releaseMember(tx: Kysely<DB>, userId: string): Promise<void> {
    if ((await balanceOf(tx, userId)) > 0) {
      throw new ApiError(
        409,
        'FINES_OWED',
        'You owe the library money. Please settle it at the desk before deleting your account.',
      );
    }
    await anonymiseEntries(tx, userId);
  }
}
