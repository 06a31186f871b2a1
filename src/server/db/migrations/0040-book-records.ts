/**
 * Richer book records (docs/product.md#librarians, docs/decisions/003-desk.md): an ISBN kept as its
 * ISBN-13, a publisher, a year of publication and a language code, each optional. The ISBN is
 * unique through an index, so two librarians adding one ISBN at the same moment cannot both
 * succeed, whatever the number of server processes. Frozen history: literals only.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('book').addColumn('isbn', 'varchar(13)').execute();
  await db.schema.alterTable('book').addColumn('publisher', 'text').execute();
  await db.schema.alterTable('book').addColumn('publishedYear', 'integer').execute();
  await db.schema.alterTable('book').addColumn('language', 'varchar(2)').execute();
  // Books without an ISBN (null) do not collide: both databases let nulls repeat in a unique index.
  await db.schema.createIndex('book_isbn').unique().on('book').column('isbn').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('book_isbn').execute();
  for (const column of ['language', 'publishedYear', 'publisher', 'isbn'])
    await db.schema.alterTable('book').dropColumn(column).execute();
}
