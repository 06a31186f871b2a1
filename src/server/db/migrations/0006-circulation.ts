/**
 * Circulation as libraries practise it (docs/product.md#circulation):
 * - a returned loan stays, with `returnedAt`, as the member's history; the rules that bind a
 *   member's current loans (one loan of a book, one loan per numbered place) become unique indexes
 *   over the loans not yet returned;
 * - a loan counts its `renewals`;
 * - the place bound `slot between 1 and 3` goes: how many places a member has is the service's
 *   rule, and a CHECK built from it would turn every loan past a raised limit into an error;
 * - `hold`: members queueing for a book with no copy on the shelf; `book.holds` counts those
 *   waiting, so a book's answer carries it without a second query.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const LOAN_COLUMNS = `"id", "bookId", "userId", "userName", "userEmail", "slot", "borrowedDate", "returnDate", "createdAt"`;

/** SQLite cannot drop a table's constraints, so the loan table is built anew and its rows copied. */
async function rebuildSqliteLoans(db: AnyDb): Promise<void> {
  await sql`create table "loanNext" (
    "id" varchar(64) primary key,
    "bookId" varchar(64) not null references "book" ("id"),
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
}

async function alterPostgresLoans(db: AnyDb): Promise<void> {
  await sql`alter table "loan"
    drop constraint "loan_one_copy_per_member",
    drop constraint "loan_member_slot",
    drop constraint if exists "loan_slot_check",
    add constraint "loan_slot_positive" check ("slot" >= 1),
    add column "renewals" integer not null default 0 check ("renewals" >= 0),
    add column "returnedAt" varchar(32)`.execute(db);
  await sql`drop index "loan_book"`.execute(db);
}

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

async function createHolds(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('hold')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('bookId', 'varchar(64)', (col) => col.notNull().references('book.id'))
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('userName', 'text', (col) => col.notNull())
    .addColumn('userEmail', 'text', (col) => col.notNull())
    .addColumn('slot', 'integer', (col) => col.notNull().check(sql`"slot" >= 1`))
    .addColumn('status', 'varchar(16)', (col) =>
      // Two comparisons rather than IN, which PostgreSQL rewrites differently after a dump and restore.
      col.notNull().check(sql`"status" = 'waiting' or "status" = 'ready'`),
    )
    .addColumn('placedAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('readyUntil', 'varchar(32)')
    .addUniqueConstraint('hold_one_per_book', ['userId', 'bookId'])
    .addUniqueConstraint('hold_member_slot', ['userId', 'slot'])
    .execute();
  await db.schema
    .createIndex('hold_queue')
    .on('hold')
    .columns(['bookId', 'status', 'placedAt', 'id'])
    .execute();
  await db.schema.createIndex('hold_expiry').on('hold').columns(['status', 'readyUntil']).execute();
  await db.schema
    .alterTable('book')
    .addColumn('holds', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`"holds" >= 0`),
    )
    .execute();
}

export async function up(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'postgres') await alterPostgresLoans(db);
  else await rebuildSqliteLoans(db);
  await indexLoans(db);
  await createHolds(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('book').dropColumn('holds').execute();
  await db.schema.dropTable('hold').execute();
  // Returned loans were history only; the old table has no place for them.
  await db.deleteFrom('loan').where('returnedAt', 'is not', null).execute();
  for (const index of [
    'loan_current_book',
    'loan_current_slot',
    'loan_member_history',
    'loan_current_due',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('loan').dropColumn('renewals').execute();
  await db.schema.alterTable('loan').dropColumn('returnedAt').execute();
  await db.schema
    .alterTable('loan')
    .addUniqueConstraint('loan_one_copy_per_member', ['userId', 'bookId'])
    .execute();
}
