/**
 * Indexes on the book columns that name a stored image, so the sweep of images nothing names
 * (images/image-sweep.ts) asks each image in one index lookup, at a million books. Members, the
 * third such column, are better-auth's table, made after these migrations run, and far fewer.
 * Frozen history: literals only.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('book_image').on('book').column('image').execute();
  await db.schema.createIndex('withdrawnBook_image').on('withdrawnBook').column('image').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('withdrawnBook_image').execute();
  await db.schema.dropIndex('book_image').execute();
}
