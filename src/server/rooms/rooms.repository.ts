/**
 * SQL for study rooms, their bookings, the seats of slots live bookings hold (migrations 0110,
 * 0192) and the time events held in a room take from it.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Room, RoomCreate, RoomUpdate } from '../../common/room-schemas.ts';
import { dialectOf } from '../db/database.ts';
import type { DB, RoomBookingTable } from '../db/schema.ts';

export type BookingRow = Selectable<RoomBookingTable>;

/** Bookings that hold their slots. */
export const LIVE_STATUSES = ['booked', 'checkedIn'] as const;

const ROOM_COLUMNS = ['id', 'name', 'capacity', 'description', 'seats'] as const;

const toRoom = (row: {
  id: string;
  name: string;
  capacity: number;
  description: string;
  seats: number;
}): Room => ({
  _id: row.id,
  name: row.name,
  capacity: row.capacity,
  description: row.description,
  seats: row.seats,
});

export async function listRooms(db: Kysely<DB>): Promise<Room[]> {
  const rows = await db
    .selectFrom('room')
    .select(ROOM_COLUMNS)
    .orderBy('capacity')
    .orderBy('name')
    .execute();
  return rows.map(toRoom);
}

/**
 * The room, its row shared-locked until the transaction ends on PostgreSQL, so it cannot be
 * deleted while a booking of it is being made (SQLite has one writer at a time).
 */
export async function findRoom(
  db: Kysely<DB>,
  roomId: string,
  lock: 'share' | 'update' | 'none' = 'none',
): Promise<Room | undefined> {
  const query = db.selectFrom('room').select(ROOM_COLUMNS).where('id', '=', roomId);
  const postgres = dialectOf(db) === 'postgres';
  const locked =
    postgres && lock === 'share'
      ? query.forShare()
      : postgres && lock === 'update'
        ? query.forUpdate()
        : query;
  const row = await locked.executeTakeFirst();
  return row && toRoom(row);
}

export async function insertRoom(db: Kysely<DB>, room: RoomCreate, now: string): Promise<Room> {
  const id = randomUUID();
  await db
    .insertInto('room')
    .values({ id, ...room, createdAt: now })
    .execute();
  return { _id: id, ...room };
}

export async function updateRoom(db: Kysely<DB>, roomId: string, changes: RoomUpdate) {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('room').set(changes).where('id', '=', roomId).execute();
}

export async function deleteRoom(db: Kysely<DB>, roomId: string): Promise<void> {
  await db.deleteFrom('room').where('id', '=', roomId).execute();
}

/** Whether the room has a live booking, or an event held in it, that has not ended by `now`. */
export async function hasFutureBookings(db: Kysely<DB>, roomId: string, now: string) {
  const booking = await db
    .selectFrom('roomBooking')
    .select('id')
    .where('roomId', '=', roomId)
    .where('status', 'in', LIVE_STATUSES)
    .where('endsAt', '>', now)
    .executeTakeFirst();
  const event = await db
    .selectFrom('roomEventHold')
    .select('eventId')
    .where('roomId', '=', roomId)
    .where('endsAt', '>', now)
    .executeTakeFirst();
  return booking !== undefined || event !== undefined;
}

/**
 * Locks the member's row until the transaction ends (PostgreSQL: FOR UPDATE), so one member's
 * bookings are made one after the other and the hours a day are counted after the last one
 * committed. Answers whether they are blocked, or undefined when the account is gone.
 */
export async function lockBookingMember(db: Kysely<DB>, userId: string) {
  const query = db.selectFrom('user').select(['id', 'blocked']).where('id', '=', userId);
  const row = await (dialectOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row && { blocked: Boolean(row.blocked) };
}

/** Minutes of live bookings the member holds on `date`. */
export async function bookedMinutes(db: Kysely<DB>, userId: string, date: string) {
  const rows = await db
    .selectFrom('roomBooking')
    .select(['start', 'end'])
    .where('userId', '=', userId)
    .where('date', '=', date)
    .where('status', 'in', LIVE_STATUSES)
    .execute();
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return rows.reduce((sum, row) => sum + minutes(row.end) - minutes(row.start), 0);
}

/** The seats held at these slot starts of the room, with whose booking holds each. */
export async function heldSeats(db: Kysely<DB>, roomId: string, starts: string[]) {
  if (starts.length === 0) return [];
  return db
    .selectFrom('roomSlot')
    .innerJoin('roomBooking', 'roomBooking.id', 'roomSlot.bookingId')
    .select(['roomSlot.startsAt', 'roomSlot.seat', 'roomBooking.userId'])
    .where('roomSlot.roomId', '=', roomId)
    .where('roomSlot.startsAt', 'in', starts)
    .execute();
}

/** A seat of a slot a booking takes. */
export type SeatOfSlot = { startsAt: string; seat: number };

/**
 * Stores a booking and the seat it holds in each of its slots; a seat held already fails on its
 * primary key, so of two bookings racing for the last seat one is run again and finds it taken.
 */
export async function insertBooking(
  db: Kysely<DB>,
  booking: Omit<BookingRow, 'id' | 'checkedInAt' | 'status'>,
  seats: SeatOfSlot[],
): Promise<BookingRow> {
  const row: BookingRow = { id: randomUUID(), status: 'booked', checkedInAt: null, ...booking };
  await db.insertInto('roomBooking').values(row).execute();
  await db
    .insertInto('roomSlot')
    .values(seats.map((seat) => ({ roomId: booking.roomId, ...seat, bookingId: row.id })))
    .execute();
  return row;
}

/** Whether an event held in the room (but `except`) takes any of the time from `from` to `to`. */
export async function eventHoldsBetween(
  db: Kysely<DB>,
  roomId: string,
  from: string,
  to: string,
  except = '',
) {
  const row = await db
    .selectFrom('roomEventHold')
    .select('eventId')
    .where('roomId', '=', roomId)
    .where('startsAt', '<', to)
    .where('endsAt', '>', from)
    .where('eventId', '!=', except)
    .executeTakeFirst();
  return row !== undefined;
}

/** The events' holds of any room overlapping the time from `from` to `to`. */
export async function eventHoldsOverlapping(db: Kysely<DB>, from: string, to: string) {
  return db
    .selectFrom('roomEventHold')
    .select(['eventId', 'roomId', 'startsAt', 'endsAt'])
    .where('startsAt', '<', to)
    .where('endsAt', '>', from)
    .execute();
}

/** Whether a live booking of the room overlaps the time from `from` to `to`. */
export async function bookingsBetween(db: Kysely<DB>, roomId: string, from: string, to: string) {
  const row = await db
    .selectFrom('roomBooking')
    .select('id')
    .where('roomId', '=', roomId)
    .where('status', 'in', LIVE_STATUSES)
    .where('startsAt', '<', to)
    .where('endsAt', '>', from)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertEventHold(
  db: Kysely<DB>,
  hold: { eventId: string; roomId: string; startsAt: string; endsAt: string },
) {
  await db.insertInto('roomEventHold').values(hold).execute();
}

export async function deleteEventHold(db: Kysely<DB>, eventId: string) {
  await db.deleteFrom('roomEventHold').where('eventId', '=', eventId).execute();
}

/** The booking, locked until the transaction ends on PostgreSQL. */
export async function lockBooking(db: Kysely<DB>, bookingId: string) {
  const query = db.selectFrom('roomBooking').selectAll().where('id', '=', bookingId);
  return (dialectOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Ends a live booking (cancelled or no-show): its slots are free again. */
export async function endBooking(
  db: Kysely<DB>,
  bookingIds: string[],
  status: 'cancelled' | 'noShow',
): Promise<void> {
  if (bookingIds.length === 0) return;
  await db
    .updateTable('roomBooking')
    .set({ status })
    .where('id', 'in', bookingIds)
    .where('status', '=', 'booked')
    .execute();
  // Only the slots of those that did end: one checked in meanwhile keeps its own.
  await db
    .deleteFrom('roomSlot')
    .where('bookingId', 'in', (eb) =>
      eb
        .selectFrom('roomBooking')
        .select('id')
        .where('id', 'in', bookingIds)
        .where('status', '=', status),
    )
    .execute();
}

export async function markCheckedIn(db: Kysely<DB>, bookingId: string, now: string) {
  await db
    .updateTable('roomBooking')
    .set({ status: 'checkedIn', checkedInAt: now })
    .where('id', '=', bookingId)
    .execute();
}

/** Booked, not checked in, and started before `cutoff`: the no-shows to release. */
export async function noShowsBefore(db: Kysely<DB>, cutoff: string, limit: number) {
  const rows = await db
    .selectFrom('roomBooking')
    .select('id')
    .where('status', '=', 'booked')
    .where('startsAt', '<', cutoff)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Bookings starting in (from, to] whose member wants room reminders by SMS and has a confirmed
 * number, with no reminder in the outbox yet (the reminder goes by SMS only).
 */
export async function unremindedBookings(db: Kysely<DB>, from: string, to: string, limit: number) {
  return db
    .selectFrom('roomBooking')
    .innerJoin('smsChoice', 'smsChoice.userId', 'roomBooking.userId')
    .innerJoin('memberPhone', 'memberPhone.userId', 'roomBooking.userId')
    .selectAll('roomBooking')
    .where('roomBooking.status', '=', 'booked')
    .where('roomBooking.startsAt', '>', from)
    .where('roomBooking.startsAt', '<=', to)
    .where('smsChoice.kind', '=', 'roomReminder')
    .where('memberPhone.verifiedAt', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notice')
            .select('notice.id')
            .where('notice.kind', '=', 'roomReminder')
            .whereRef('notice.subjectId', '=', 'roomBooking.id'),
        ),
      ),
    )
    .orderBy('roomBooking.startsAt')
    .limit(limit)
    .execute();
}

/** The slots held between two instants, with whose they are. */
export async function heldSlots(db: Kysely<DB>, from: string, to: string) {
  return db
    .selectFrom('roomSlot')
    .innerJoin('roomBooking', 'roomBooking.id', 'roomSlot.bookingId')
    .select(['roomSlot.roomId', 'roomSlot.startsAt', 'roomBooking.userId'])
    .where('roomSlot.startsAt', '>=', from)
    .where('roomSlot.startsAt', '<', to)
    .execute();
}

/** The member's bookings from `fromDate` on (every one without it), soonest first. */
export async function memberBookings(db: Kysely<DB>, userId: string, fromDate?: string) {
  let query = db.selectFrom('roomBooking').selectAll().where('userId', '=', userId);
  if (fromDate !== undefined) query = query.where('date', '>=', fromDate);
  return query.orderBy('startsAt').orderBy('roomName').execute();
}

/**
 * Every booking of `date` that was not cancelled, for the desk: with the member's card number,
 * and the seat it holds (its first slot's; none once a no-show gave its slots back).
 */
export async function bookingsOn(db: Kysely<DB>, date: string) {
  return db
    .selectFrom('roomBooking')
    .leftJoin('libraryCard', 'libraryCard.userId', 'roomBooking.userId')
    .selectAll('roomBooking')
    .select((eb) => [
      'libraryCard.cardNumber',
      eb
        .selectFrom('roomSlot')
        .select((slot) => slot.fn.min<number>('roomSlot.seat').as('seat'))
        .whereRef('roomSlot.bookingId', '=', 'roomBooking.id')
        .as('seat'),
    ])
    .where('roomBooking.date', '=', date)
    .where('roomBooking.status', '!=', 'cancelled')
    .orderBy('roomBooking.startsAt')
    .orderBy('roomBooking.roomName')
    .execute();
}

/** The member's bookings not yet started and still live, for closing their account. */
export async function comingBookingsOf(db: Kysely<DB>, userId: string, now: string) {
  const rows = await db
    .selectFrom('roomBooking')
    .select('id')
    .where('userId', '=', userId)
    .where('status', '=', 'booked')
    .where('startsAt', '>', now)
    .execute();
  return rows.map((row) => row.id);
}

/** Keeps the member's bookings as history, without their name, e-mail or id. */
export async function anonymiseBookings(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable('roomBooking')
    .set({ userName: '', userEmail: '', userId: sql<string>`'deleted:' || ${sql.ref('id')}` })
    .where('userId', '=', userId)
    .execute();
}
