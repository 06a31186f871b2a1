/**
 * `appointmentChange`: one row each time a member books or cancels a room, or registers for or
 * leaves an event, so that they can be limited per hour (issue 33: ten book-and-cancel cycles
 * sent 21 mails to an address the member did not own). Rows older than a day are swept away.
 * Frozen history: literals only.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('appointmentChange')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('appointmentChange_member')
    .on('appointmentChange')
    .columns(['userId', 'at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('appointmentChange').execute();
}
