import { Link } from 'react-router';
import { paths } from '../../lib/routes.ts';
import { formatNumber, t } from '../../lib/i18n.ts';

const NOT_FOUND_STATUS = 404;

/** docs/product.md#pages: 'Page Not Found' with a 'Go to Homepage' button. */
export function NotFoundContent() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-serif text-7xl font-bold text-primary sm:text-8xl" aria-hidden="true">
        {formatNumber(NOT_FOUND_STATUS)}
      </p>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{t.errorPageTexts.notFoundTitle}</h1>
      <p className="mt-4 text-lg text-base-content/75">{t.errorPageTexts.notFoundText}</p>
      <Link to={paths.home} className="btn btn-primary mt-8">
        {t.errorPageTexts.goHome}
      </Link>
    </section>
  );
}
