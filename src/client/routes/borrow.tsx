import { useEffect, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useRevalidator } from 'react-router';
import type { LoanCreate } from '../lib/browser-schemas.ts';
import { BookCover } from '../components/covers/book-cover.tsx';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { checkBorrow } from '../features/loans/api/check-borrow.ts';
import { createLoan } from '../features/loans/api/create-loan.ts';
import { BorrowForm } from '../features/loans/components/borrow-form.tsx';
import { apiFailure } from '../lib/api-client.ts';
import { showAlert, showToast } from '../lib/dialogs.ts';
import { borrowFailureMessage, timings, type Message } from '../lib/messages.ts';
import { formatInstant } from '../lib/dates.ts';
import { formatNumber, t } from '../lib/i18n.ts';
import { paths } from '../lib/routes.ts';
import { CirculationButton } from '../features/loans/components/circulation-button.tsx';
import type { loadBorrow } from '../features/loans/loan-loaders.ts';

type BorrowState = 'idle' | 'borrowing' | 'borrowed';

export function Component() {
  const { book, rules, hold } = useLoaderData<typeof loadBorrow>();
  const keptForMember = hold?.status === 'ready';
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [state, setState] = useState<BorrowState>('idle');

  useEffect(() => {
    if (state !== 'borrowed') return;
    const timer = window.setTimeout(
      () => navigate(paths.borrowedBooks),
      timings.redirectAfterBorrow,
    );
    return () => window.clearTimeout(timer);
  }, [state, navigate]);

  const goBack = () => (location.key === 'default' ? navigate(paths.home) : navigate(-1));

  /**
   * Tells why the loan was refused; a book that no longer exists sends the member home. Otherwise
   * the book is read again, so that a copy someone else just took shows as gone.
   */
  const refuse = async ({ title, text }: Message, bookGone: boolean) => {
    await showAlert('error', title, text);
    if (bookGone) return navigate(paths.home);
    setState('idle');
    await revalidator.revalidate();
  };

  const borrow = async (loan: LoanCreate) => {
    setState('borrowing');
    try {
      const check = await checkBorrow(loan.bookId);
      if (!check.canBorrow) {
        const reason = check.reason ?? 'OTHER';
        return await refuse(t.borrowRefusalMessages[reason], reason === 'NOT_FOUND');
      }
      const { setAsideUntil } = await createLoan(loan);
      setState('borrowed');
      void showToast(
        'success',
        setAsideUntil
          ? t.successMessages.setAside(formatInstant(setAsideUntil))
          : t.successMessages.borrowed,
      );
    } catch (error) {
      const { code, message } = apiFailure(error);
      const dialog =
        code === 'INVALID_DATES'
          ? { title: t.circulationTexts.invalidDatesTitle, text: message }
          : borrowFailureMessage(code);
      await refuse(dialog, code === 'BOOK_NOT_FOUND');
    }
  };

  if (!rules) return null;
  if (!book) {
    return (
      <section className="mx-auto flex w-full max-w-3xl flex-col items-center gap-6 px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">{t.emptyStates.bookNotFound}</h1>
        <Link to={paths.home} className="btn btn-primary">
          {t.catalogueTexts.backHome}
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="mb-6 text-center text-3xl font-bold">{t.circulationTexts.borrowHeading}</h1>
      <div className="card bg-base-100 shadow-sm ring-1 ring-base-300">
        <div className="card-body gap-6 px-4 sm:px-8">
          <div className="flex items-center gap-4">
            <div className="w-20 shrink-0 sm:w-24">
              <BookCover
                name={book.name}
                category={book.category}
                image={book.image}
                eager
                className="rounded-box"
              />
            </div>
            <div className="flex flex-col gap-1">
              <h2 className="text-xl font-semibold sm:text-2xl">{book.name}</h2>
              <p className="text-base-content/80">{t.catalogueTexts.byAuthor(book.author)}</p>
              <p>
                <span className="font-semibold">{t.circulationTexts.availableQuantity}:</span>{' '}
                <span className="tabular-nums">{formatNumber(book.quantity)}</span>
              </p>
            </div>
          </div>
          {keptForMember && (
            <p role="status" className="alert alert-success">
              {t.circulationTexts.readyHint}
            </p>
          )}
          {!keptForMember && book.quantity <= 0 && (
            <div role="status" className="alert flex flex-wrap alert-warning">
              <span>
                {t.circulationTexts.allCopiesOut} {t.circulationTexts.queueLength(book.holds)}
              </span>
              {hold ? (
                <span className="font-semibold">
                  {t.circulationTexts.queuePosition(hold.position ?? 0)}
                </span>
              ) : (
                <CirculationButton
                  intent="placeHold"
                  id={book._id}
                  label={t.circulationTexts.placeHold}
                  busyLabel={t.circulationTexts.placingHold}
                  className="btn btn-sm btn-primary"
                />
              )}
            </div>
          )}
          <BorrowForm
            bookId={book._id}
            canHaveCopy={keptForMember || book.quantity > 0}
            rules={rules}
            memberName={user?.displayName ?? ''}
            memberEmail={user?.email ?? ''}
            busy={state !== 'idle'}
            onBorrow={borrow}
            onCancel={goBack}
          />
        </div>
      </div>
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
