import { t } from '../../../lib/i18n.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useBookPages } from '../hooks/use-book-pages.ts';
import { BooksCardGrid } from './books-card-grid.tsx';
import { BooksTable } from './books-table.tsx';
import type { BooksView } from './books-view-switch.tsx';

interface AllBooksListProps {
  available: boolean;
  view: BooksView;
  /** Whether Update is offered (CATALOGUE_EDITORS). */
  canUpdate: boolean;
}

/** The books of the All Books page in the chosen view, with a button for the next page. */
export function AllBooksList({ available, view, canUpdate }: AllBooksListProps) {
  const { loaded, failed, loadingMore, loadMore, retry } = useBookPages(available);

  if (failed) {
    return (
      <div
        role="alert"
        className="alert alert-error alert-soft mt-8 flex flex-wrap justify-between"
      >
        <span>{t.failureMessages.loadBooks.text}</span>
        <button type="button" className="btn btn-sm" onClick={retry}>
          {t.catalogueTexts.tryAgain}
        </button>
      </div>
    );
  }
  if (!loaded) return <Spinner label={t.catalogueTexts.loadingBooks} />;
  if (loaded.books.length === 0) {
    return (
      <p className="py-16 text-center text-lg text-base-content/80">{t.emptyStates.allBooks}</p>
    );
  }

  return (
    <div className="mt-6 flex flex-col gap-6">
      <p className="text-sm text-base-content/80" aria-live="polite">
        {t.catalogueTexts.shownOfTotal(loaded.books.length, loaded.total)}
      </p>
      {view === 'table' ? (
        <BooksTable books={loaded.books} canUpdate={canUpdate} />
      ) : (
        <BooksCardGrid books={loaded.books} canUpdate={canUpdate} />
      )}
      {loaded.nextCursor && (
        <button
          type="button"
          className="btn btn-outline self-center"
          onClick={loadMore}
          disabled={loadingMore}
        >
          {loadingMore && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          {loadingMore ? t.catalogueTexts.loadingMore : t.catalogueTexts.loadMore}
        </button>
      )}
    </div>
  );
}
