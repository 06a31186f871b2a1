/**
 * Sign-in attempts, kept in the database so that every server process sharing it counts the same
 * failures (issue 16): failed sign-ins are limited per client address and per account. One row
 * per attempt, written before the password is checked, deleted when it succeeds, kept an hour
 * when it fails. Frozen history: literals only.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('signInAttempt')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('address', 'varchar(64)', (column) => column.notNull())
    .addColumn('account', 'varchar(320)', (column) => column.notNull())
    .addColumn('at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('signInAttempt_address_at')
    .on('signInAttempt')
    .columns(['address', 'at'])
    .execute();
  await db.schema
    .createIndex('signInAttempt_account_at')
    .on('signInAttempt')
    .columns(['account', 'at'])
    .execute();
  await db.schema.createIndex('signInAttempt_at').on('signInAttempt').column('at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('signInAttempt').execute();
}
