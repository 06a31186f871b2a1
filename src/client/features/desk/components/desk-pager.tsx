import { Link, useLocation } from 'react-router';
import { t } from '../../../lib/i18n.ts';

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
      aria-label={t.deskTexts.pageOf(page, pages)}
    >
      {page > 1 ? (
        <Link to={linkTo(page - 1)} className="btn btn-sm">
          {t.deskTexts.previous}
        </Link>
      ) : (
        <span className="btn btn-sm btn-disabled" aria-disabled="true">
          {t.deskTexts.previous}
        </span>
      )}
      <span className="text-sm tabular-nums">{t.deskTexts.pageOf(page, pages)}</span>
      {page < pages ? (
        <Link to={linkTo(page + 1)} className="btn btn-sm">
          {t.deskTexts.next}
        </Link>
      ) : (
        <span className="btn btn-sm btn-disabled" aria-disabled="true">
          {t.deskTexts.next}
        </span>
      )}
    </nav>
  );
}
