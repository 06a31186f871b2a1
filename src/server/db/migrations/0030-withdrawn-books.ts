/**
 * Librarians withdraw books (docs/product.md#librarians, docs/decisions/002-librarians.md). A withdrawn
 * book's row is deleted, so every list, search, count and category total forgets it through the
 * triggers that already follow deletes; what its returned loans need to show (name, author,
 * category, cover) is kept in `withdrawnBook`. A loan's `bookId` then names a book that may be
 * gone, so the loan table loses its foreign key to `book` (holds keep theirs: a book with holds
 * cannot be withdrawn). Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const LOAN_COLUMNS = `"id", "bookId", "userId", "userName", "userEmail", "slot", "borrowedDate", "returnDate", "createdAt", "renewals", "returnedAt"`;

const LOAN_INDEXES = [
  'loan_current_book',
  'loan_current_slot',
  'loan_book',
  'loan_member_history',
  'loan_current_due',
];

/** The indexes of migration 0006, made again on the rebuilt SQLite table. */
async function indexLoans(db: AnyDb): Promise<void> {
  const current = sql<boolean>`"returnedAt" is null`;
  await db.schema
    .createIndex('loan_current_book')
    .unique()
    .on('loan')
    .columns(['userId', 'bookId'])
    .where(current)
    .execute();
  await db.schema
    .createIndex('loan_current_slot')
    .unique()
    .on('loan')
    .columns(['userId', 'slot'])
    .where(current)
    .execute();
  await db.schema.createIndex('loan_book').on('loan').column('bookId').execute();
  await db.schema
    .createIndex('loan_member_history')
    .on('loan')
    .columns(['userId', 'returnedAt', 'id'])
    .execute();
  await db.schema
    .createIndex('loan_current_due')
    .on('loan')
    .column('returnDate')
    .where(current)
    .execute();
}

/** SQLite cannot drop a constraint, so the loan table is built anew without it and its rows copied. */
async function rebuildSqliteLoans(db: AnyDb, withBookKey: boolean): Promise<void> {
  const bookKey = withBookKey ? sql`references "book" ("id")` : sql``;
  await sql`create table "loanNext" (
    "id" varchar(64) primary key,
    "bookId" varchar(64) not null ${bookKey},
    "userId" varchar(255) not null,
    "userName" text not null,
    "userEmail" text not null,
    "slot" integer not null check ("slot" >= 1),
    "borrowedDate" varchar(10) not null,
    "returnDate" varchar(10) not null,
    "createdAt" varchar(32) not null,
    "renewals" integer not null default 0 check ("renewals" >= 0),
    "returnedAt" varchar(32))`.execute(db);
  await sql`insert into "loanNext" (${sql.raw(LOAN_COLUMNS)})
    select ${sql.raw(LOAN_COLUMNS)} from "loan"`.execute(db);
  await sql`drop table "loan"`.execute(db);
  await sql`alter table "loanNext" rename to "loan"`.execute(db);
  await indexLoans(db);
}

/** Drops whatever foreign key of `loan` points at `book`, whatever PostgreSQL named it. */
async function dropPostgresLoanBookKey(db: AnyDb): Promise<void> {
  await sql`do $$
    declare key_name text;
    begin
      for key_name in
        select conname from pg_constraint
        where conrelid = '"loan"'::regclass and confrelid = '"book"'::regclass and contype = 'f'
      loop
        execute format('alter table "loan" drop constraint %I', key_name);
      end loop;
    end $$`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('withdrawnBook')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('category', 'varchar(32)', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('withdrawnAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  if (migrationDialect(db) === 'postgres') await dropPostgresLoanBookKey(db);
  else await rebuildSqliteLoans(db, false);
}

export async function down(db: AnyDb): Promise<void> {
  // The loans of withdrawn books have no book to point at any more; the old schema cannot hold them.
  await sql`delete from "loan" where "bookId" not in (select "id" from "book")`.execute(db);
  if (migrationDialect(db) === 'postgres') {
    await sql`alter table "loan" add constraint "loan_bookId_fkey"
      foreign key ("bookId") references "book" ("id")`.execute(db);
  } else {
    for (const index of LOAN_INDEXES) await db.schema.dropIndex(index).ifExists().execute();
    await rebuildSqliteLoans(db, true);
  }
  await db.schema.dropTable('withdrawnBook').execute();
}
