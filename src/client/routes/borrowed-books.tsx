import { useRef } from 'react';
import { BORROW_LIMIT } from '../../common/constants.ts';
import type { Loan } from '../../common/types.ts';
import { LoanCard } from '../features/loans/components/loan-card.tsx';
import { NoLoans } from '../features/loans/components/no-loans.tsx';
import { useLoans } from '../features/loans/hooks/use-loans.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { catalogueTexts, circulationTexts } from '../lib/messages.ts';

export function Component() {
  const { loans, failed, retry, returningIds, giveBack } = useLoans();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The returned card disappears with the focused button; the heading takes the focus instead.
  const handleReturn = async (loan: Loan) => {
    if (await giveBack(loan)) headingRef.current?.focus();
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <header className="mb-6 flex flex-col gap-1">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
          {circulationTexts.borrowedHeading}
        </h1>
        {loans && loans.length > 0 && (
          <p className="text-base-content/80" aria-live="polite">
            {circulationTexts.borrowedCount(loans.length, BORROW_LIMIT)}
          </p>
        )}
      </header>
      {failed && (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
          <span>{circulationTexts.loadLoansFailed}</span>
          <button type="button" className="btn btn-sm" onClick={retry}>
            {catalogueTexts.tryAgain}
          </button>
        </div>
      )}
      {!failed && !loans && <Spinner label={circulationTexts.loadingLoans} />}
      {loans?.length === 0 && <NoLoans />}
      {loans && loans.length > 0 && (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loans.map((loan) => (
            <li key={loan._id}>
              <LoanCard
                loan={loan}
                eager
                returning={returningIds.has(loan._id)}
                onReturn={handleReturn}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
