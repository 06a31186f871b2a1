import { useLoaderData, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth/auth-context.tsx';
import { AllBooksList } from '../features/books/components/all-books-list.tsx';
import {
  BooksViewSwitch,
  type BooksView,
} from '../features/books/components/books-view-switch.tsx';
import { mayDo } from '../lib/access.ts';
import { BOOKS_PAGE_SIZE, SHOWN_PARAM, type loadAllBooks } from '../features/books/book-loaders.ts';
import { t } from '../lib/i18n.ts';

/** The chosen view, the filter and how many books are shown live in the URL, so a reload or Back keeps them. */
const VIEW_PARAM = 'view';
const AVAILABLE_PARAM = 'available';

export function Component() {
  const { shown, loaded } = useLoaderData<typeof loadAllBooks>();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { user } = useAuth();
  const view: BooksView = searchParams.get(VIEW_PARAM) === 'table' ? 'table' : 'card';
  const availableOnly = searchParams.get(AVAILABLE_PARAM) === 'true';

  /** Changes the address in place; `changes` names each parameter's new value (null removes it). */
  const setParams = (changes: Record<string, string | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      // Load more keeps the place on the page; the list grows below it.
      { replace: true, preventScrollReset: true },
    );

  const nextShown = String(shown + BOOKS_PAGE_SIZE);
  const loadingMore =
    navigation.state === 'loading' &&
    new URLSearchParams(navigation.location.search).get(SHOWN_PARAM) === nextShown;

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <h1 className="text-3xl font-bold">{t.catalogueTexts.allBooksHeading}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn btn-secondary btn-sm sm:btn-md"
            // A new filter starts again from the first page.
            onClick={() =>
              setParams({ [AVAILABLE_PARAM]: availableOnly ? null : 'true', [SHOWN_PARAM]: null })
            }
          >
            {availableOnly ? t.catalogueTexts.showAll : t.catalogueTexts.showAvailable}
          </button>
          <BooksViewSwitch
            view={view}
            onChange={(next) => setParams({ [VIEW_PARAM]: next === 'table' ? 'table' : null })}
          />
        </div>
      </header>
      <AllBooksList
        loaded={loaded}
        view={view}
        canUpdate={mayDo('catalogueEditor', user?.role)}
        loading={loadingMore || revalidator.state === 'loading'}
        loadMore={() => setParams({ [SHOWN_PARAM]: nextShown })}
        retry={() => void revalidator.revalidate()}
      />
    </section>
  );
}
