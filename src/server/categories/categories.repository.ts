/** SQL for the library's categories (migration 0141). Functions take the database or a transaction. */
import { categoryKey } from '../../common/constants.ts';
import type { CategoryOption } from '../../common/category-schemas.ts';
import type { Kysely } from 'kysely';
import { dialectOf } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/** Every category, by English name. */
export async function listCategoryOptions(db: Kysely<DB>): Promise<CategoryOption[]> {
  return db.selectFrom('category').select(['name', 'nameBn']).orderBy('name').execute();
}

/** The category a name means in any case, locked for the transaction on PostgreSQL. */
export async function findCategory(
  db: Kysely<DB>,
  name: string,
  { forUpdate = false } = {},
): Promise<CategoryOption | undefined> {
  let query = db
    .selectFrom('category')
    .select(['name', 'nameBn'])
    .where('nameKey', '=', categoryKey(name));
  // SQLite has one writer at a time: its transaction holds the whole database already.
  if (forUpdate && dialectOf(db) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Adds a category; answers false when one has the name in any case (its unique key decides a race). */
export async function insertCategory(
  db: Kysely<DB>,
  category: CategoryOption,
  at: Date,
): Promise<boolean> {
  const result = await db
    .insertInto('category')
    .values({
      name: category.name,
      nameKey: categoryKey(category.name),
      nameBn: category.nameBn,
      createdAt: at.toISOString(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Renames `from`, and moves its books to a new English name, in the caller's transaction. */
export async function renameCategory(
  db: Kysely<DB>,
  from: string,
  to: CategoryOption,
): Promise<void> {
  await db
    .updateTable('category')
    .set({ name: to.name, nameKey: categoryKey(to.name), nameBn: to.nameBn })
    .where('name', '=', from)
    .execute();
  if (to.name !== from)
    await db.updateTable('book').set({ category: to.name }).where('category', '=', from).execute();
}

/** Whether any book carries the category. */
export async function categoryInUse(db: Kysely<DB>, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('book')
    .select('id')
    .where('category', '=', name)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteCategory(db: Kysely<DB>, name: string): Promise<void> {
  await db.deleteFrom('category').where('name', '=', name).execute();
}
