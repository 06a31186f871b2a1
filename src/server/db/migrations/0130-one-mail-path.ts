/**
 * One mail path (docs/architecture.md#notices-by-e-mail): every mail to a member is a row of the
 * `notice` outbox, written in the transaction that causes it.
 * - `notice.payload`: what a mail needs beyond its book, as JSON (an appointment's name, place and
 *   times; an account mail's link). Null for the notices about a loan or a hold.
 * - `eventRegistration.remindedAt` goes: a reminder is now the outbox's row, sent once and marked
 *   sent only when it was (it used to be marked before the mail left).
 * Frozen history: literals only.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notice').addColumn('payload', 'text').execute();
  await db.schema.alterTable('eventRegistration').dropColumn('remindedAt').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('eventRegistration').addColumn('remindedAt', 'varchar(32)').execute();
  await db.schema.alterTable('notice').dropColumn('payload').execute();
}
