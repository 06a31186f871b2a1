import { Link } from 'react-router';
import { searchTexts } from '../../../lib/messages.ts';
import { paths } from '../../../lib/routes.ts';
import type { SearchState } from '../../../lib/search-params.ts';

/** Previous and Next pages of the results; each page is an address of its own. */
export function SearchPagination({ search, pages }: { search: SearchState; pages: number }) {
  if (pages <= 1 && search.page === 1) return null;
  const link = (page: number, label: string, rel: 'prev' | 'next') => (
    <Link to={paths.search({ ...search, page })} rel={rel} className="btn btn-outline btn-sm">
      {label}
    </Link>
  );
  return (
    <nav
      aria-label={searchTexts.pages}
      className="mt-8 flex flex-wrap items-center justify-center gap-3"
    >
      {search.page > 1 &&
        link(Math.min(search.page - 1, Math.max(pages, 1)), searchTexts.previous, 'prev')}
      <span className="text-sm tabular-nums" aria-current="page">
        {searchTexts.pageOf(search.page, Math.max(pages, search.page))}
      </span>
      {search.page < pages && link(search.page + 1, searchTexts.next, 'next')}
    </nav>
  );
}
