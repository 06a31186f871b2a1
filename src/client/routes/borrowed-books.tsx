import { Link, useLoaderData } from 'react-router';
import type { CirculationRules, Hold, Loan } from '../../common/types.ts';
import { FinesSummary } from '../features/fines/components/fines-summary.tsx';
import { HoldCard } from '../features/loans/components/hold-card.tsx';
import { LoanCard } from '../features/loans/components/loan-card.tsx';
import { NoLoans } from '../features/loans/components/no-loans.tsx';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { formatNumber, t } from '../lib/i18n.ts';
import { paths } from '../lib/routes.ts';
import { HISTORY_PAGE_SIZE } from '../../common/constants.ts';
import type { BorrowedTab, loadBorrowedBooks } from '../features/loans/loan-loaders.ts';

const BORROWED_TABS: BorrowedTab[] = ['loans', 'holds', 'history'];

const tabLabel = (tab: BorrowedTab) =>
  ({
    loans: t.circulationTexts.loansTab,
    holds: t.circulationTexts.holdsTab,
    history: t.circulationTexts.historyTab,
  })[tab];

const tabLink = (tab: BorrowedTab, page = 1) =>
  `${paths.borrowedBooks}${tab === 'loans' ? '' : `?tab=${tab}${page > 1 ? `&page=${page}` : ''}`}`;

function Tabs({ current, loans, holds }: { current: BorrowedTab; loans: number; holds: number }) {
  const counts: Partial<Record<BorrowedTab, number>> = { loans, holds };
  return (
    <nav aria-label={t.circulationTexts.tabsLabel} className="tabs-box mb-6 tabs w-fit max-w-full">
      {BORROWED_TABS.map((tab) => (
        <Link
          key={tab}
          to={tabLink(tab)}
          // daisyUI dims an inactive tab to about 3:1; full colour meets WCAG AA's 4.5:1.
          className={`tab gap-2 text-base-content ${tab === current ? 'tab-active font-semibold' : ''}`}
          aria-current={tab === current ? 'page' : undefined}
        >
          {tabLabel(tab)}
          {counts[tab] !== undefined && (
            <span className="badge badge-sm tabular-nums">{formatNumber(counts[tab])}</span>
          )}
        </Link>
      ))}
    </nav>
  );
}

const cardGrid = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';

function CurrentLoans({ loans, rules }: { loans: Loan[]; rules: CirculationRules }) {
  if (loans.length === 0) return <NoLoans />;
  return (
    <>
      {loans.some((loan) => loan.overdue) && (
        <p role="alert" className="alert alert-error mb-6">
          {t.circulationTexts.overdueNotice}
        </p>
      )}
      <ul className={cardGrid}>
        {loans.map((loan) => (
          <li key={loan._id}>
            <LoanCard loan={loan} renewalsMax={rules.renewalsMax} timeZone={rules.timeZone} eager />
          </li>
        ))}
      </ul>
    </>
  );
}

function HoldList({ holds }: { holds: Hold[] }) {
  if (holds.length === 0)
    return (
      <p className="rounded-box bg-base-200 px-6 py-12 text-center">{t.circulationTexts.noHolds}</p>
    );
  return (
    <ul className={cardGrid}>
      {holds.map((hold) => (
        <li key={hold._id}>
          <HoldCard hold={hold} />
        </li>
      ))}
    </ul>
  );
}

interface HistoryProps {
  loans: Loan[];
  total: number;
  page: number;
  timeZone: string;
}

function History({ loans, total, page, timeZone }: HistoryProps) {
  if (total === 0)
    return (
      <p className="rounded-box bg-base-200 px-6 py-12 text-center">
        {t.circulationTexts.noHistory}
      </p>
    );
  const pages = Math.ceil(total / HISTORY_PAGE_SIZE);
  return (
    <>
      <p className="mb-4 text-base-content/80">{t.circulationTexts.historyCount(total)}</p>
      <ul className={cardGrid}>
        {loans.map((loan) => (
          <li key={loan._id}>
            <LoanCard loan={loan} renewalsMax={0} timeZone={timeZone} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="join mt-8 flex justify-center" aria-label={t.circulationTexts.historyTab}>
          {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
            <Link
              key={number}
              to={tabLink('history', number)}
              className={`btn join-item btn-sm ${number === page ? 'btn-active' : ''}`}
              aria-current={number === page ? 'page' : undefined}
            >
              {number}
            </Link>
          ))}
        </nav>
      )}
    </>
  );
}

export function Component() {
  const { tab, page, data } = useLoaderData<typeof loadBorrowedBooks>();
  if (!data) return null;
  const { loans, holds, rules, history, fines } = data;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <header className="mb-6 flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{t.circulationTexts.borrowedHeading}</h1>
        {loans.length > 0 && (
          <p className="text-base-content/80">
            {t.circulationTexts.borrowedCount(loans.length, rules.borrowLimit)}
          </p>
        )}
      </header>
      {(fines.entries.length > 0 || fines.accruing > 0) && <FinesSummary fines={fines} />}
      <Tabs current={tab} loans={loans.length} holds={holds.length} />
      {tab === 'loans' && <CurrentLoans loans={loans} rules={rules} />}
      {tab === 'holds' && <HoldList holds={holds} />}
      {tab === 'history' && history && (
        <History {...history} page={page} timeZone={rules.timeZone} />
      )}
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
