/**
 * Library events and registrations: what the API takes and answers
 * (docs/product/rooms-and-events.md). Times are ISO instants.
 */
import { z } from 'zod';
import { dayString } from './room-schemas.ts';

const instant = z.iso.datetime({ offset: true });

export const EVENT_STATUSES = ['scheduled', 'cancelled'] as const;
export const REGISTRATION_STATUSES = ['registered', 'waiting'] as const;

export const eventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  roomId: z.string().nullable().describe('The room it is held in, whose slots it takes'),
  capacity: z.number().int(),
  registered: z.number().int(),
  waiting: z.number().int(),
  seatsLeft: z.number().int(),
  status: z.enum(EVENT_STATUSES),
});

export const eventsQuerySchema = z.object({ from: dayString.optional(), to: dayString.optional() });

const eventFields = {
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000),
  place: z.string().trim().min(1).max(200),
  startsAt: instant,
  endsAt: instant,
  capacity: z.number().int().min(1).max(10_000),
  roomId: z.string().min(1).max(64).nullable(),
};

const endsAfterStart = (event: { startsAt?: string; endsAt?: string }) =>
  !event.startsAt || !event.endsAt || Date.parse(event.endsAt) > Date.parse(event.startsAt);
const endsAfterStartIssue = { message: 'must be after startsAt', path: ['endsAt'] };

export const eventCreateSchema = z
  .strictObject({
    ...eventFields,
    description: eventFields.description.default(''),
    roomId: eventFields.roomId.default(null),
  })
  .refine(endsAfterStart, endsAfterStartIssue);

export const eventUpdateSchema = z
  .strictObject({
    title: eventFields.title.optional(),
    description: eventFields.description.optional(),
    place: eventFields.place.optional(),
    startsAt: eventFields.startsAt.optional(),
    endsAt: eventFields.endsAt.optional(),
    capacity: eventFields.capacity.optional(),
    roomId: eventFields.roomId.optional(),
  })
  .refine(endsAfterStart, endsAfterStartIssue);

export const registrationResultSchema = z.object({
  status: z.enum(REGISTRATION_STATUSES),
  position: z
    .number()
    .int()
    .nullable()
    .describe('The place on the waiting list; null when registered'),
});

export const memberRegistrationSchema = registrationResultSchema.extend({
  _id: z.string(),
  eventId: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  eventStatus: z.enum(EVENT_STATUSES),
});

export const eventRegistrationSchema = registrationResultSchema.extend({
  _id: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  attended: z.boolean().nullable(),
});

export const registrationParamsSchema = z.object({
  id: z.string().min(1),
  registrationId: z.string().min(1),
});

export const attendanceUpdateSchema = z.strictObject({ attended: z.boolean() });

export type LibraryEvent = z.infer<typeof eventSchema>;
export type EventCreate = z.infer<typeof eventCreateSchema>;
export type EventUpdate = z.infer<typeof eventUpdateSchema>;
export type RegistrationResult = z.infer<typeof registrationResultSchema>;
export type MemberRegistration = z.infer<typeof memberRegistrationSchema>;
export type EventRegistration = z.infer<typeof eventRegistrationSchema>;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
