import { lazy, Suspense, useEffect } from 'react';
import { Link, useFetcher, useLoaderData, useLocation } from 'react-router';
import type { Book } from '../../common/types.ts';
import { useAuth } from '../features/auth/auth-context.tsx';
import { BookDetails } from '../features/books/components/book-details-view.tsx';
import { EbookPanel } from '../features/ebooks/ebook-panel.tsx';
import { CirculationButton } from '../features/loans/components/circulation-button.tsx';
import { formatDate, formatInstant } from '../lib/dates.ts';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { t } from '../lib/i18n.ts';
import { paths } from '../lib/routes.ts';
import type { loadBook } from '../features/books/book-loaders.ts';
import type { loadBorrowedBooks } from '../features/loans/loan-loaders.ts';

/**
 * A signed-in member's loans and holds, read through Borrowed Books' loader (React Router runs it
 * again after every circulation action); undefined while they load, null for visitors.
 */
function useMemberCirculation(signedIn: boolean) {
  const { state, data, load } = useFetcher<typeof loadBorrowedBooks>();
  useEffect(() => {
    if (signedIn && state === 'idle' && data === undefined) void load(paths.borrowedBooks);
  }, [signedIn, state, data, load]);
  return signedIn ? data?.data : null;
}

// The copies section loads for librarians only, with the words it uses.
const CopiesSection = lazy(() => import('../features/copies/components/copies-section.tsx'));

/** The book's copies, for a librarian (docs/product/desk.md#copies); nothing for anyone else. */
function LibrarianCopies({ book }: { book: Book }) {
  const { user } = useAuth();
  if (user?.role !== 'librarian') return null;
  return (
    <Suspense fallback={null}>
      <CopiesSection bookId={book._id} />
    </Suspense>
  );
}

const panel = 'flex flex-col items-start gap-3 rounded-box bg-base-200 p-4';

function BorrowLink({ book }: { book: Book }) {
  return (
    <Link to={paths.borrow(book._id)} className="btn btn-primary">
      {t.catalogueTexts.borrowThisBook}
    </Link>
  );
}

/** Every copy is on loan: the queue's length and the way into it (visitors sign in first). */
function PlaceHold({ book, signedIn }: { book: Book; signedIn: boolean }) {
  const location = useLocation();
  return (
    <div className={panel}>
      <p>
        <span className="font-semibold">{t.circulationTexts.allCopiesOut}</span>{' '}
        {t.circulationTexts.queueLength(book.holds)}
      </p>
      {signedIn ? (
        <CirculationButton
          intent="placeHold"
          id={book._id}
          label={t.circulationTexts.placeHold}
          busyLabel={t.circulationTexts.placingHold}
          className="btn btn-primary"
        />
      ) : (
        <Link to={paths.signIn} state={{ from: location }} className="btn btn-primary">
          {t.circulationTexts.placeHold}
        </Link>
      )}
    </div>
  );
}

/** What this member can do with the book: the truth about their own copy or place first. */
function BookActions({ book }: { book: Book }) {
  const { user } = useAuth();
  const mine = useMemberCirculation(user !== null);
  // Nothing to offer until the member's own copy and place are known.
  if (mine === undefined) return <div className="skeleton h-12 w-44" aria-hidden="true" />;
  const loan = mine?.loans.find((held) => held.bookId === book._id);
  const hold = mine?.holds.find((held) => held.bookId === book._id);
  if (loan) {
    const due = formatDate(loan.returnDate);
    return (
      <div className={panel}>
        <p className="font-semibold">
          {loan.overdue
            ? t.circulationTexts.youHaveItOverdue(due)
            : t.circulationTexts.youHaveIt(due)}
        </p>
        <Link to={paths.borrowedBooks} className="link link-primary">
          {t.circulationTexts.yourBorrowedBooks}
        </Link>
      </div>
    );
  }
  if (hold?.status === 'ready') {
    return (
      <div className={panel}>
        <p className="font-semibold">
          {t.circulationTexts.readyUntil(formatInstant(hold.readyUntil ?? ''))}
        </p>
        <BorrowLink book={book} />
      </div>
    );
  }
  if (hold) {
    return (
      <div className={panel}>
        <p>
          <span className="font-semibold">{t.circulationTexts.allCopiesOut}</span>{' '}
          {t.circulationTexts.queuePosition(hold.position ?? 0)}
        </p>
      </div>
    );
  }
  if (book.quantity > 0)
    return (
      <div>
        <BorrowLink book={book} />
      </div>
    );
  return <PlaceHold book={book} signedIn={user !== null} />;
}

/** The book's e-book, for the signed-in member or librarian asking. */
function BookEbook({ book }: { book: Book }) {
  const { user } = useAuth();
  return (
    <EbookPanel
      book={book}
      signedIn={user !== null}
      librarian={user?.role === 'librarian'}
      formatInstant={formatInstant}
    />
  );
}

export function Component() {
  const { book } = useLoaderData<typeof loadBook>();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {book ? (
        <>
          <BookDetails
            book={book}
            actions={
              <div className="flex flex-col items-start gap-4">
                <BookActions book={book} />
                <BookEbook book={book} />
              </div>
            }
          />
          <LibrarianCopies book={book} />
        </>
      ) : (
        <div className="flex flex-col items-center gap-6 py-16 text-center">
          <h1 className="text-2xl font-semibold">{t.emptyStates.bookNotFound}</h1>
          <Link to={paths.home} className="btn btn-primary">
            {t.catalogueTexts.backHome}
          </Link>
        </div>
      )}
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
