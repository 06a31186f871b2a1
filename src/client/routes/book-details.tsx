import { Link, useLoaderData } from 'react-router';
import { BookDetails } from '../features/books/components/book-details.tsx';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { catalogueTexts, emptyStates } from '../lib/messages.ts';
import { paths } from '../lib/routes.ts';
import type { loadBook } from './loaders.ts';

export function Component() {
  const { book } = useLoaderData<typeof loadBook>();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {book ? (
        <BookDetails book={book} />
      ) : (
        <div className="flex flex-col items-center gap-6 py-16 text-center">
          <h1 className="text-2xl font-semibold">{emptyStates.bookNotFound}</h1>
          <Link to={paths.home} className="btn btn-primary">
            {catalogueTexts.backHome}
          </Link>
        </div>
      )}
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
