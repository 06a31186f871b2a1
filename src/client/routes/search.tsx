import { Link, useLoaderData } from 'react-router';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { CategoryBookCard } from '../features/books/components/category-book-card.tsx';
import { SearchFacets } from '../features/books/components/search-facets.tsx';
import { SearchPagination } from '../features/books/components/search-pagination.tsx';
import { SearchSort } from '../features/books/components/search-sort.tsx';
import { t } from '../lib/i18n.ts';
import { paths } from '../lib/routes.ts';
import { SEARCH_EAGER_COVERS, SEARCH_PAGE_SIZE } from '../../common/search-address.ts';
import type { loadSearch } from '../features/books/book-loaders.ts';

/** The public search page (docs/product.md#search); the navbar's field types into its address. */
export function Component() {
  const { search, books, total, estimated, facets } = useLoaderData<typeof loadSearch>();
  const pages = Math.ceil(total / SEARCH_PAGE_SIZE);
  const first = (search.page - 1) * SEARCH_PAGE_SIZE + 1;

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <header className="mb-6 flex min-w-0 flex-col gap-1">
        <h1 className="text-3xl font-bold">
          {search.q ? t.searchTexts.resultsFor(search.q) : t.searchTexts.everyBook}
        </h1>
        <p className="text-base-content/80" role="status" data-testid="search-total">
          {estimated ? t.searchTexts.foundAbout(total) : t.searchTexts.found(total)}
        </p>
        {facets.corrected && (
          <p className="text-base-content/80" data-testid="search-corrected">
            {t.searchTexts.showingResultsFor}{' '}
            <strong className="font-semibold text-base-content">{facets.corrected}</strong>.{' '}
            {t.searchTexts.noResultsAsTyped(search.q)}
          </p>
        )}
      </header>
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside aria-label={t.searchTexts.refine} className="min-w-0">
          <SearchFacets search={search} facets={facets} />
        </aside>
        <div className="min-w-0">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-base-content/80">
              {books.length > 0 &&
                (estimated ? t.searchTexts.shownRangeOfAbout : t.searchTexts.shownRange)(
                  first,
                  first + books.length - 1,
                  total,
                )}
            </p>
            <SearchSort search={search} />
          </div>
          {books.length === 0 ? (
            <div className="rounded-box bg-base-200 px-6 py-12 text-center">
              <p className="text-lg font-semibold">
                {total > 0 ? t.searchTexts.pastTheEnd : t.searchTexts.noMatches}
              </p>
              {total > 0 ? (
                <Link to={paths.search({ ...search, page: 1 })} className="btn btn-primary mt-4">
                  {t.searchTexts.firstPage}
                </Link>
              ) : (
                <>
                  <p className="mt-2 text-base-content/80">{t.searchTexts.noMatchesHint}</p>
                  <Link to={paths.search()} className="btn btn-primary mt-4">
                    {t.searchTexts.browseAll}
                  </Link>
                </>
              )}
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2" data-testid="search-results">
              {books.map((book, index) => (
                <li key={book._id} className="min-w-0">
                  <CategoryBookCard book={book} eager={index < SEARCH_EAGER_COVERS} />
                </li>
              ))}
            </ul>
          )}
          <SearchPagination
            search={search}
            pages={pages}
            full={estimated && books.length === SEARCH_PAGE_SIZE}
          />
        </div>
      </div>
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
