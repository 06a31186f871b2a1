/**
 * The home page's loader, kept out of the lazily loaded page module: React
 * Router then starts a page's data at once, while the page's code is still downloading, instead
 * of after it (router.tsx imports them; the pages read them with `useLoaderData<typeof …>()`).
 */
import { fetchCategories } from './fetch-categories.ts';

/** Home: the categories are not awaited, so the page shows at once and the grid waits for them. */
export function loadHome() {
  return { categories: fetchCategories() };
}
