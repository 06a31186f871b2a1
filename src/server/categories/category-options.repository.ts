/**
 * SQL for the categories a library offers (migration 0130). A rename moves the books shelved
 * under the old name in the same transaction; their triggers keep the counts and tell every
 * server process that the catalogue changed.
 */
import type { Kysely } from 'kysely';
import { dialectOf } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

const keyOf = (name: string) => name.trim().toLowerCase();

/** Every category offered: the defaults first, as they were made, then those added, in order. */
export async function listCategoryOptions(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('categoryOption')
    .select('name')
    .orderBy('createdAt')
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

/**
 * The offered category a name means, whatever its case, or undefined. On PostgreSQL the row is
 * locked when `lock` is given, so a removal or rename waits for the transaction holding it.
 */
export async function findCategoryOption(
  db: Kysely<DB>,
  name: string,
  lock?: 'forUpdate',
): Promise<string | undefined> {
  const query = db.selectFrom('categoryOption').select('name').where('nameKey', '=', keyOf(name));
  const locked = lock && dialectOf(db) === 'postgres' ? query.forUpdate() : query;
  return (await locked.executeTakeFirst())?.name;
}

/** Adds a category; the unique `nameKey` refuses a second spelling of one name. */
export async function insertCategoryOption(db: Kysely<DB>, name: string, now: string) {
  await db
    .insertInto('categoryOption')
    .values({ name, nameKey: keyOf(name), createdAt: now })
    .execute();
}

/** Renames a category and moves its books to the new name. */
export async function renameCategoryOption(tx: Kysely<DB>, from: string, to: string) {
  await tx
    .updateTable('categoryOption')
    .set({ name: to, nameKey: keyOf(to) })
    .where('name', '=', from)
    .execute();
  await tx.updateTable('book').set({ category: to }).where('category', '=', from).execute();
}

export async function categoryInUse(tx: Kysely<DB>, name: string): Promise<boolean> {
  const row = await tx
    .selectFrom('book')
    .select('id')
    .where('category', '=', name)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteCategoryOption(tx: Kysely<DB>, name: string) {
  await tx.deleteFrom('categoryOption').where('name', '=', name).execute();
}
