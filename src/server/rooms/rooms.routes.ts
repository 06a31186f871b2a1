/**
 * HTTP for study rooms (docs/product/rooms-and-events.md): the rooms and a day's availability for
 * anyone, bookings for members, room management and the day's bookings for librarians. Who books
 * always comes from the session, never from the body.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
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
} from '../../common/room-schemas.ts';
import { deleteResultSchema, idParamsSchema } from '../../common/schemas.ts';
import type { DeleteResult } from '../../common/types.ts';
import { ApiError, parseInput } from '../http-errors.ts';

type WithId = { Params: { id: string } };

const deleted: DeleteResult = { acknowledged: true, deletedCount: 1 };
const tags = ['Study rooms'];

const described = (summary: string, parts: FastifySchema) => ({
  schema: { summary, tags, ...parts },
});

export async function roomRoutes(app: FastifyInstance) {
  const { rooms } = app;

  /** The signed-in member, when the request carries a session; availability tells them their own. */
  const memberIfSignedIn = async (request: FastifyRequest) => {
    if (!request.headers.cookie && !request.headers.authorization) return undefined;
    try {
      await app.requireMember(request);
      return request.member;
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) return undefined;
      throw error;
    }
  };

  app.get(
    '/api/rooms',
    {
      config: { publicAnswer: true },
      ...described('The study rooms (public)', { response: { 200: z.array(roomSchema) } }),
    },
    async () => rooms.list(),
  );

  app.get(
    '/api/rooms/availability',
    described("A day's slots and which are taken in each room; the member's own are marked", {
      querystring: availabilityQuerySchema,
      response: { 200: availabilitySchema },
    }),
    async (request) => {
      const { date } = parseInput(availabilityQuerySchema, request.query);
      const member = await memberIfSignedIn(request);
      return rooms.availability(date, member?.id);
    },
  );

  await app.register(async (members) => {
    members.addHook('preHandler', members.requireMember);

    members.post<WithId>(
      '/api/rooms/:id/bookings',
      described('Book a room from start to end on a date (HH:MM in the library’s time zone)', {
        params: idParamsSchema,
        body: bookingCreateSchema,
        response: { 201: bookingCreatedSchema },
      }),
      async (request, reply) => {
        const slot = parseInput(bookingCreateSchema, request.body);
        const booking = await rooms.book(request.member, request.params.id, slot);
        return reply.code(201).send({ acknowledged: true, insertedId: booking._id, booking });
      },
    );

    members.get(
      '/api/bookings',
      described("The member's bookings from today on, soonest first", {
        response: { 200: z.array(bookingSchema) },
      }),
      async (request) => rooms.bookings(request.member),
    );

    members.delete<WithId>(
      '/api/bookings/:id',
      described('Cancel a booking that has not started; its slots are free again', {
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      }),
      async (request) => {
        await rooms.cancel(request.member, request.params.id);
        return deleted;
      },
    );

    members.post<WithId>(
      '/api/bookings/:id/check-in',
      described(
        'Check in: the member, or a librarian for anyone, from 10 minutes before the start',
        {
          params: idParamsSchema,
          response: { 200: bookingSchema },
        },
      ),
      async (request) =>
        rooms.checkIn(
          request.params.id,
          request.role === 'librarian' ? 'desk' : { memberId: request.member.id },
        ),
    );
  });

  await app.register(async (desk) => {
    desk.addHook('preHandler', desk.requireLibrarian);

    desk.post(
      '/api/rooms',
      described('Add a room (librarians)', {
        body: roomCreateSchema,
        response: { 201: roomSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await rooms.create(parseInput(roomCreateSchema, request.body))),
    );

    desk.patch<WithId>(
      '/api/rooms/:id',
      described('Change a room (librarians)', {
        params: idParamsSchema,
        body: roomUpdateSchema,
        response: { 200: roomSchema },
      }),
      async (request) =>
        rooms.update(request.params.id, parseInput(roomUpdateSchema, request.body)),
    );

    desk.delete<WithId>(
      '/api/rooms/:id',
      described('Delete a room with no bookings still to come (librarians)', {
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      }),
      async (request) => {
        await rooms.remove(request.params.id);
        return deleted;
      },
    );

    desk.get(
      '/api/desk/bookings',
      described("A day's bookings (today by default), with whose they are (librarians)", {
        querystring: deskBookingsQuerySchema,
        response: { 200: z.array(deskBookingSchema) },
      }),
      async (request) =>
        rooms.deskBookings(parseInput(deskBookingsQuerySchema, request.query).date),
    );
  });
}
