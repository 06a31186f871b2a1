import type { DeskStats } from '../../../../common/types.ts';
import { formatNumber } from '../../../lib/i18n.ts';
import { tPages } from '../../../lib/page-texts.ts';

const FIGURES = ['books', 'copies', 'onLoan', 'overdue', 'holdsWaiting', 'loansThisMonth'] as const;

/**
 * The most borrowed books as horizontal bars, each an SVG scaled to the largest count (plain SVG,
 * no charting library: the desk's JavaScript stays small). Names and counts are text beside the
 * bars, so they wrap and stay readable at any width instead of shrinking with a drawing.
 */
function TopBooksChart({ books }: { books: DeskStats['topBooks'] }) {
  const most = Math.max(1, ...books.map((book) => book.loans));
  return (
    <ol aria-label={tPages.deskTexts.topBooksChart} className="flex flex-col gap-3">
      {books.map((book) => (
        <li key={book._id} className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 font-medium">{book.name}</span>
            <span className="shrink-0 tabular-nums">{formatNumber(book.loans)}</span>
          </div>
          <svg
            role="img"
            aria-label={tPages.deskTexts.topBookBar(book.name, book.loans)}
            className="h-4 w-full rounded-full bg-base-200"
          >
            <rect
              x="0"
              y="0"
              height="100%"
              width={`${Math.max(2, (book.loans / most) * 100)}%`}
              rx="8"
              className="fill-primary"
            />
          </svg>
        </li>
      ))}
    </ol>
  );
}

/** The library at a glance (GET /api/desk/stats) and its most borrowed books. */
export function StatsPanel({ stats }: { stats: DeskStats }) {
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {FIGURES.map((figure) => (
          <div
            key={figure}
            className="flex flex-col gap-1 rounded-box bg-base-100 p-4 ring-1 ring-base-300"
          >
            <dt className="text-sm text-base-content/80">{tPages.deskTexts.figures[figure]}</dt>
            <dd className="text-3xl font-bold tabular-nums">{formatNumber(stats[figure])}</dd>
          </div>
        ))}
      </dl>
      <section className="rounded-box bg-base-100 p-5 ring-1 ring-base-300">
        <h2 className="mb-4 text-xl font-semibold">{tPages.deskTexts.topBooksHeading}</h2>
        {stats.topBooks.length === 0 ? (
          <p>{tPages.deskTexts.noTopBooks}</p>
        ) : (
          <TopBooksChart books={stats.topBooks} />
        )}
      </section>
    </div>
  );
}
