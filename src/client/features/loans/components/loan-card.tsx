import { returnsAtDesk } from '../../../lib/returns.ts';
import { dayIn } from '../../../../common/calendar.ts';
import type { Loan } from '../../../../common/types.ts';
import { categoryName, formatTaka, t } from '../../../lib/i18n.ts';
import { CirculationButton } from './circulation-button.tsx';
import { LoanCover } from './loan-cover.tsx';
import { DueStatus } from './due-status.tsx';
import { LoanDate } from './loan-date.tsx';

interface LoanCardProps {
  loan: Loan;
  renewalsMax: number;
  /** The library's time zone: a return is an instant, shown as the library's day. */
  timeZone: string;
  eager?: boolean;
}

/**
 * One borrowed book: its dates, how long until it is due, and the buttons that renew it and give
 * it back. A returned loan (the History tab) shows when it came back instead.
 */
export function LoanCard({ loan, renewalsMax, timeZone, eager = false }: LoanCardProps) {
  const { bookDetails: book } = loan;
  const title = book.title || book.name;
  const returned = loan.returnedAt !== null;
  return (
    <article
      className={`card card-side h-full bg-base-100 shadow-sm ring-1 ${loan.overdue ? 'ring-2 ring-error' : 'ring-base-300'}`}
    >
      <figure className="w-28 shrink-0 sm:w-36">
        <LoanCover name={title} category={book.category} image={book.image} eager={eager} />
      </figure>
      <div className="card-body min-w-0 gap-2 p-4">
        <span className="badge badge-soft badge-primary">{categoryName(book.category)}</span>
        <h2 className="card-title text-base leading-snug sm:text-lg">{title}</h2>
        {!returned && <DueStatus loan={loan} />}
        {loan.fineAccrued > 0 && (
          <p className="text-sm font-semibold text-error tabular-nums">
            {t.circulationTexts.fineSoFar(formatTaka(loan.fineAccrued))}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs font-semibold text-base-content/70 uppercase">
              {t.circulationTexts.borrowedOn}
            </dt>
            <dd>
              <LoanDate date={loan.borrowedDate} />
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-base-content/70 uppercase">
              {loan.lostAt
                ? t.circulationTexts.lostOn
                : returned
                  ? t.circulationTexts.returnedOn
                  : t.circulationTexts.returnBy}
            </dt>
            <dd>
              <LoanDate
                date={
                  loan.returnedAt ? dayIn(timeZone, new Date(loan.returnedAt)) : loan.returnDate
                }
              />
            </dd>
          </div>
        </dl>
        {!returned && (
          <>
            <p className="text-xs text-base-content/70">
              {t.circulationTexts.renewalsUsed(loan.renewals, renewalsMax)}
            </p>
            <div className="card-actions mt-auto flex-wrap justify-end pt-2">
              <CirculationButton
                intent="renew"
                id={loan._id}
                label={t.circulationTexts.renew}
                busyLabel={t.circulationTexts.renewing}
                context={title}
                className="btn btn-sm btn-outline"
              />
              {returnsAtDesk ? (
                <p className="self-center text-sm font-medium">{t.circulationTexts.returnAtDesk}</p>
              ) : (
                <CirculationButton
                  intent="return"
                  id={loan._id}
                  label={t.circulationTexts.returnBook}
                  busyLabel={t.circulationTexts.returning}
                  context={title}
                  className="btn btn-sm btn-secondary"
                />
              )}
            </div>
          </>
        )}
      </div>
    </article>
  );
}
