import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { BookFacets } from '../../../../common/types.ts';
import { categoryName, formatNumber, t } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/routes.ts';
import type { SearchState } from '../../../lib/search-params.ts';
import { useWantedSearch } from '../hooks/use-wanted-search.ts';

interface SearchFacetsProps {
  search: SearchState;
  facets: BookFacets;
}

const chip = (selected: boolean) =>
  `btn btn-sm h-auto min-h-8 justify-between gap-2 py-1 text-left font-medium lg:w-full ${
    selected ? 'btn-primary' : 'btn-ghost border-base-300 bg-base-100'
  }`;

/**
 * Narrowing a search: by category, each with how many matches it holds, and to the books on the
 * shelf. Each choice is a new address (Back undoes it) that keeps the place on the page.
 */
export function SearchFacets({ search: shown, facets }: SearchFacetsProps) {
  const navigate = useNavigate();
  const search = useWantedSearch(shown);
  const { key: place } = useLocation();
  // The switch answers the click at once: the navigation's own state comes in a transition, and
  // until it renders a controlled input would spring back. Kept for this address only.
  const [clicked, setClicked] = useState<{ place: string; available: boolean } | null>(null);
  const available = clicked?.place === place ? clicked.available : search.available;
  const choices = [
    { name: undefined, label: t.searchTexts.allCategories, count: facets.total },
    ...facets.categories.map(({ name, count }) => ({ name, label: categoryName(name), count })),
  ];
  // A chosen category keeps its place even when the search finds nothing in it.
  if (search.category && !facets.categories.some(({ name }) => name === search.category)) {
    choices.push({ name: search.category, label: categoryName(search.category), count: 0 });
  }

  return (
    <div className="flex flex-col gap-6">
      <nav aria-labelledby="search-category-heading">
        <h2 id="search-category-heading" className="mb-2 font-sans text-sm font-semibold">
          {t.searchTexts.categories}
        </h2>
        <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
          {choices.map(({ name, label, count }) => {
            const selected = search.category === name;
            return (
              <li key={label} className="min-w-0">
                <Link
                  to={paths.search({ ...search, category: name, page: 1 })}
                  preventScrollReset
                  aria-current={selected ? 'true' : undefined}
                  className={chip(selected)}
                >
                  <span className="min-w-0">{label}</span>
                  <span className="badge badge-sm tabular-nums">
                    {facets.estimated
                      ? t.searchTexts.approximately(formatNumber(count))
                      : formatNumber(count)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <fieldset>
        <legend className="mb-2 font-sans text-sm font-semibold">
          {t.searchTexts.availability}
        </legend>
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="toggle toggle-primary toggle-sm"
            checked={available}
            onChange={(event) => {
              const wanted = event.target.checked;
              setClicked({ place, available: wanted });
              void navigate(paths.search({ ...search, available: wanted, page: 1 }), {
                preventScrollReset: true,
              });
            }}
          />
          <span className="min-w-0">
            {t.searchTexts.availableOnly}{' '}
            <span className="text-base-content/70 tabular-nums">
              ({formatNumber(facets.available)})
            </span>
          </span>
        </label>
      </fieldset>
    </div>
  );
}
