import { Link } from 'react-router';
import { t } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/routes.ts';
import type { SearchState } from '../../../lib/search-params.ts';

/**
 * Previous and Next pages of the results; each page is an address of its own. `pages` comes from
 * the total, which past COUNTED_MATCHES is an estimate and may fall short: while `full` (the page
 * shown holds a whole page of an estimated total), there may be a next page, and Next is offered.
 */
export function SearchPagination({
  search,
  pages: counted,
  full,
}: {
  search: SearchState;
  pages: number;
  full: boolean;
}) {
  const pages = full ? Math.max(counted, search.page + 1) : counted;
  if (pages <= 1 && search.page === 1) return null;
  const link = (page: number, label: string, rel: 'prev' | 'next') => (
    <Link to={paths.search({ ...search, page })} rel={rel} className="btn btn-outline btn-sm">
      {label}
    </Link>
  );
  return (
    <nav
      aria-label={t.searchTexts.pages}
      className="mt-8 flex flex-wrap items-center justify-center gap-3"
    >
      {search.page > 1 &&
        link(Math.min(search.page - 1, Math.max(pages, 1)), t.searchTexts.previous, 'prev')}
      <span className="text-sm tabular-nums" aria-current="page">
        {t.searchTexts.pageOf(search.page, Math.max(pages, search.page))}
      </span>
      {search.page < pages && link(search.page + 1, t.searchTexts.next, 'next')}
    </nav>
  );
}
