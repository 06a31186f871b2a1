/**
 * Study rooms and events (docs/product/rooms-and-events.md, docs/decisions/014-rooms-and-events.md).
 * - `room`: what members book.
 * - `roomBooking`: a member's booking of a room from `start` to `end` on a library `date`, with
 *   the instants they mean (`startsAt`, `endsAt`) for the rules that compare with now.
 * - `roomSlot`: one row per slot a live booking holds; its primary key (room, slot start) is what
 *   keeps two live bookings of a room from overlapping, whatever the concurrency. A cancelled or
 *   no-show booking's rows are deleted, which frees its slots.
 * - `libraryEvent` and `eventRegistration`: a member registered or waiting, in the order joined
 *   (`queueNumber`, unique per event), at most one registration per member and event.
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('room')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(120)', (col) => col.notNull())
    .addColumn('capacity', 'integer', (col) => col.notNull().check(sql`"capacity" >= 1`))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('roomBooking')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('roomId', 'varchar(64)', (col) => col.notNull())
    .addColumn('roomName', 'varchar(120)', (col) => col.notNull())
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('userName', 'text', (col) => col.notNull())
    .addColumn('userEmail', 'text', (col) => col.notNull())
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('start', 'varchar(5)', (col) => col.notNull())
    .addColumn('end', 'varchar(5)', (col) => col.notNull())
    .addColumn('startsAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('endsAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) =>
      col
        .notNull()
        .check(
          sql`"status" = 'booked' or "status" = 'checkedIn' or "status" = 'cancelled' or "status" = 'noShow'`,
        ),
    )
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('checkedInAt', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('roomBooking_member')
    .on('roomBooking')
    .columns(['userId', 'date'])
    .execute();
  await db.schema
    .createIndex('roomBooking_room')
    .on('roomBooking')
    .columns(['roomId', 'date'])
    .execute();
  await db.schema
    .createIndex('roomBooking_due')
    .on('roomBooking')
    .columns(['status', 'startsAt'])
    .execute();
  await db.schema
    .createTable('roomSlot')
    .addColumn('roomId', 'varchar(64)', (col) => col.notNull())
    .addColumn('startsAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('bookingId', 'varchar(64)', (col) => col.notNull())
    .addPrimaryKeyConstraint('roomSlot_pk', ['roomId', 'startsAt'])
    .execute();
  await db.schema.createIndex('roomSlot_booking').on('roomSlot').column('bookingId').execute();

  await db.schema
    .createTable('libraryEvent')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('place', 'varchar(200)', (col) => col.notNull())
    .addColumn('startsAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('endsAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('capacity', 'integer', (col) => col.notNull().check(sql`"capacity" >= 1`))
    .addColumn('status', 'varchar(16)', (col) =>
      col.notNull().check(sql`"status" = 'scheduled' or "status" = 'cancelled'`),
    )
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('libraryEvent_start').on('libraryEvent').column('startsAt').execute();
  await db.schema
    .createTable('eventRegistration')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('eventId', 'varchar(64)', (col) => col.notNull())
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('userName', 'text', (col) => col.notNull())
    .addColumn('userEmail', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) =>
      col.notNull().check(sql`"status" = 'registered' or "status" = 'waiting'`),
    )
    .addColumn('queueNumber', 'integer', (col) => col.notNull())
    .addColumn('joinedAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('attended', 'boolean')
    .addColumn('remindedAt', 'varchar(32)')
    .addUniqueConstraint('eventRegistration_once', ['eventId', 'userId'])
    .addUniqueConstraint('eventRegistration_order', ['eventId', 'queueNumber'])
    .execute();
  await db.schema
    .createIndex('eventRegistration_member')
    .on('eventRegistration')
    .column('userId')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('eventRegistration').execute();
  await db.schema.dropTable('libraryEvent').execute();
  await db.schema.dropTable('roomSlot').execute();
  await db.schema.dropTable('roomBooking').execute();
  await db.schema.dropTable('room').execute();
}
