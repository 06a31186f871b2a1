import { useLoaderData } from 'react-router';
import type { loadHome } from '../features/home/home-loader.ts';
import { appName } from '../lib/app-name.ts';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { Banner } from '../features/home/banner.tsx';
import { CategoryGrid } from '../features/home/category-grid.tsx';
import { PartnersSection } from '../features/home/partners-section.tsx';
import { StatisticsSection } from '../features/home/statistics-section.tsx';
import { t } from '../lib/i18n.ts';

export function Component() {
  const { categories } = useLoaderData<typeof loadHome>();
  return (
    <>
      <h1 className="sr-only">{t.layoutTexts.homeHeading(appName)}</h1>
      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 sm:pt-8">
        <Banner />
      </div>
      <CategoryGrid categories={categories} />
      <StatisticsSection />
      <PartnersSection />
    </>
  );
}

export const ErrorBoundary = RouteErrorContent;
