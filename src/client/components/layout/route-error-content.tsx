import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../lib/routes.ts';
import { NotFoundContent } from './not-found-content.tsx';
import { t } from '../../lib/i18n.ts';

interface ErrorDescription {
  status?: number;
  title: string;
  message: string;
}

function describe(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? error.data : undefined;
    return {
      status: error.status,
      title:
        t.errorPageTexts.statusTitles[error.status] ||
        error.statusText ||
        t.errorPageTexts.somethingWentWrong,
      message: detail ?? t.errorPageTexts.couldNotOpen,
    };
  }
  // A page's code that fails to load is usually a new version of the app: a reload fetches it.
  return {
    title: t.errorPageTexts.somethingWentWrong,
    message: t.errorPageTexts.couldNotShow,
  };
}

/** A readable message for any routing error; page modules can use it as their ErrorBoundary. */
export function RouteErrorContent() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const { status, title, message } = describe(error);

  useEffect(() => {
    if (!notFound) console.error(error);
  }, [error, notFound]);

  if (notFound) return <NotFoundContent />;
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
      role="alert"
    >
      {status !== undefined && (
        <p className="font-serif text-6xl font-bold text-primary" data-testid="error-status">
          {status}
        </p>
      )}
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-lg text-base-content/75">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t.errorPageTexts.tryAgain}
        </button>
        <Link to={paths.home} className="btn btn-outline" reloadDocument>
          {t.errorPageTexts.goHome}
        </Link>
      </div>
    </section>
  );
}
