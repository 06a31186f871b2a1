/**
 * The library's categories (GET /api/categories/options), fetched beside the language's words
 * before the first render, and again after a librarian changes them: every form, facet and card
 * names categories from them (lib/i18n.ts's categoryName).
 */
import { api } from './api-client.ts';
import { rememberCategoryOptions } from './i18n.ts';

export async function loadCategoryOptions(): Promise<void> {
  try {
    const { data } = await api.get('/categories/options');
    rememberCategoryOptions(data);
  } catch (error) {
    // The pages still show: names in English, the seed's five in Bangla from the catalogue.
    console.error('The categories could not be loaded', error);
  }
}
