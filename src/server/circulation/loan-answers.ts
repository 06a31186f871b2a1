/**
 * A loan as the API answers it, to its member and to the desk alike: its dates, whether it is
 * overdue, what it has accrued, whether it may be renewed, and the copy it lent.
 */
import { daysBetween } from '../../common/calendar.ts';
import type { Loan } from '../../common/types.ts';
import type { LibraryClock } from '../core/clock.ts';
import type { LoanListing } from './loans.repository.ts';

export class LoanAnswers {
  constructor(
    private readonly clock: LibraryClock,
    private readonly renewalsMax: number,
    /** What a loan due on that day has accrued by today (fines/fines.service.ts). */
    private readonly fineFor: (returnDate: string) => number,
  ) {}

  of(listing: LoanListing): Loan {
    const current = listing.returnedAt === null;
    const daysLeft = current ? daysBetween(this.clock.today(), listing.returnDate) : 0;
    const overdue = current && daysLeft < 0;
    return {
      _id: listing.id,
      bookId: listing.bookId,
      userName: listing.userName,
      userEmail: listing.userEmail,
      borrowedDate: listing.borrowedDate,
      returnDate: listing.returnDate,
      bookDetails: listing.bookDetails,
      renewals: listing.renewals,
      returnedAt: listing.returnedAt,
      lostAt: listing.lostAt,
      copyId: listing.copyId,
      barcode: listing.barcode,
      overdue,
      daysLeft,
      renewable:
        current && !overdue && listing.renewals < this.renewalsMax && listing.bookHolds === 0,
      fineAccrued: overdue ? this.fineFor(listing.returnDate) : 0,
    };
  }
}
