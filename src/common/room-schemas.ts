/**
 * Study rooms and their bookings: what the API takes and answers (docs/product/rooms-and-events.md).
 * Dates are the library's `YYYY-MM-DD`, times `HH:MM` on its wall clock.
 */
import { z } from 'zod';
import { isCalendarDay } from './calendar.ts';

/** A day of the calendar: `2026-11-31` or `2026-13-01` is refused, not read as another day. */
export const dayString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isCalendarDay, 'must be a day of the calendar');
const timeString = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');

export const roomSchema = z.object({
  _id: z.string(),
  name: z.string(),
  capacity: z.number().int(),
  description: z.string(),
  seats: z.number().int().describe('Members who may book one slot at once, a seat each'),
});

const seats = z.number().int().min(1).max(200);

export const roomCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  capacity: z.number().int().min(1).max(500),
  description: z.string().trim().max(1000).default(''),
  seats: seats.default(1),
});

export const roomUpdateSchema = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  capacity: z.number().int().min(1).max(500).optional(),
  description: z.string().trim().max(1000).optional(),
  seats: seats.optional(),
});

export const availabilityQuerySchema = z.object({ date: dayString.optional() });

export const availabilitySchema = z.object({
  date: z.string(),
  /** The library's today, and the last day a booking may be made for. */
  today: z.string(),
  lastBookableDate: z.string(),
  open: z.boolean(),
  slots: z.array(z.string()).describe('Slot starts, HH:MM'),
  slotMinutes: z.number().int(),
  hoursPerDay: z.number().int(),
  /** Slots of this date that have started already: no longer bookable. */
  started: z.array(z.string()),
  rooms: z.array(
    roomSchema.extend({
      taken: z
        .array(z.string())
        .describe('Slot starts with no seat left: every seat booked, or an event in the room'),
      seatsTaken: z
        .record(z.string(), z.number().int())
        .describe('Seats booked per slot start, for the slots with any'),
      mine: z.array(z.string()).describe("Of those, the signed-in member's own"),
    }),
  ),
});

export const bookingCreateSchema = z.strictObject({
  date: dayString,
  start: timeString,
  end: timeString,
});

export const BOOKING_STATUSES = ['booked', 'checkedIn', 'cancelled', 'noShow'] as const;

export const bookingSchema = z.object({
  _id: z.string(),
  roomId: z.string(),
  roomName: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(BOOKING_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  /** From when until when the member may check in. */
  checkInFrom: z.string(),
  checkInUntil: z.string(),
  /** Whether check-in is open now, and whether it can still be cancelled, on the library's clock. */
  canCheckIn: z.boolean(),
  canCancel: z.boolean(),
});

export const deskBookingSchema = bookingSchema.extend({
  userName: z.string(),
  userEmail: z.string(),
  cardNumber: z.string().nullable().describe("The member's library card, if they have one"),
  seat: z
    .number()
    .int()
    .nullable()
    .describe(
      'The seat of the room it holds (1 up to its seats); null once its slots are given back',
    ),
});

export const bookingCreatedSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  booking: bookingSchema,
});

export const deskBookingsQuerySchema = z.object({ date: dayString.optional() });

export type Room = z.infer<typeof roomSchema>;
export type RoomCreate = z.infer<typeof roomCreateSchema>;
export type RoomUpdate = z.infer<typeof roomUpdateSchema>;
export type Availability = z.infer<typeof availabilitySchema>;
export type BookingCreate = z.infer<typeof bookingCreateSchema>;
export type Booking = z.infer<typeof bookingSchema>;
export type DeskBooking = z.infer<typeof deskBookingSchema>;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
