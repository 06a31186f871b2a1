/**
 * Fines and membership (docs/product/fines-and-membership.md, docs/decisions/013-fines-and-membership.md):
 * - `fineEntry` is the ledger: one row per charge, payment or waiver, in whole taka (`amount`
 *   an integer above 0; the kind says which way it counts). A loan has at most one entry of each
 *   kind (`fineEntry_once_per_loan`), so a late return charged by two processes at once is
 *   charged once.
 * - `membership`: each account's `memberSince` and `expiresOn` (calendar days). better-auth
 *   creates `user` after these migrations run, so the dates live in a table of their own.
 *   Accounts that exist now get a full term of 12 months from the day of this upgrade: nobody's
 *   membership ends because the library installed a new version.
 * - `loan.lostAt`: when a loan was closed because its copy was lost (its `returnedAt` too), so a
 *   copy found later can have that loan's lost charge waived.
 * - `notice.kind` loses its CHECK: the kinds are the code's list (common/constants.ts), and each
 *   new kind of notice would otherwise need SQLite's table rebuilt again.
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const TERM_MONTHS = 12;
const BATCH = 500;

async function createLedger(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('fineEntry')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) =>
      // Comparisons rather than IN, which PostgreSQL rewrites differently after a dump and restore.
      col
        .notNull()
        .check(
          sql`"kind" = 'overdue' or "kind" = 'lost' or "kind" = 'payment' or "kind" = 'waiver'`,
        ),
    )
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`"amount" > 0`))
    .addColumn('loanId', 'varchar(64)')
    .addColumn('bookName', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('fineEntry_member')
    .on('fineEntry')
    .columns(['userId', 'createdAt', 'id'])
    .execute();
  await db.schema
    .createIndex('fineEntry_once_per_loan')
    .unique()
    .on('fineEntry')
    .columns(['loanId', 'kind'])
    .where(sql<boolean>`"loanId" is not null`)
    .execute();
}

/** `months` after `day` (YYYY-MM-DD), on the same day of the month or the month's last day. */
function monthsAfter(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

async function createMemberships(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('membership')
    .addColumn('userId', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('memberSince', 'varchar(10)', (col) => col.notNull())
    .addColumn('expiresOn', 'varchar(10)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('membership_expiry').on('membership').column('expiresOn').execute();
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === 'user')) return;
  const expiresOn = monthsAfter(new Date().toISOString().slice(0, 10), TERM_MONTHS);
  for (let offset = 0; ; offset += BATCH) {
    const users = (await db
      .selectFrom('user')
      .select(['id', 'createdAt'])
      .orderBy('id')
      .limit(BATCH)
      .offset(offset)
      .execute()) as { id: string; createdAt: string | number | Date }[];
    if (users.length === 0) return;
    await db
      .insertInto('membership')
      .values(
        users.map((user) => ({
          userId: user.id,
          memberSince: new Date(user.createdAt).toISOString().slice(0, 10),
          expiresOn,
        })),
      )
      .execute();
  }
}

const NOTICE_COLUMNS = `"id", "kind", "subjectId", "until", "userId", "bookId", "bookName", "createdAt", "status", "attempts", "nextAttemptAt", "leaseToken", "leaseUntil", "sentAt", "lastError"`;

/** SQLite cannot drop a column's CHECK, so the outbox is built anew and its rows copied. */
async function rebuildSqliteNotices(db: AnyDb): Promise<void> {
  await sql`create table "noticeNext" (
    "id" varchar(64) primary key,
    "kind" varchar(32) not null,
    "subjectId" varchar(64) not null,
    "until" varchar(32) not null,
    "userId" varchar(255) not null,
    "bookId" varchar(64) not null,
    "bookName" text not null,
    "createdAt" varchar(32) not null,
    "status" varchar(16) default 'pending' not null check ("status" = 'pending' or "status" = 'sent' or "status" = 'optedOut' or "status" = 'obsolete' or "status" = 'failed'),
    "attempts" integer default 0 not null,
    "nextAttemptAt" varchar(32) not null,
    "leaseToken" varchar(64),
    "leaseUntil" varchar(32),
    "sentAt" varchar(32),
    "lastError" text,
    constraint "notice_once" unique ("kind", "subjectId", "until"))`.execute(db);
  await sql`insert into "noticeNext" (${sql.raw(NOTICE_COLUMNS)})
    select ${sql.raw(NOTICE_COLUMNS)} from "notice"`.execute(db);
  await sql`drop table "notice"`.execute(db);
  await sql`alter table "noticeNext" rename to "notice"`.execute(db);
  await db.schema
    .createIndex('notice_due')
    .on('notice')
    .columns(['status', 'nextAttemptAt'])
    .execute();
  await db.schema
    .createIndex('notice_member')
    .on('notice')
    .columns(['userId', 'createdAt'])
    .execute();
}

async function freeNoticeKinds(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'postgres') {
    await sql`alter table "notice" drop constraint if exists "notice_kind_check",
      alter column "kind" type varchar(32)`.execute(db);
  } else {
    await rebuildSqliteNotices(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  await createLedger(db);
  await db.schema.alterTable('loan').addColumn('lostAt', 'varchar(32)').execute();
  await createMemberships(db);
  await freeNoticeKinds(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('loan').dropColumn('lostAt').execute();
  await db.schema.dropTable('membership').execute();
  await db.schema.dropTable('fineEntry').execute();
}
