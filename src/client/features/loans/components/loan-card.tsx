import type { Loan } from '../../../../common/types.ts';
import { circulationTexts } from '../../../lib/messages.ts';
import { LoanDate } from './loan-date.tsx';

interface LoanCardProps {
  loan: Loan;
  returning: boolean;
  onReturn: (loan: Loan) => void;
  eager?: boolean;
}

/** One borrowed book with its dates and the button that gives it back. */
export function LoanCard({ loan, returning, onReturn, eager = false }: LoanCardProps) {
  const { bookDetails: book } = loan;
  const title = book.title || book.name;
  return (
    <article className="card card-side h-full bg-base-100 shadow-sm ring-1 ring-base-300">
      <figure className="w-28 shrink-0 sm:w-36">
        <img
          src={book.image}
          alt=""
          width={200}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[2/3] h-full w-full bg-base-300 object-cover"
        />
      </figure>
      <div className="card-body gap-2 p-4">
        <span className="badge badge-soft badge-primary">{book.category}</span>
        <h2 className="card-title text-base leading-snug sm:text-lg">{title}</h2>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs font-semibold text-base-content/70 uppercase">
              {circulationTexts.borrowedOn}
            </dt>
            <dd>
              <LoanDate date={loan.borrowedDate} />
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-base-content/70 uppercase">
              {circulationTexts.returnBy}
            </dt>
            <dd>
              <LoanDate date={loan.returnDate} />
            </dd>
          </div>
        </dl>
        <div className="card-actions mt-auto justify-end pt-2">
          <button
            type="button"
            className="btn btn-sm btn-secondary"
            onClick={() => onReturn(loan)}
            disabled={returning}
          >
            {returning && (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            )}
            {returning ? circulationTexts.returning : circulationTexts.returnBook}
            <span className="sr-only"> {title}</span>
          </button>
        </div>
      </div>
    </article>
  );
}
