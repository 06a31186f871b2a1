/**
 * The categories the library chooses (docs/product.md#categories). Librarians add, rename and
 * remove them; forms, facets, the CSV and MARC imports and the home page read them; a book's
 * category must be one of them. The list is a handful of rows read on every book added and every
 * list by category, so it is kept for a moment: a category another server added is refused here
 * for at most that long.
 */
import type { Kysely } from 'kysely';
import type {
  CategoryCreate,
  CategoryOption,
  CategoryUpdate,
} from '../../common/category-schemas.ts';
import { canonicalCategory, categoryKey } from '../../common/constants.ts';
import type { LibraryClock } from '../core/clock.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import {
  categoryInUse,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategoryOptions,
  renameCategory,
} from './categories.repository.ts';

/** How long the list is kept; each server forgets it at once when it changes the list itself. */
const KEPT_MS = 2_000;

const notFound = () =>
  new ApiError(404, 'CATEGORY_NOT_FOUND', 'The library has no category of this name');
const duplicate = () =>
  new ApiError(409, 'DUPLICATE_CATEGORY', 'The library already has a category of this name');

export class Categories {
  #kept: { at: number; list: Promise<CategoryOption[]> } | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: LibraryClock,
  ) {}

  /** The library's categories, by English name. */
  list(): Promise<CategoryOption[]> {
    const now = this.clock.now().getTime();
    if (!this.#kept || now - this.#kept.at > KEPT_MS || now < this.#kept.at) {
      const list = listCategoryOptions(this.db);
      list.catch(() => {
        this.#kept = undefined;
      });
      this.#kept = { at: now, list };
    }
    return this.#kept.list;
  }

  /** The category a name means, in any case (`sci-fi` is Sci-Fi), or undefined. */
  async canonical(name: string): Promise<string | undefined> {
    return canonicalCategory(
      name,
      (await this.list()).map((category) => category.name),
    );
  }

  /** The category a book's form names, or 400 naming the field: a book carries one of the library's. */
  async required(name: string, message: string): Promise<string> {
    const found = await this.canonical(name);
    if (found === undefined)
      throw new ApiError(400, 'VALIDATION', `category: ${message}`, [
        { path: 'category', message },
      ]);
    return found;
  }

  async add(category: CategoryCreate): Promise<CategoryOption> {
    const added = await insertCategory(this.db, category, this.clock.now());
    this.#kept = undefined;
    if (!added) throw duplicate();
    return { name: category.name, nameBn: category.nameBn };
  }

  /** Renames a category; its books follow a new English name in the same transaction. */
  async rename(name: string, update: CategoryUpdate): Promise<CategoryOption> {
    try {
      return await this.db.transaction().execute(async (tx) => {
        const current = await findCategory(tx, name, { forUpdate: true });
        if (!current) throw notFound();
        const renamed = {
          name: update.name ?? current.name,
          nameBn: update.nameBn ?? current.nameBn,
        };
        if (categoryKey(renamed.name) !== categoryKey(current.name)) {
          if (await findCategory(tx, renamed.name)) throw duplicate();
        }
        await renameCategory(tx, current.name, renamed);
        return renamed;
      });
    } catch (error) {
      // Two renames to one new name at once: the unique key refuses the second.
      if (!(error instanceof ApiError) && isUniqueViolation(error)) throw duplicate();
      throw error;
    } finally {
      this.#kept = undefined;
    }
  }

  /** Removes a category no book carries. */
  async remove(name: string): Promise<void> {
    try {
      await this.db.transaction().execute(async (tx) => {
        const current = await findCategory(tx, name, { forUpdate: true });
        if (!current) throw notFound();
        if (await categoryInUse(tx, current.name))
          throw new ApiError(
            409,
            'CATEGORY_IN_USE',
            'Books carry this category: move them to another before removing it',
          );
        await deleteCategory(tx, current.name);
      });
    } finally {
      this.#kept = undefined;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
