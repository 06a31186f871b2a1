import type { Book } from '../../../../common/types.ts';
import { BooksCardGrid } from './books-card-grid.tsx';
import { BooksTable } from './books-table.tsx';
import type { BooksView } from './books-view-switch.tsx';
import { t } from '../../../lib/i18n.ts';

interface AllBooksListProps {
  /** The books loaded (book-loaders.ts), or null when they could not be fetched. */
  loaded: { books: Book[]; total: number; nextCursor: string | null } | null;
  view: BooksView;
  /** Whether Update is offered (CATALOGUE_EDITORS). */
  canUpdate: boolean;
  /** Whether the next page, or a retry, is on its way. */
  loading: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** The books of the All Books page in the chosen view, with a button for the next page. */
export function AllBooksList({
  loaded,
  view,
  canUpdate,
  loading,
  loadMore,
  retry,
}: AllBooksListProps) {
  if (!loaded) {
    return (
      <div
        role="alert"
        className="alert alert-error alert-soft mt-8 flex flex-wrap justify-between"
      >
        <span>{t.failureMessages.loadBooks.text}</span>
        <button type="button" className="btn btn-sm" onClick={retry} disabled={loading}>
          {t.catalogueTexts.tryAgain}
        </button>
      </div>
    );
  }
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
          disabled={loading}
        >
          {loading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {loading ? t.catalogueTexts.loadingMore : t.catalogueTexts.loadMore}
        </button>
      )}
    </div>
  );
}
