/**
 * The categories a library offers (docs/product/catalogue-and-accounts.md): the seed's five to
 * start with; librarians add, rename and remove them. A book is shelved under an offered
 * category, so adding, updating and importing books ask this service to name theirs.
 */
import type { Kysely } from 'kysely';
import { enValidation } from '../../common/i18n/en-validation.ts';
import { isRetryableConflict } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import {
  categoryInUse,
  deleteCategoryOption,
  findCategoryOption,
  insertCategoryOption,
  listCategoryOptions,
  renameCategoryOption,
} from './category-options.repository.ts';

const duplicateCategory = () =>
  new ApiError(409, 'DUPLICATE_CATEGORY', 'A category with this name already exists');
const categoryNotFound = () => new ApiError(404, 'CATEGORY_NOT_FOUND', 'No category has this name');

/** Runs a write, answering 409 DUPLICATE_CATEGORY when the unique name refuses it. */
async function guardingName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isRetryableConflict(error)) throw duplicateCategory();
    throw error;
  }
}

export class CategoryOptions {
  constructor(private readonly db: Kysely<DB>) {}

  list(): Promise<string[]> {
    return listCategoryOptions(this.db);
  }

  /**
   * The offered category a book names, spelt as the library spells it; 400 naming the offered
   * ones (in the request's language) when it is none.
   */
  async shelve(name: string): Promise<string> {
    const found = await findCategoryOption(this.db, name);
    if (found) return found;
    const offered = await this.list();
    const listed = offered.join(', ');
    throw new ApiError(400, 'VALIDATION', (m) => `category: ${m.categoryNotOffered(listed)}`, [
      { path: 'category', message: enValidation.categoryNotOffered(listed) },
    ]);
  }

  /** The offered category a filter means in any case, else the name as given (it matches nothing). */
  async canonical(name: string): Promise<string> {
    return (await findCategoryOption(this.db, name)) ?? name;
  }

  async add(name: string): Promise<{ name: string }> {
    if (await findCategoryOption(this.db, name)) throw duplicateCategory();
    await guardingName(() => insertCategoryOption(this.db, name, new Date().toISOString()));
    return { name };
  }

  /** Renames a category; its books move with it. */
  async rename(from: string, to: string): Promise<{ name: string }> {
    return guardingName(() =>
      this.db.transaction().execute(async (tx) => {
        const current = await findCategoryOption(tx, from, 'forUpdate');
        if (!current) throw categoryNotFound();
        const taken = await findCategoryOption(tx, to);
        if (taken && taken !== current) throw duplicateCategory();
        await renameCategoryOption(tx, current, to);
        return { name: to };
      }),
    );
  }

  /** Removes a category no book is shelved under; 409 CATEGORY_IN_USE otherwise. */
  async remove(name: string): Promise<{ acknowledged: true; deletedCount: 1 }> {
    return this.db.transaction().execute(async (tx) => {
      const current = await findCategoryOption(tx, name, 'forUpdate');
      if (!current) throw categoryNotFound();
      if (await categoryInUse(tx, current))
        throw new ApiError(
          409,
          'CATEGORY_IN_USE',
          'Books are shelved under this category; move them to another first',
        );
      await deleteCategoryOption(tx, current);
      return { acknowledged: true, deletedCount: 1 };
    });
  }
}
