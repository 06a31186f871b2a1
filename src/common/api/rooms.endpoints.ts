/**
 * Study rooms: the rooms and a day's availability for anyone, bookings for members, room
 * management and the day's bookings for librarians. Who books comes from the session.
 */
import { z } from 'zod';
import {
  availabilityQuerySchema,
  availabilitySchema,
  bookingCreatedSchema,
  bookingCreateSchema,
  bookingSchema,
  deskBookingSchema,
  deskBookingsQuerySchema,
  roomCreateSchema,
  roomSchema,
  roomUpdateSchema,
} from '../room-schemas.ts';
import { deleteResultSchema, idParamsSchema } from '../schemas.ts';
import { endpoint } from './endpoint.ts';

const tag = 'Study rooms';

export const roomEndpoints = {
  listRooms: endpoint({
    method: 'GET',
    path: '/api/rooms',
    summary: 'The study rooms (public)',
    tag,
    access: 'visitor',
    answer: z.array(roomSchema),
    publicAnswer: true,
  }),
  roomAvailability: endpoint({
    method: 'GET',
    path: '/api/rooms/availability',
    summary: "A day's slots and which are taken in each room; the member's own are marked",
    tag,
    access: 'visitor',
    query: availabilityQuerySchema,
    answer: availabilitySchema,
  }),
  bookRoom: endpoint({
    method: 'POST',
    path: '/api/rooms/:id/bookings',
    summary: 'Book a room from start to end on a date (HH:MM in the library’s time zone)',
    tag,
    access: 'member',
    params: idParamsSchema,
    body: bookingCreateSchema,
    status: 201,
    answer: bookingCreatedSchema,
  }),
  myBookings: endpoint({
    method: 'GET',
    path: '/api/bookings',
    summary: "The member's bookings from today on, soonest first",
    tag,
    access: 'member',
    answer: z.array(bookingSchema),
  }),
  cancelBooking: endpoint({
    method: 'DELETE',
    path: '/api/bookings/:id',
    summary: 'Cancel a booking that has not started; its slots are free again',
    tag,
    access: 'member',
    params: idParamsSchema,
    answer: deleteResultSchema,
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/api/bookings/:id/check-in',
    summary: 'Check in: the member, or a librarian for anyone, from 10 minutes before the start',
    tag,
    access: 'member',
    params: idParamsSchema,
    answer: bookingSchema,
  }),
  addRoom: endpoint({
    method: 'POST',
    path: '/api/rooms',
    summary: 'Add a room (librarians)',
    tag,
    access: 'librarian',
    body: roomCreateSchema,
    status: 201,
    answer: roomSchema,
  }),
  updateRoom: endpoint({
    method: 'PATCH',
    path: '/api/rooms/:id',
    summary: 'Change a room (librarians)',
    tag,
    access: 'librarian',
    params: idParamsSchema,
    body: roomUpdateSchema,
    answer: roomSchema,
  }),
  removeRoom: endpoint({
    method: 'DELETE',
    path: '/api/rooms/:id',
    summary: 'Delete a room with no bookings still to come (librarians)',
    tag,
    access: 'librarian',
    params: idParamsSchema,
    answer: deleteResultSchema,
  }),
  deskBookings: endpoint({
    method: 'GET',
    path: '/api/desk/bookings',
    summary: "A day's bookings (today by default), with whose they are (librarians)",
    tag,
    access: 'librarian',
    query: deskBookingsQuerySchema,
    answer: z.array(deskBookingSchema),
  }),
};
