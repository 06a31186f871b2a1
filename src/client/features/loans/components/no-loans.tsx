import { Link } from 'react-router';
import { BORROW_LIMIT } from '../../../../common/constants.ts';
import { t } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/routes.ts';

/** What a member without loans sees: the spec's sentence and the way to the shelves. */
export function NoLoans() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-box bg-base-200 px-6 py-16 text-center">
      <p className="text-xl font-semibold">{t.emptyStates.borrowedBooks}</p>
      <p className="text-base-content/80">{t.circulationTexts.emptyHint(BORROW_LIMIT)}</p>
      <Link to={paths.allBooks} className="btn btn-primary">
        {t.circulationTexts.browseCollection}
      </Link>
    </div>
  );
}
