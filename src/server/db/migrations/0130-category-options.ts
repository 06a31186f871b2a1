/**
 * The categories a library chooses (docs/product/catalogue-and-accounts.md): one row per
 * category books may be shelved under. `nameKey` is the name lower-cased, unique, so "poetry"
 * and "Poetry" cannot both exist, whatever the number of server processes adding them. The
 * seed's five are the defaults, and a category some book already has stays offered. Frozen
 * history: literals only.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const DEFAULTS = ['Novel', 'Thriller', 'History', 'Drama', 'Sci-Fi'];
/** The defaults keep their order: each a millisecond after the one before. */
const createdAt = (index: number) => `2026-11-26T00:00:00.00${index}Z`;
const CREATED_AT = createdAt(DEFAULTS.length);

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('categoryOption')
    .addColumn('name', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('nameKey', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db
    .insertInto('categoryOption')
    .values(
      DEFAULTS.map((name, index) => ({
        name,
        nameKey: name.toLowerCase(),
        createdAt: createdAt(index),
      })),
    )
    .execute();
  await sql`insert into "categoryOption" ("name", "nameKey", "createdAt")
    select distinct "category", lower("category"), ${CREATED_AT} from "book"
    where lower("category") not in (select "nameKey" from "categoryOption")`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('categoryOption').execute();
}
