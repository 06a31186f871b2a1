import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PAGE_SIZE_MAX } from '../../common/constants.ts';
import { getBooks } from '../features/books/api/get-books.ts';
import { loadFailureResponse } from '../features/books/api/load-failure-response.ts';
import { CategoryBookCard } from '../features/books/components/category-book-card.tsx';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { catalogueTexts, emptyStates } from '../lib/messages.ts';

/** Covers of the first rows load at once; the rest wait until they scroll near. */
const EAGER_COVERS = 4;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const name = params.name ?? '';
  try {
    const { books, total } = await getBooks(
      { category: name, limit: PAGE_SIZE_MAX },
      request.signal,
    );
    return { name, books, total };
  } catch (error) {
    throw loadFailureResponse(error);
  }
}

export function Component() {
  const { name, books, total } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <header className="mb-6 flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{catalogueTexts.categoryHeading(name)}</h1>
        {books.length > 0 && (
          <p className="text-base-content/80">{catalogueTexts.categoryCount(total)}</p>
        )}
      </header>
      {books.length === 0 ? (
        <p className="py-16 text-center text-lg text-base-content/80">
          {emptyStates.category(name)}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {books.map((book, index) => (
            <li key={book._id}>
              <CategoryBookCard book={book} eager={index < EAGER_COVERS} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
