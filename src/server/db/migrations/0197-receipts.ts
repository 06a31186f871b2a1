/**
 * Receipts a member can keep (docs/product/fines-and-membership.md, docs/decisions/025-scan-tab-money-and-receipts.md):
 * - `fineEntry.takenBy`: the name of the librarian who took a payment or waiver, as it was then
 *   (a receipt is history: it keeps the name it was signed with). Empty for the rows before this
 *   migration and for the charges and waivers the server makes by itself.
 * - `fineSettlement`: which charges a payment or waiver settled, and how much of each, written in
 *   the transaction that takes it. Payments and waivers before this migration have none: their
 *   receipts name no charge, and the charges they paid are worked out from the ledger's order.
 * Frozen history: literals only.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('fineEntry')
    .addColumn('takenBy', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('fineSettlement')
    .addColumn('creditId', 'varchar(64)', (col) => col.notNull())
    .addColumn('chargeId', 'varchar(64)', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('fineSettlement_pk', ['creditId', 'chargeId'])
    .execute();
  await db.schema
    .createIndex('fineSettlement_charge')
    .on('fineSettlement')
    .column('chargeId')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('fineSettlement').execute();
  await db.schema.alterTable('fineEntry').dropColumn('takenBy').execute();
}
