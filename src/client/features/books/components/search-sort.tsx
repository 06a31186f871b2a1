import { useNavigate } from 'react-router';
import { BOOK_SORTS, type BookSort } from '../../../../common/constants.ts';
import { t } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/routes.ts';
import { defaultSort, type SearchState } from '../../../lib/search-params.ts';
import { useWantedSearch } from '../hooks/use-wanted-search.ts';

/** The order of the results (best matches first for a search); a new order starts again at the first page. */
export function SearchSort({ search: shown }: { search: SearchState }) {
  const navigate = useNavigate();
  const search = useWantedSearch(shown);
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="shrink-0 font-semibold">{t.searchTexts.sortLabel}</span>
      <select
        className="select select-sm w-auto"
        value={search.sort ?? defaultSort(search.q)}
        onChange={(event) =>
          void navigate(
            paths.search({ ...search, sort: event.target.value as BookSort, page: 1 }),
            { preventScrollReset: true },
          )
        }
      >
        {/* Best matches first is an order of a search's results only. */}
        {BOOK_SORTS.filter((sort) => sort !== 'relevance' || search.q).map((sort) => (
          <option key={sort} value={sort}>
            {t.searchTexts.sorts[sort]}
          </option>
        ))}
      </select>
    </label>
  );
}
