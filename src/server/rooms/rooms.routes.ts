/**
 * HTTP for study rooms (common/api/rooms.endpoints.ts, docs/product/rooms-and-events.md). Who
 * books always comes from the session, never from the body.
 */
import type { FastifyInstance } from 'fastify';
import { roomEndpoints } from '../../common/api/rooms.endpoints.ts';
import { serve } from '../api/serve.ts';

const deleted = { acknowledged: true as const, deletedCount: 1 as const };

export async function roomRoutes(app: FastifyInstance) {
  const { rooms } = app;

  serve(app, roomEndpoints, {
    listRooms: async () => rooms.list(),
    // Anyone may ask; a signed-in member is also told which taken slots are their own.
    roomAvailability: async (request) => {
      const member = await app.memberIfSignedIn(request);
      return rooms.availability(request.query.date, member?.id);
    },
    bookRoom: async (request) => {
      const booking = await rooms.book(request.member, request.params.id, request.body);
      return { acknowledged: true as const, insertedId: booking._id, booking };
    },
    myBookings: async (request) => rooms.bookings(request.member),
    cancelBooking: async (request) => {
      await rooms.cancel(request.member, request.params.id);
      return deleted;
    },
    checkIn: async (request) =>
      rooms.checkIn(
        request.params.id,
        request.role === 'librarian' ? 'desk' : { memberId: request.member.id },
      ),
    addRoom: async (request) => rooms.create(request.body),
    updateRoom: async (request) => rooms.update(request.params.id, request.body),
    removeRoom: async (request) => {
      await rooms.remove(request.params.id);
      return deleted;
    },
    deskBookings: async (request) => rooms.deskBookings(request.query.date),
  });
}
