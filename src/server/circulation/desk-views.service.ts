/**
 * What the desk reads (docs/product/desk.md): every member's loans, a member opened by their
 * card with their loans, holds, fines and membership, a copy's current loan and whom a returned
 * copy is kept for, and the library in figures. Nothing here changes anything.
 */
import type { Kysely } from 'kysely';
import type { BookCopy, Copy, DeskCard, HeldFor } from '../../common/copies.ts';
import type { DeskStats, Loan } from '../../common/types.ts';
import type { LibraryClock } from '../core/clock.ts';
import type { DB } from '../db/schema.ts';
import type { Fines } from '../fines/fines.service.ts';
import type { Membership } from '../membership/membership.service.ts';
import type { Refuse } from '../core/refusals.ts';
import { cardNumberOf, memberByCard } from '../members/cards.ts';
import { deskLoanPage, libraryStats, type DeskLoanQuery } from './desk-views.repository.ts';
import { holdKeeping, listMemberHolds } from './holds.repository.ts';
import type { LoanAnswers } from './loan-answers.ts';
import { borrowersOfCopies, currentLoanOfCopy, listCurrentLoans } from './loans.repository.ts';

export class DeskViews {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: LibraryClock,
    private readonly refuse: Refuse,
    private readonly answers: LoanAnswers,
    private readonly fines: Fines,
    private readonly membership: Membership,
  ) {}

  /** One page of every member's loans, and how many match. */
  async loans(
    query: Omit<DeskLoanQuery, 'today' | 'loanId'>,
  ): Promise<{ loans: Loan[]; total: number }> {
    const today = this.clock.today();
    const { rows, total } = await deskLoanPage(this.db, { ...query, today }, { counted: true });
    return { loans: rows.map((listing) => this.answers.of(listing)), total };
  }

  /** One loan, current or returned. */
  async loan(loanId: string): Promise<Loan> {
    const { rows } = await deskLoanPage(this.db, { loanId, limit: 1, offset: 0 });
    const listing = rows[0];
    if (!listing) throw this.refuse('LOAN_NOT_FOUND');
    return this.answers.of(listing);
  }

  /** The copy's current loan, or null when it is not out. */
  async loanOfCopy(copyId: string): Promise<Loan | null> {
    const loan = await currentLoanOfCopy(this.db, copyId);
    return loan ? this.loan(loan.id) : null;
  }

  /** The book page's copies: each with the member who has it on loan, and their card. */
  async withBorrowers(copies: Copy[]): Promise<BookCopy[]> {
    const loans = await borrowersOfCopies(
      this.db,
      copies.filter((copy) => copy.status === 'onLoan').map((copy) => copy._id),
    );
    const borrowers = new Map<string, BookCopy['borrower']>();
    for (const loan of loans) {
      if (loan.copyId === null) continue;
      borrowers.set(loan.copyId, {
        name: loan.userName,
        cardNumber: loan.cardNumber ?? (await cardNumberOf(this.db, this.clock, loan.userId)),
      });
    }
    return copies.map((copy) => ({ ...copy, borrower: borrowers.get(copy._id) ?? null }));
  }

  /** The ready hold a copy is now kept for, as the desk's hold shelf needs it. */
  async heldFor(copyId: string): Promise<HeldFor | null> {
    const keeping = await holdKeeping(this.db, copyId);
    return keeping
      ? {
          memberName: keeping.userName,
          cardNumber:
            keeping.cardNumber ?? (await cardNumberOf(this.db, this.clock, keeping.userId)),
          readyUntil: keeping.readyUntil ?? '',
        }
      : null;
  }

  /** The member a card opens at the desk, with their loans, holds, fines and membership. */
  async card(cardNumber: string): Promise<DeskCard> {
    const member = await memberByCard(this.db, cardNumber);
    if (!member) throw this.refuse('MEMBER_NOT_FOUND');
    const [listings, holds, membership, balance] = await Promise.all([
      listCurrentLoans(this.db, member.id),
      listMemberHolds(this.db, member.id),
      this.membership.of(member.id),
      this.fines.balance(member.id),
    ]);
    const loans = listings.map((listing) => this.answers.of(listing));
    return {
      member: {
        _id: member.id,
        name: member.name,
        email: member.email,
        cardNumber: member.cardNumber,
        blocked: member.blocked,
        expiresOn: membership?.expiresOn ?? '',
        expired: membership?.expired ?? false,
      },
      loans,
      holds,
      fines: { balance, accruing: loans.reduce((sum, loan) => sum + loan.fineAccrued, 0) },
    };
  }

  async stats(): Promise<DeskStats> {
    const today = this.clock.today();
    return libraryStats(this.db, { today, monthStart: `${today.slice(0, 7)}-01` });
  }
}
