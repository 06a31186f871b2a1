import { Link, useLoaderData, useLocation } from 'react-router';
import type { Book } from '../../common/types.ts';
import { useAuth } from '../features/auth/auth-context.tsx';
import { CirculationButton } from '../features/loans/components/circulation-button.tsx';
import { BookDetails } from '../features/books/components/book-details.tsx';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { catalogueTexts, circulationTexts, emptyStates } from '../lib/messages.ts';
import { paths } from '../lib/routes.ts';
import type { loadBook } from './loaders.ts';

/** Every copy is on loan: the queue's length and the way into it (visitors sign in first). */
function PlaceHold({ book }: { book: Book }) {
  const { user } = useAuth();
  const location = useLocation();
  return (
    <div className="flex flex-col gap-3 rounded-box bg-base-200 p-4">
      <p>
        <span className="font-semibold">{circulationTexts.allCopiesOut}</span>{' '}
        {circulationTexts.queueLength(book.holds)}
      </p>
      <div>
        {user ? (
          <CirculationButton
            intent="placeHold"
            id={book._id}
            label={circulationTexts.placeHold}
            busyLabel={circulationTexts.placingHold}
            className="btn btn-primary"
          />
        ) : (
          <Link to={paths.signIn} state={{ from: location }} className="btn btn-primary">
            {circulationTexts.placeHold}
          </Link>
        )}
      </div>
    </div>
  );
}

export function Component() {
  const { book } = useLoaderData<typeof loadBook>();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {book ? (
        <BookDetails book={book} whenOut={<PlaceHold book={book} />} />
      ) : (
        <div className="flex flex-col items-center gap-6 py-16 text-center">
          <h1 className="text-2xl font-semibold">{emptyStates.bookNotFound}</h1>
          <Link to={paths.home} className="btn btn-primary">
            {catalogueTexts.backHome}
          </Link>
        </div>
      )}
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
