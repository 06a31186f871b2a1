import { Link, useLocation } from 'react-router';
import { tPages } from '../../../lib/page-texts.ts';

/** Previous and next pages of a desk list, by the address's `page`, so Back returns to a page. */
export function DeskPager({ page, total, size }: { page: number; total: number; size: number }) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const linkTo = (to: number) => {
    const params = new URLSearchParams(location.search);
    if (to > 1) params.set('page', String(to));
    else params.delete('page');
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav
      className="mt-6 flex items-center justify-center gap-3"
      aria-label={tPages.deskTexts.pageOf(page, pages)}
    >
      {page > 1 ? (
        <Link to={linkTo(page - 1)} className="btn btn-sm">
          {tPages.deskTexts.previous}
        </Link>
      ) : (
        <span className="btn btn-sm btn-disabled" aria-disabled="true">
          {tPages.deskTexts.previous}
        </span>
      )}
      <span className="text-sm tabular-nums">{tPages.deskTexts.pageOf(page, pages)}</span>
      {page < pages ? (
        <Link to={linkTo(page + 1)} className="btn btn-sm">
          {tPages.deskTexts.next}
        </Link>
      ) : (
        <span className="btn btn-sm btn-disabled" aria-disabled="true">
          {tPages.deskTexts.next}
        </span>
      )}
    </nav>
  );
}
