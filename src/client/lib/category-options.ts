/**
 * The library's categories (GET /api/categories/options), fetched beside the language's words
 * before the first render, and again after a librarian changes them: every form, facet and card
 * names categories from them (lib/i18n.ts's categoryName).
 */
import { api } from './api-client.ts';
import { rememberCategoryOptions } from './i18n.ts';

/** Fetches the library's categories anew (after a librarian changed them). */
export async function loadCategoryOptions(): Promise<void> {
  try {
    const { data } = await api.get('/categories/options');
    rememberCategoryOptions(data);
  } catch (error) {
    // The pages still show: names in English, the seed's five in Bangla from the catalogue.
    console.error('The categories could not be loaded', error);
  }
}

let firstLoad: Promise<void> | undefined;

/**
 * The categories' first load, started once. The router's loaders run before the first render, so
 * a loader that reads a category's spelling (a category page, a search's filter) waits for it: a
 * category the library added, asked in another case, was otherwise headed as typed and not
 * filtered by.
 */
export function categoryOptionsLoaded(): Promise<void> {
  firstLoad ??= loadCategoryOptions();
  return firstLoad;
}
