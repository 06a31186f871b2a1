/**
 * Categories the library chooses (docs/product.md#categories): `category`, one row per category,
 * named in English (`name`, what books store in their `category`) and in Bangla (`nameBn`).
 * `nameKey` is the name in lower case with spaces and hyphens as written: two names that differ
 * only in case ("sci-fi", "Sci-Fi") are one category, under any concurrency, by its unique index.
 * The seed's five are the defaults, and any other name books already carry becomes a category,
 * named alike in both languages until a librarian names it in Bangla.
 *
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const DEFAULTS: [name: string, nameBn: string][] = [
  ['Novel', 'উপন্যাস'],
  ['Thriller', 'থ্রিলার'],
  ['History', 'ইতিহাস'],
  ['Drama', 'নাটক'],
  ['Sci-Fi', 'বিজ্ঞান কল্পকাহিনি'],
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('category')
    .addColumn('name', 'varchar(60)', (col) => col.primaryKey())
    .addColumn('nameKey', 'varchar(60)', (col) => col.notNull().unique())
    .addColumn('nameBn', 'varchar(60)', (col) => col.notNull())
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  const createdAt = '2026-11-27T00:00:00.000Z';
  await db
    .insertInto('category')
    .values(
      DEFAULTS.map(([name, nameBn]) => ({ name, nameKey: name.toLowerCase(), nameBn, createdAt })),
    )
    .execute();
  const { rows } = await sql<{ name: string }>`select distinct "category" as "name" from "book"
    order by "category"`.execute(db);
  const known = new Set(DEFAULTS.map(([name]) => name.toLowerCase()));
  for (const { name } of rows) {
    const nameKey = name.toLowerCase();
    if (known.has(nameKey)) continue;
    known.add(nameKey);
    await db.insertInto('category').values({ name, nameKey, nameBn: name, createdAt }).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('category').execute();
}
