import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import type { CategorySummary } from '../../../common/types.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { timings } from '../../lib/messages.ts';
import { categoryName, libraryCategories, t } from '../../lib/i18n.ts';
import { paths } from '../../lib/routes.ts';

const GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-5';
const CARD = 'card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm';

function CategoryCard({ category, index }: { category: CategorySummary; index: number }) {
  return (
    <li
      className="motion-safe:animate-rise-in"
      style={{ animationDelay: `${index * timings.categoryStagger}ms` }}
    >
      <Link
        to={paths.category(category.name)}
        className={`group ${CARD} transition hover:-translate-y-1 hover:shadow-lg`}
      >
        <figure className="aspect-[3/4] bg-base-200">
          <img
            src={category.image}
            alt=""
            width={300}
            height={400}
            className="size-full object-cover transition duration-300 group-hover:scale-105"
          />
        </figure>
        <div className="card-body items-center gap-1 p-4 text-center">
          <h3 className="card-title text-lg">{categoryName(category.name)}</h3>
          <p className="text-sm text-base-content/70">{t.homeTexts.bookCount(category.count)}</p>
        </div>
      </Link>
    </li>
  );
}

function CategoryList({ categories }: { categories: CategorySummary[] }) {
  if (categories.length === 0) {
    return <p className="py-12 text-center text-base-content/70">{t.emptyStates.categories}</p>;
  }
  return (
    <ul className={GRID}>
      {categories.map((category, index) => (
        <CategoryCard key={category.name} category={category} index={index} />
      ))}
    </ul>
  );
}

/** Blank cards of the catalogue's categories hold the grid's place, so nothing below it moves. */
function CategoriesLoading() {
  return (
    <div className="relative">
      <ul className={GRID} aria-hidden="true">
        {libraryCategories().map((name) => (
          <li key={name} className={CARD}>
            <div className="aspect-[3/4] bg-base-200" />
            <div className="card-body items-center gap-1 p-4">
              <p className="card-title text-lg">&nbsp;</p>
              <p className="text-sm">&nbsp;</p>
            </div>
          </li>
        ))}
      </ul>
      <Spinner label={t.homeTexts.loadingCategories} className="absolute inset-0 items-center" />
    </div>
  );
}

function CategoriesFailed() {
  return (
    <p role="alert" className="py-12 text-center text-base-content/70">
      {t.homeTexts.categoriesFailed}
    </p>
  );
}

/** docs/product.md#home Home category grid, from GET /api/categories. */
export function CategoryGrid({ categories }: { categories: Promise<CategorySummary[]> }) {
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="mb-8 text-center">
        <h2 id="categories-heading" className="text-3xl font-bold sm:text-4xl">
          {t.homeTexts.categoriesHeading}
        </h2>
        <p className="mt-3 text-base-content/75">{t.homeTexts.categoriesIntro}</p>
      </div>
      <Suspense fallback={<CategoriesLoading />}>
        <Await resolve={categories} errorElement={<CategoriesFailed />}>
          {(loaded) => <CategoryList categories={loaded} />}
        </Await>
      </Suspense>
    </section>
  );
}
