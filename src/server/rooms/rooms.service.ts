/**
 * The study-room rules, in one place (docs/product/rooms-and-events.md): rooms, availability,
 * booking, cancelling, check-in and no-shows, on the library's clock and opening hours.
 *
 * Why they hold under any concurrency, across processes:
 * - A live booking holds one seat of each of its slots, a `roomSlot` row keyed by room, slot
 *   start and seat, so a slot never holds more bookings than the room has seats: two bookings
 *   taking the same seat fail on the key, and the loser, run again, takes another or finds the
 *   slot full.
 * - A booking locks its member's row first (PostgreSQL: FOR UPDATE; SQLite has one writer), so a
 *   member's bookings of a day are counted after their last booking committed, and the hours a
 *   day never pass ROOM_HOURS_PER_DAY.
 * - A booking shares its room's row lock; deleting a room, and an event taking the room's time,
 *   take it exclusively. So no booking slips in between the check for future bookings and the
 *   delete, and a booking and an event racing for the same hour are checked one after the other.
 * - No-shows are released by one statement that only moves `booked` rows, so the sweep of every
 *   instance and any request touching bookings may run it at once.
 */
import type { Kysely } from 'kysely';
import { addDays, daysBetween } from '../../common/calendar.ts';
import { ROOM_REMINDER_HOURS } from '../../common/constants.ts';
import {
  instantAt,
  isOpenOn,
  minutesOfTime,
  nthOpenDay,
  slotStarts,
  timeOfMinutes,
  wallTimeExists,
  type OpeningHours,
} from '../../common/opening-hours.ts';
import { pagePaths } from '../../common/page-paths.ts';
import type {
  Availability,
  Booking,
  BookingCreate,
  DeskBooking,
  Room,
  RoomCreate,
  RoomUpdate,
} from '../../common/room-schemas.ts';
import type { Kernel } from '../core/kernel.ts';
import type { Member } from '../core/member.ts';
import type { RoomSettings } from '../config.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import type { Appointment, AppointmentMail } from '../mail/appointment-texts.ts';
import { recordNotices } from '../notices/outbox.ts';
import { tooManyAppointmentChanges } from '../members/appointment-changes.ts';
import {
  anonymiseBookings,
  bookedMinutes,
  comingBookingsOf,
  bookingsBetween,
  bookingsOn,
  deleteEventHold,
  deleteRoom,
  endBooking,
  eventHoldsBetween,
  eventHoldsOverlapping,
  findRoom,
  hasFutureBookings,
  heldSeats,
  heldSlots,
  insertEventHold,
  insertBooking,
  insertRoom,
  listRooms,
  lockBooking,
  lockBookingMember,
  markCheckedIn,
  memberBookings,
  noShowsBefore,
  updateRoom,
  type BookingRow,
  type SeatOfSlot,
  unremindedBookings,
} from './rooms.repository.ts';

const MINUTE_MS = 60_000;
/** A member may check in from this long before the start. */
const CHECK_IN_EARLY_MINUTES = 10;
/** No-shows one release handles; the next takes the rest. */
const RELEASE_BATCH = 200;

const checkInClosed = (early: number, late: number) =>
  new ApiError(
    409,
    'CHECK_IN_CLOSED',
    `Check-in is open from ${early} minutes before the start until ${late} minutes after it.`,
  );

export class Rooms {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly kernel: Kernel,
    private readonly hours: OpeningHours,
    private readonly settings: RoomSettings,
  ) {}

  private get clock() {
    return this.kernel.clock;
  }

  list(): Promise<Room[]> {
    return listRooms(this.db);
  }

  create(room: RoomCreate): Promise<Room> {
    return insertRoom(this.db, room, this.clock.now().toISOString());
  }

  async update(roomId: string, changes: RoomUpdate): Promise<Room> {
    return retryingTransaction(this.db, async (tx) => {
      if (!(await findRoom(tx, roomId, 'update'))) return this.kernel.refuse('ROOM_NOT_FOUND');
      await updateRoom(tx, roomId, changes);
      return (await findRoom(tx, roomId)) ?? this.kernel.refuse('ROOM_NOT_FOUND');
    });
  }

  async remove(roomId: string): Promise<void> {
    await this.releaseNoShows();
    await retryingTransaction(this.db, async (tx) => {
      if (!(await findRoom(tx, roomId, 'update'))) return this.kernel.refuse('ROOM_NOT_FOUND');
      if (await hasFutureBookings(tx, roomId, this.clock.now().toISOString()))
        return this.kernel.refuse('ROOM_HAS_BOOKINGS');
      await deleteRoom(tx, roomId);
    });
  }

  /** Why a booking of `date` from `start` to `end` breaks a slot rule, or null when it keeps them. */
  private slotRule({ date, start, end }: BookingCreate): string | null {
    const { slotMinutes, daysAhead } = this.settings;
    const { opens, closes } = this.hours;
    const from = minutesOfTime(start) ?? 0;
    const to = minutesOfTime(end) ?? 0;
    const opening = minutesOfTime(opens) ?? 0;
    if (to <= from) return 'The end of a booking must be after its start.';
    if (!isOpenOn(this.hours, date)) return `The library is closed on ${date}.`;
    if (daysBetween(this.clock.today(), date) > daysAhead)
      return `Rooms can be booked at most ${daysAhead} days ahead.`;
    if (from < opening || to > (minutesOfTime(closes) ?? 0))
      return `Rooms can be booked only while the library is open, from ${opens} to ${closes}.`;
    if ((from - opening) % slotMinutes !== 0 || (to - opening) % slotMinutes !== 0)
      return `Bookings start and end on ${slotMinutes}-minute slots counted from ${opens}.`;
    const { timeZone } = this.hours;
    for (let at = from; at < to; at += slotMinutes) {
      if (!wallTimeExists(timeZone, date, timeOfMinutes(at)))
        return `The clocks change on ${date}: ${timeOfMinutes(at)} does not exist that day.`;
    }
    if (instantAt(timeZone, date, start) <= this.clock.now())
      return 'This slot has started already.';
    return null;
  }

  /** The instants of the slots from `start` to `end` on `date`. */
  private slotInstants({ date, start, end }: BookingCreate): string[] {
    const instants: string[] = [];
    const to = minutesOfTime(end) ?? 0;
    for (let at = minutesOfTime(start) ?? 0; at < to; at += this.settings.slotMinutes) {
      instants.push(instantAt(this.hours.timeZone, date, timeOfMinutes(at)).toISOString());
    }
    return instants;
  }

  private toBooking(row: BookingRow): Booking {
    const startsAt = Date.parse(row.startsAt);
    const checkInFrom = startsAt - CHECK_IN_EARLY_MINUTES * MINUTE_MS;
    const checkInUntil = startsAt + this.settings.noShowMinutes * MINUTE_MS;
    const now = this.clock.now().getTime();
    const booked = row.status === 'booked';
    return {
      _id: row.id,
      roomId: row.roomId,
      roomName: row.roomName,
      date: row.date,
      start: row.start,
      end: row.end,
      status: row.status,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      checkInFrom: new Date(checkInFrom).toISOString(),
      checkInUntil: new Date(checkInUntil).toISOString(),
      canCheckIn: booked && checkInFrom <= now && now <= checkInUntil,
      canCancel: booked && now < startsAt,
    };
  }

  async book(member: Member, roomId: string, request: BookingCreate): Promise<Booking> {
    await this.releaseNoShows();
    const booked = await retryingTransaction(this.db, async (tx) => {
      const room = await findRoom(tx, roomId, 'share');
      if (!room) return this.kernel.refuse('ROOM_NOT_FOUND');
      // The member's row first (FOR UPDATE): their bookings of a day are counted one at a time.
      await lockBookingMember(tx, member.id);
      const refusal = await this.kernel.eligibility.refusal(tx, 'roomBooking', member.id);
      if (refusal) return this.kernel.refuse(refusal);
      const broken = this.slotRule(request);
      if (broken) return new ApiError(400, 'INVALID_SLOT', broken);
      const slots = this.slotInstants(request);
      const startsAt = instantAt(this.hours.timeZone, request.date, request.start).toISOString();
      const endsAt = instantAt(this.hours.timeZone, request.date, request.end).toISOString();
      const seats = await this.freeSeats(tx, room, member.id, slots);
      if (!seats || (await eventHoldsBetween(tx, roomId, startsAt, endsAt)))
        return this.kernel.refuse('SLOT_TAKEN');
      const minutes = slots.length * this.settings.slotMinutes;
      if (
        (await bookedMinutes(tx, member.id, request.date)) + minutes >
        this.settings.hoursPerDay * 60
      )
        return this.kernel.refuse('ROOM_HOURS_LIMIT');
      if (await tooManyAppointmentChanges(tx, member.id, this.clock.now()))
        return this.kernel.refuse('RATE_LIMITED');
      const booking = await insertBooking(
        tx,
        {
          roomId,
          roomName: room.name,
          userId: member.id,
          userName: member.name,
          userEmail: member.email,
          ...request,
          startsAt,
          endsAt,
          createdAt: this.clock.now().toISOString(),
        },
        seats,
      );
      await this.mail(tx, 'roomBooked', booking);
      return booking;
    });
    return this.toBooking(booked);
  }

  /**
   * A seat of each slot for the member: the lowest free one. Null when a slot has no seat left,
   * or the member holds one of these slots already (a booking takes one seat).
   */
  private async freeSeats(
    tx: Kysely<DB>,
    room: Room,
    memberId: string,
    slots: string[],
  ): Promise<SeatOfSlot[] | null> {
    const held = await heldSeats(tx, room._id, slots);
    if (held.some((seat) => seat.userId === memberId)) return null;
    const chosen: SeatOfSlot[] = [];
    for (const startsAt of slots) {
      const taken = new Set(held.filter((seat) => seat.startsAt === startsAt).map((s) => s.seat));
      const seat = Array.from({ length: room.seats }, (_, index) => index + 1).find(
        (number) => !taken.has(number),
      );
      if (seat === undefined) return null;
      chosen.push({ startsAt, seat });
    }
    return chosen;
  }

  /**
   * An event held in the room takes its time, in the event's transaction (instead of any it took
   * before): refused, changing nothing, when a live booking or another event overlaps it. The room's row is locked exclusively, so a booking of
   * that hour made meanwhile is either seen here or waits and then finds the event.
   */
  async holdForEvent(
    tx: Kysely<DB>,
    hold: { eventId: string; roomId: string; startsAt: string; endsAt: string },
  ): Promise<ApiError | undefined> {
    if (!(await findRoom(tx, hold.roomId, 'update'))) return this.kernel.refuse('ROOM_NOT_FOUND');
    const { eventId, roomId, startsAt, endsAt } = hold;
    if (
      (await bookingsBetween(tx, roomId, startsAt, endsAt)) ||
      (await eventHoldsBetween(tx, roomId, startsAt, endsAt, eventId))
    )
      return this.kernel.refuse('SLOT_TAKEN');
    await deleteEventHold(tx, eventId);
    await insertEventHold(tx, hold);
    return undefined;
  }

  /** The event no longer takes a room's time (cancelled, or moved out of the room). */
  releaseEvent(tx: Kysely<DB>, eventId: string): Promise<void> {
    return deleteEventHold(tx, eventId);
  }

  /** The booking's mail, in the outbox, in the transaction that books or cancels it. */
  private mail(tx: Kysely<DB>, kind: AppointmentMail | 'roomReminder', booking: BookingRow) {
    const appointment: Appointment = {
      uid: `booking-${booking.id}`,
      what: booking.roomName,
      place: booking.roomName,
      description: `${booking.roomName}, ${booking.date} ${booking.start}–${booking.end}`,
      start: booking.startsAt,
      end: booking.endsAt,
      path: pagePaths.studyRooms,
    };
    const event = {
      kind,
      subjectId: booking.id,
      until: booking.startsAt,
      userId: booking.userId,
      bookId: '',
      bookName: '',
      payload: { appointment },
    };
    return recordNotices(tx, [event], this.clock.now().toISOString());
  }

  /** The member's bookings from today on, soonest first. */
  async bookings(member: Member): Promise<Booking[]> {
    await this.releaseNoShows();
    const rows = await memberBookings(this.db, member.id, this.clock.today());
    return rows.map((row) => this.toBooking(row));
  }

  /** Every booking the member has made, past ones too (the data download). */
  async allBookings(member: Member): Promise<Booking[]> {
    return (await memberBookings(this.db, member.id)).map((row) => this.toBooking(row));
  }

  /** Cancels the member's booking that has not started; its slots are free again. */
  async cancel(member: Member, bookingId: string): Promise<void> {
    await this.releaseNoShows();
    await retryingTransaction(this.db, async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking || booking.userId !== member.id || booking.status === 'cancelled')
        return this.kernel.refuse('BOOKING_NOT_FOUND');
      if (booking.status !== 'booked' || Date.parse(booking.startsAt) <= this.clock.now().getTime())
        return this.kernel.refuse('BOOKING_STARTED');
      if (await tooManyAppointmentChanges(tx, member.id, this.clock.now()))
        return this.kernel.refuse('RATE_LIMITED');
      await endBooking(tx, [booking.id], 'cancelled');
      await this.mail(tx, 'roomCancelled', booking);
    });
  }

  /**
   * Checks a booking in: its member's own (`by` their id), or any at the desk (`by` 'desk'), from
   * CHECK_IN_EARLY_MINUTES before the start until ROOM_NO_SHOW_MINUTES after it.
   */
  async checkIn(bookingId: string, by: { memberId: string } | 'desk'): Promise<Booking> {
    await this.releaseNoShows();
    const checkedIn = await retryingTransaction(this.db, async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      const theirs = booking && (by === 'desk' || booking.userId === by.memberId);
      if (!booking || !theirs || booking.status === 'cancelled')
        return this.kernel.refuse('BOOKING_NOT_FOUND');
      if (booking.status === 'checkedIn') return booking;
      const now = this.clock.now().getTime();
      const startsAt = Date.parse(booking.startsAt);
      const { noShowMinutes } = this.settings;
      const open =
        booking.status === 'booked' &&
        now >= startsAt - CHECK_IN_EARLY_MINUTES * MINUTE_MS &&
        now <= startsAt + noShowMinutes * MINUTE_MS;
      if (!open) return checkInClosed(CHECK_IN_EARLY_MINUTES, noShowMinutes);
      const at = new Date(now).toISOString();
      await markCheckedIn(tx, booking.id, at);
      return { ...booking, status: 'checkedIn' as const, checkedInAt: at };
    });
    return this.toBooking(checkedIn);
  }

  /** Every booking of `date` (today by default) but cancelled ones, with whose it is: the desk. */
  async deskBookings(date = this.clock.today()): Promise<DeskBooking[]> {
    await this.releaseNoShows();
    const rows = await bookingsOn(this.db, date);
    return rows.map((row) => ({
      ...this.toBooking(row),
      userName: row.userName,
      userEmail: row.userEmail,
      cardNumber: row.cardNumber,
      seat: row.seat === null ? null : Number(row.seat),
    }));
  }

  /** The day's slots and, per room, those held; the member's own are told to them alone. */
  /** A day's rooms and slots; without a date, the next day the library opens (today if it does). */
  async availability(asked?: string, memberId?: string): Promise<Availability> {
    await this.releaseNoShows();
    const today = this.clock.today();
    // On a closed day /study-rooms opened on no rooms at all (issue 36).
    const date = asked ?? nthOpenDay(this.hours, today, 0);
    const slots = slotStarts(this.hours, date, this.settings.slotMinutes);
    const zone = this.hours.timeZone;
    const instants = new Map(
      slots.map((slot) => [instantAt(zone, date, slot).toISOString(), slot]),
    );
    const now = this.clock.now();
    const dayStart = instantAt(zone, date, '00:00').toISOString();
    const dayEnd = instantAt(zone, addDays(date, 1), '00:00').toISOString();
    const [rooms, held, events] = await Promise.all([
      listRooms(this.db),
      heldSlots(this.db, dayStart, dayEnd),
      eventHoldsOverlapping(this.db, dayStart, dayEnd),
    ]);
    const slotOf = (instant: string) => instants.get(instant);
    const slotMs = this.settings.slotMinutes * MINUTE_MS;
    const duringEvent = (roomId: string, instant: string) =>
      events.some(
        (event) =>
          event.roomId === roomId &&
          Date.parse(event.startsAt) < Date.parse(instant) + slotMs &&
          Date.parse(event.endsAt) > Date.parse(instant),
      );
    return {
      date,
      today,
      lastBookableDate: addDays(today, this.settings.daysAhead),
      open: isOpenOn(this.hours, date),
      slots,
      slotMinutes: this.settings.slotMinutes,
      hoursPerDay: this.settings.hoursPerDay,
      started: slots.filter((slot) => instantAt(zone, date, slot) <= now),
      rooms: rooms.map((room) => {
        const ofRoom = held.filter((slot) => slot.roomId === room._id);
        const starts = (list: typeof ofRoom) =>
          list.map((slot) => slotOf(slot.startsAt)).filter((slot) => slot !== undefined);
        const seatsTaken: Record<string, number> = {};
        for (const slot of starts(ofRoom)) seatsTaken[slot] = (seatsTaken[slot] ?? 0) + 1;
        return {
          ...room,
          taken: [...instants].flatMap(([instant, slot]) =>
            (seatsTaken[slot] ?? 0) >= room.seats || duringEvent(room._id, instant) ? [slot] : [],
          ),
          seatsTaken,
          mine: memberId ? starts(ofRoom.filter((slot) => slot.userId === memberId)) : [],
        };
      }),
    };
  }

  /**
   * Closing the member's account (profile/account-closing.ts), in its transaction: their coming
   * bookings are cancelled, so the slots are free for others, and every booking stays as the
   * room's history without their name, e-mail or id.
   */
  async releaseMember(tx: Kysely<DB>, userId: string): Promise<void> {
    await endBooking(
      tx,
      await comingBookingsOf(tx, userId, this.clock.now().toISOString()),
      'cancelled',
    );
    await anonymiseBookings(tx, userId);
  }

  /**
   * Puts the SMS reminders of bookings starting within ROOM_REMINDER_HOURS in the outbox, for the
   * members who want them (docs/product.md#sms); answers how many. Any number of instances may
   * run it at once: a reminder's row is unique per booking and start.
   */
  async recordReminders(): Promise<number> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + ROOM_REMINDER_HOURS * 60 * MINUTE_MS);
    const due = await unremindedBookings(
      this.db,
      now.toISOString(),
      until.toISOString(),
      RELEASE_BATCH,
    );
    for (const booking of due) await this.mail(this.db, 'roomReminder', booking);
    return due.length;
  }

  /**
   * Bookings nobody checked in to by ROOM_NO_SHOW_MINUTES after their start become no-shows, and
   * their slots are free again. Run by every request that reads or changes bookings and by the
   * minute's sweep of every instance; answers how many it released.
   */
  async releaseNoShows(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.settings.noShowMinutes * MINUTE_MS);
    const due = await noShowsBefore(this.db, cutoff.toISOString(), RELEASE_BATCH);
    if (due.length === 0) return 0;
    await retryingTransaction(this.db, (tx) => endBooking(tx, due, 'noShow'));
    return due.length;
  }
}
