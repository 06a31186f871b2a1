/**
 * Seats, and events held in a room (issue 35, docs/product/rooms-and-events.md):
 * - `room.seats`: how many members a room takes at once (a carrel area of twelve desks); 1 for a
 *   room booked whole.
 * - `roomSlot.seat`: which of those seats a live booking holds in a slot. The primary key becomes
 *   (room, slot start, seat), so a slot holds at most one booking per seat; the slots held so far
 *   took seat 1.
 * - `libraryEvent.roomId`: the room an event is held in; `roomEventHold`: the room's side of it,
 *   the time the event takes from the room's slots (the rooms module's table, as `roomSlot` is).
 * Frozen history: literals only.
 */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Remakes `roomSlot` with the primary key `key`, keeping its rows (SQLite cannot change a key). */
async function remakeSlots(db: AnyDb, key: string[], withSeat: boolean): Promise<void> {
  // Kept aside as plain rows: the old table goes with its key, whose name the new one takes.
  await sql`create table "roomSlotBefore" as
    select "roomId", "startsAt", "bookingId" from "roomSlot"`.execute(db);
  await db.schema.dropTable('roomSlot').execute();
  let table: CreateTableBuilder<string, string> = db.schema
    .createTable('roomSlot')
    .addColumn('roomId', 'varchar(64)', (col) => col.notNull())
    .addColumn('startsAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('bookingId', 'varchar(64)', (col) => col.notNull());
  if (withSeat) table = table.addColumn('seat', 'integer', (col) => col.notNull().defaultTo(1));
  await table.addPrimaryKeyConstraint('roomSlot_pk', key).execute();
  await sql`insert into "roomSlot" ("roomId", "startsAt", "bookingId")
    select "roomId", "startsAt", "bookingId" from "roomSlotBefore"`.execute(db);
  await db.schema.dropTable('roomSlotBefore').execute();
  await db.schema.createIndex('roomSlot_booking').on('roomSlot').column('bookingId').execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('room')
    .addColumn('seats', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('libraryEvent').addColumn('roomId', 'varchar(64)').execute();
  await db.schema
    .createTable('roomEventHold')
    .addColumn('eventId', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('roomId', 'varchar(64)', (col) => col.notNull())
    .addColumn('startsAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('endsAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('roomEventHold_room')
    .on('roomEventHold')
    .columns(['roomId', 'startsAt'])
    .execute();
  await remakeSlots(db, ['roomId', 'startsAt', 'seat'], true);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from "roomSlot" where "seat" > 1`.execute(db);
  await remakeSlots(db, ['roomId', 'startsAt'], false);
  await db.schema.dropTable('roomEventHold').execute();
  await db.schema.alterTable('libraryEvent').dropColumn('roomId').execute();
  await db.schema.alterTable('room').dropColumn('seats').execute();
}
