import { useSearchParams } from 'react-router';
import { useAuth } from '../features/auth/auth-context.tsx';
import { AllBooksList } from '../features/books/components/all-books-list.tsx';
import {
  BooksViewSwitch,
  type BooksView,
} from '../features/books/components/books-view-switch.tsx';
import { mayEditCatalogue } from '../lib/catalogue-editors.ts';
import { t } from '../lib/i18n.ts';

/** The chosen view and filter live in the URL, so a reload or a shared link keeps them. */
const VIEW_PARAM = 'view';
const AVAILABLE_PARAM = 'available';

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useAuth();
  const view: BooksView = searchParams.get(VIEW_PARAM) === 'table' ? 'table' : 'card';
  const availableOnly = searchParams.get(AVAILABLE_PARAM) === 'true';

  const setParam = (name: string, value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <h1 className="text-3xl font-bold">{t.catalogueTexts.allBooksHeading}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn btn-secondary btn-sm sm:btn-md"
            onClick={() => setParam(AVAILABLE_PARAM, availableOnly ? null : 'true')}
          >
            {availableOnly ? t.catalogueTexts.showAll : t.catalogueTexts.showAvailable}
          </button>
          <BooksViewSwitch
            view={view}
            onChange={(next) => setParam(VIEW_PARAM, next === 'table' ? 'table' : null)}
          />
        </div>
      </header>
      <AllBooksList
        key={String(availableOnly)}
        available={availableOnly}
        view={view}
        canUpdate={mayEditCatalogue(user?.role)}
      />
    </section>
  );
}
