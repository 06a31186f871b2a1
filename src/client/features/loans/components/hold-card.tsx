import { Link } from 'react-router';
import type { Hold } from '../../../../common/types.ts';
import { categoryName, t } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/routes.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { CirculationButton } from './circulation-button.tsx';
import { LoanCover } from './loan-cover.tsx';

/** One hold: the member's place in the queue, or until when a copy is kept for them. */
export function HoldCard({ hold }: { hold: Hold }) {
  const { bookDetails: book } = hold;
  const ready = hold.status === 'ready';
  return (
    <article
      className={`card card-side h-full bg-base-100 shadow-sm ring-1 ${ready ? 'ring-2 ring-success' : 'ring-base-300'}`}
    >
      <figure className="w-24 shrink-0 sm:w-28">
        <LoanCover name={book.name} category={book.category} image={book.image} />
      </figure>
      <div className="card-body min-w-0 gap-2 p-4">
        <span className="badge badge-soft badge-primary">{categoryName(book.category)}</span>
        <h2 className="card-title text-base leading-snug sm:text-lg">
          <Link to={paths.book(book._id)} className="link-hover">
            {book.name}
          </Link>
        </h2>
        {ready ? (
          <>
            <p>
              <span className="badge h-auto badge-success py-1 font-semibold">
                {t.circulationTexts.readyUntil(formatInstant(hold.readyUntil ?? ''))}
              </span>
            </p>
            <p className="text-sm text-base-content/80">{t.circulationTexts.readyHint}</p>
          </>
        ) : (
          <p>
            <span className="badge h-auto badge-ghost py-1 font-semibold">
              {t.circulationTexts.queuePosition(hold.position ?? 0)}
            </span>
          </p>
        )}
        <div className="card-actions mt-auto flex-wrap justify-end pt-2">
          {ready && (
            <Link to={paths.borrow(book._id)} className="btn btn-sm btn-primary">
              {t.circulationTexts.borrowReady}
            </Link>
          )}
          <CirculationButton
            intent="cancelHold"
            id={hold._id}
            label={t.circulationTexts.cancelHold}
            busyLabel={t.circulationTexts.cancellingHold}
            context={book.name}
            className="btn btn-sm btn-ghost"
          />
        </div>
      </div>
    </article>
  );
}
