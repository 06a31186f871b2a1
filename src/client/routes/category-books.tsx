import { useLoaderData } from 'react-router';
import { CategoryBookCard } from '../features/books/components/category-book-card.tsx';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { categoryName, t } from '../lib/i18n.ts';
import type { loadCategoryBooks } from '../features/books/book-loaders.ts';
import { CATEGORY_EAGER_COVERS } from '../../common/constants.ts';

export function Component() {
  const { name, books, total } = useLoaderData<typeof loadCategoryBooks>();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <header className="mb-6 flex flex-col gap-1">
        <h1 className="text-3xl font-bold">
          {t.catalogueTexts.categoryHeading(categoryName(name))}
        </h1>
        {books.length > 0 && (
          <p className="text-base-content/80">{t.catalogueTexts.categoryCount(total)}</p>
        )}
      </header>
      {books.length === 0 ? (
        <p className="py-16 text-center text-lg text-base-content/80">
          {t.emptyStates.category(name)}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {books.map((book, index) => (
            <li key={book._id}>
              <CategoryBookCard book={book} eager={index < CATEGORY_EAGER_COVERS} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
