/**
 * Notices by e-mail (docs/product.md#accounts, docs/decisions/004-accounts-and-notices.md).
 * - `notice` is the outbox: one row per event (a loan due in two days, a loan overdue, a hold
 *   ready, a hold expired). `notice_once` makes the event its key — the kind, the loan or hold it
 *   concerns, and the date it is about — so however many instances find or cause the same event,
 *   one row exists. Delivery claims a row with a lease (`leaseToken`, `leaseUntil`), retries it at
 *   `nextAttemptAt`, and marks it `sent` (or why it was not sent).
 * - `noticeOptOut`: the kinds a member does not want by e-mail; no row means yes.
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('notice')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(16)', (col) =>
      col
        .notNull()
        .check(
          sql`"kind" = 'dueSoon' or "kind" = 'overdue' or "kind" = 'holdReady' or "kind" = 'holdExpired'`,
        ),
    )
    .addColumn('subjectId', 'varchar(64)', (col) => col.notNull())
    .addColumn('until', 'varchar(32)', (col) => col.notNull())
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('bookId', 'varchar(64)', (col) => col.notNull())
    .addColumn('bookName', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(
          sql`"status" = 'pending' or "status" = 'sent' or "status" = 'optedOut' or "status" = 'obsolete' or "status" = 'failed'`,
        ),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('leaseToken', 'varchar(64)')
    .addColumn('leaseUntil', 'varchar(32)')
    .addColumn('sentAt', 'varchar(32)')
    .addColumn('lastError', 'text')
    .addUniqueConstraint('notice_once', ['kind', 'subjectId', 'until'])
    .execute();
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
  await db.schema
    .createTable('noticeOptOut')
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addPrimaryKeyConstraint('noticeOptOut_pk', ['userId', 'kind'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('noticeOptOut').execute();
  await db.schema.dropTable('notice').execute();
}
