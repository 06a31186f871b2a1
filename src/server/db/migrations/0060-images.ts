/**
 * Stored images (docs/product.md#images, docs/decisions/005-images.md): every uploaded or fetched cover
 * and photo, re-encoded to WebP, kept in the database so every server instance serves the same
 * bytes. The id is the SHA-256 of those bytes (hex, first 32 characters), so the same image
 * stored twice is one row. Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const bytesType = migrationDialect(db) === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('image')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('bytes', bytesType, (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull().check(sql`"width" > 0`))
    .addColumn('height', 'integer', (col) => col.notNull().check(sql`"height" > 0`))
    // Who stored it first: a member's id, kept for accountability; never shown to visitors.
    .addColumn('uploadedBy', 'varchar(255)')
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('image').execute();
}
