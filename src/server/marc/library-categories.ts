/**
 * How a MARC record's headings find the library's category (the library's own list, with its
 * Bangla names: categories/categories.service.ts).
 */
import type { CategoryOption as LibraryCategory } from '../../common/category-schemas.ts';

export type { LibraryCategory };

/**
 * The first category a record's headings name (650, 655, 082), its English or Bangla name in any
 * case; undefined when they name none.
 */
export function categoryOfTerms(
  terms: string[],
  categories: LibraryCategory[],
): string | undefined {
  for (const term of terms) {
    const wanted = term.trim().toLocaleLowerCase();
    const found = categories.find(
      (category) =>
        category.name.toLocaleLowerCase() === wanted ||
        category.nameBn.toLocaleLowerCase() === wanted,
    );
    if (found) return found.name;
  }
  return undefined;
}
