/**
 * The library's categories, as a MARC import matches headings against them. This is the one place
 * the import reads them: today the fixed list of common/constants.ts with its Bangla names; when
 * the library chooses its own categories (a table with `name` and `nameBn`), only this changes.
 */
import type { Kysely } from 'kysely';
import { CATEGORIES } from '../../common/constants.ts';
import { bn } from '../../common/i18n/bn.ts';
import type { DB } from '../db/schema.ts';

export interface LibraryCategory {
  name: string;
  nameBn: string;
}

// The database is where the library's own list will be read from.
export async function libraryCategories(_db: Kysely<DB>): Promise<LibraryCategory[]> {
  return CATEGORIES.map((name) => ({ name, nameBn: bn.homeTexts.categoryNames[name] ?? name }));
}

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
