import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getBook } from '../features/books/api/get-book.ts';
import { loadFailureResponse } from '../features/books/api/load-failure-response.ts';
import { BookDetails } from '../features/books/components/book-details.tsx';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { apiFailure } from '../lib/api-client.ts';
import { catalogueTexts, emptyStates } from '../lib/messages.ts';
import { paths } from '../lib/routes.ts';

export async function loader({ params, request }: LoaderFunctionArgs) {
  try {
    return { book: await getBook(params.id ?? '', request.signal) };
  } catch (error) {
    if (apiFailure(error).status === 404) return { book: null };
    throw loadFailureResponse(error);
  }
}

export function Component() {
  const { book } = useLoaderData<typeof loader>();
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
