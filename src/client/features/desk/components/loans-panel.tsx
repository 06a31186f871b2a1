import { Link, useFetcher } from 'react-router';
import type { Loan } from '../../../../common/types.ts';
import { paths } from '../../../lib/routes.ts';
import { formatDate, formatInstant } from '../../../lib/dates.ts';
import { DESK_LOAN_STATUSES, type DeskLoanStatus, type DeskPage } from '../api/desk-api.ts';
import { DeskPager } from './desk-pager.tsx';
import { DeskSearch } from './desk-search.tsx';
import { tPages } from '../../../lib/page-texts.ts';
import { tCopies } from '../../../lib/copies-texts.ts';

function LoanActions({ loan }: { loan: Loan }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  const field = (name: string, value: string) => <input type="hidden" name={name} value={value} />;
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      {field('id', loan._id)}
      {field('title', loan.bookDetails.name)}
      {field('member', loan.userName)}
      <button
        type="submit"
        name="intent"
        value="checkIn"
        className="btn btn-sm btn-primary"
        disabled={busy}
      >
        {tPages.deskTexts.checkIn}
      </button>
      <button type="submit" name="intent" value="renew" className="btn btn-sm" disabled={busy}>
        {tPages.deskTexts.renew}
      </button>
      <button
        type="submit"
        name="intent"
        value="markLost"
        className="btn btn-outline btn-sm btn-error"
        disabled={busy}
      >
        {tCopies.markLost}
      </button>
    </fetcher.Form>
  );
}

function DueNote({ loan }: { loan: Loan }) {
  // A loan closed as lost is not a return: it says so, with when.
  if (loan.lostAt)
    return (
      <span className="font-semibold" data-testid="loan-lost">
        {tCopies.lostOn}: {formatInstant(loan.lostAt)}
      </span>
    );
  if (loan.returnedAt)
    return (
      <span>
        {tPages.deskTexts.returned}: {formatInstant(loan.returnedAt)}
      </span>
    );
  return (
    <span className={loan.overdue ? 'font-semibold text-error' : ''}>
      {tPages.deskTexts.due}: {formatDate(loan.returnDate)} ·{' '}
      {loan.overdue
        ? tPages.deskTexts.overdueBy(-loan.daysLeft)
        : tPages.deskTexts.dueIn(loan.daysLeft)}
    </span>
  );
}

function LoanRow({ loan }: { loan: Loan }) {
  return (
    <li className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <Link to={paths.book(loan.bookId)} className="link font-semibold link-hover">
          {loan.bookDetails.name}
        </Link>
        <span className="text-sm text-base-content/80">
          {tPages.deskTexts.member}: {loan.userName} ·{' '}
          <span className="break-all">{loan.userEmail}</span>
        </span>
        <span className="text-sm">
          {tPages.deskTexts.borrowed}: {formatDate(loan.borrowedDate)} · <DueNote loan={loan} />
          {loan.renewals > 0 && ` · ${tPages.deskTexts.renewals(loan.renewals)}`}
        </span>
      </div>
      {!loan.returnedAt && <LoanActions loan={loan} />}
    </li>
  );
}

interface LoansPanelProps {
  loans: DeskPage<Loan>;
  status: DeskLoanStatus;
  q: string;
  page: number;
  pageSize: number;
}

/** Every member's loans: current, overdue or returned, found by member or title, paged. */
export function LoansPanel({ loans, status, q, page, pageSize }: LoansPanelProps) {
  const statusLink = (to: DeskLoanStatus) =>
    `${paths.desk}?${new URLSearchParams({ tab: 'loans', status: to, ...(q ? { q } : {}) }).toString()}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <nav aria-label={tPages.deskTexts.loanStatusLabel} className="join">
          {DESK_LOAN_STATUSES.map((name) => (
            <Link
              key={name}
              to={statusLink(name)}
              className={`btn join-item btn-sm ${name === status ? 'btn-active btn-primary' : ''}`}
              aria-current={name === status ? 'page' : undefined}
            >
              {tPages.deskTexts.loanStatuses[name]}
            </Link>
          ))}
        </nav>
        <DeskSearch keep={{ tab: 'loans', status }} q={q} label={tPages.deskTexts.searchLoans} />
      </div>
      <p className="text-sm text-base-content/80" aria-live="polite">
        {tPages.deskTexts.loansTotal(loans.total)}
      </p>
      {loans.items.length === 0 ? (
        <p className="rounded-box bg-base-200 px-6 py-12 text-center">{tPages.deskTexts.noLoans}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {loans.items.map((loan) => (
            <LoanRow key={loan._id} loan={loan} />
          ))}
        </ul>
      )}
      <DeskPager page={page} total={loans.total} size={pageSize} />
    </div>
  );
}
