import { sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('book')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 0`))
    .addColumn('rating', 'double precision', (col) => col.notNull())
    .addColumn('shortDescription', 'text', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('searchText', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('updatedAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  // Newest first, with the id breaking ties, is the order of every list and of the pagination cursor.
  await db.schema
    .createIndex('book_newest')
    .on('book')
    .columns(['createdAt desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('book_category_newest')
    .on('book')
    .columns(['category', 'createdAt desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('loan')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('bookId', 'varchar(64)', (col) => col.notNull().references('book.id'))
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('userName', 'text', (col) => col.notNull())
    .addColumn('userEmail', 'text', (col) => col.notNull())
    .addColumn('slot', 'integer', (col) => col.notNull().check(sql`slot between 1 and 3`))
    .addColumn('borrowedDate', 'varchar(10)', (col) => col.notNull())
    .addColumn('returnDate', 'varchar(10)', (col) => col.notNull())
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('loan_one_copy_per_member', ['userId', 'bookId'])
    .addUniqueConstraint('loan_member_slot', ['userId', 'slot'])
    .execute();
  await db.schema.createIndex('loan_book').on('loan').column('bookId').execute();

  await db.schema
    .createTable('appMeta')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appMeta').execute();
  await db.schema.dropTable('loan').execute();
  await db.schema.dropTable('book').execute();
}
