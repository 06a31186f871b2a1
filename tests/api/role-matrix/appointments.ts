/**
 * The role matrix's rows for study rooms and events (docs/product/rooms-and-events.md).
 */
import {
  BOOKABLE_DAY,
  deskOnly,
  eventFields,
  type Appointments,
  type Ids,
  type Row,
} from './fixtures.ts';

/** The rows of study rooms and events (docs/product/rooms-and-events.md). */
export function appointmentRows(): Row[] {
  const anyone = { visitor: 200, owner: 200, other: 200, librarian: 200 };
  const members = (status: number) => ({
    visitor: 401,
    owner: status,
    other: status,
    librarian: status,
  });
  const librarians = (status: number) => ({
    visitor: 401,
    owner: 403,
    other: 403,
    librarian: status,
  });
  const of = (ids: Ids) => ids.appointments as Appointments;
  const rows: Omit<Row, 'appointments'>[] = [
    {
      name: 'GET /api/rooms',
      endpoint: 'listRooms',
      call: (a) => a.get('/api/rooms'),
      expected: anyone,
    },
    {
      name: 'GET /api/rooms/availability',
      endpoint: 'roomAvailability',
      call: (a) => a.get(`/api/rooms/availability?date=${BOOKABLE_DAY}`),
      expected: anyone,
    },
    {
      name: 'POST /api/rooms',
      endpoint: 'addRoom',
      call: (a) => a.post('/api/rooms', { name: 'Reading Room', capacity: 2 }),
      expected: librarians(201),
    },
    {
      name: 'PATCH /api/rooms/:id',
      endpoint: 'updateRoom',
      call: (a, ids) => a.patch(`/api/rooms/${of(ids).roomId}`, { capacity: 3 }),
      expected: librarians(200),
    },
    {
      name: 'DELETE /api/rooms/<a room nobody booked>',
      endpoint: 'removeRoom',
      call: (a, ids) => a.delete(`/api/rooms/${of(ids).quietRoomId}`),
      expected: librarians(200),
    },
    {
      name: 'POST /api/rooms/:id/bookings',
      endpoint: 'bookRoom',
      call: (a, ids) =>
        a.post(`/api/rooms/${of(ids).roomId}/bookings`, {
          date: BOOKABLE_DAY,
          start: '12:00',
          end: '13:00',
        }),
      expected: members(201),
    },
    {
      name: 'GET /api/bookings',
      endpoint: 'myBookings',
      call: (a) => a.get('/api/bookings'),
      expected: members(200),
    },
    {
      name: "DELETE /api/bookings/<the owner's>",
      endpoint: 'cancelBooking',
      call: (a, ids) => a.delete(`/api/bookings/${of(ids).bookingId}`),
      expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
    },
    {
      // Days before its start: refused for the owner and at the desk, unknown to anyone else.
      name: "POST /api/bookings/<the owner's>/check-in",
      endpoint: 'checkIn',
      call: (a, ids) => a.post(`/api/bookings/${of(ids).bookingId}/check-in`),
      expected: { visitor: 401, owner: 409, other: 404, librarian: 409 },
    },
    {
      name: 'GET /api/desk/bookings',
      endpoint: 'deskBookings',
      call: (a) => a.get('/api/desk/bookings'),
      expected: deskOnly,
    },
    {
      name: 'GET /api/events',
      endpoint: 'listEvents',
      call: (a) => a.get('/api/events'),
      expected: anyone,
    },
    {
      name: 'GET /api/events/:id',
      endpoint: 'getEvent',
      call: (a, ids) => a.get(`/api/events/${of(ids).eventId}`),
      expected: anyone,
    },
    {
      name: 'GET /api/events/:id/calendar.ics',
      endpoint: 'eventCalendar',
      call: (a, ids) => a.get(`/api/events/${of(ids).eventId}/calendar.ics`),
      expected: anyone,
    },
    {
      name: 'POST /api/events',
      endpoint: 'addEvent',
      call: (a) => a.post('/api/events', eventFields),
      expected: librarians(201),
    },
    {
      name: 'PATCH /api/events/:id',
      endpoint: 'updateEvent',
      call: (a, ids) => a.patch(`/api/events/${of(ids).eventId}`, { capacity: 30 }),
      expected: librarians(200),
    },
    {
      name: 'POST /api/events/:id/cancel',
      endpoint: 'cancelEvent',
      call: (a, ids) => a.post(`/api/events/${of(ids).eventId}/cancel`),
      expected: librarians(200),
    },
    {
      name: 'GET /api/events/:id/registrations',
      endpoint: 'eventRegistrations',
      call: (a, ids) => a.get(`/api/events/${of(ids).eventId}/registrations`),
      expected: librarians(200),
    },
    {
      name: "PATCH /api/events/:id/registrations/<the owner's>",
      endpoint: 'markAttendance',
      call: (a, ids) =>
        a.patch(`/api/events/${of(ids).eventId}/registrations/${of(ids).registrationId}`, {
          attended: true,
        }),
      expected: librarians(200),
    },
    {
      // The owner is registered already.
      name: 'POST /api/events/:id/registrations',
      endpoint: 'register',
      call: (a, ids) => a.post(`/api/events/${of(ids).eventId}/registrations`),
      expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
    },
    {
      name: 'DELETE /api/events/:id/registrations/mine',
      endpoint: 'unregister',
      call: (a, ids) => a.delete(`/api/events/${of(ids).eventId}/registrations/mine`),
      expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
    },
    {
      name: 'GET /api/registrations',
      endpoint: 'myRegistrations',
      call: (a) => a.get('/api/registrations'),
      expected: members(200),
    },
  ];
  return rows.map((row) => ({ ...row, appointments: true }));
}

/** Runs every row that has an answer in this mode, as each caller, each in a fresh world. */
