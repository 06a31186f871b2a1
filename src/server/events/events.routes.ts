/**
 * HTTP for library events (docs/product/rooms-and-events.md): the programme and calendar files for
 * anyone, registration for members, editing, cancelling and attendance for librarians.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  attendanceUpdateSchema,
  eventCreateSchema,
  eventRegistrationSchema,
  eventSchema,
  eventsQuerySchema,
  eventUpdateSchema,
  memberRegistrationSchema,
  registrationParamsSchema,
  registrationResultSchema,
} from '../../common/event-schemas.ts';
import { deleteResultSchema, idParamsSchema } from '../../common/schemas.ts';
import type { DeleteResult } from '../../common/types.ts';
import { parseInput } from '../http-errors.ts';

type WithId = { Params: { id: string } };
type WithRegistration = { Params: { id: string; registrationId: string } };

const deleted: DeleteResult = { acknowledged: true, deletedCount: 1 };
const tags = ['Events'];

const described = (summary: string, parts: FastifySchema) => ({
  schema: { summary, tags, ...parts },
});

export async function eventRoutes(app: FastifyInstance) {
  const { events } = app;

  app.get(
    '/api/events',
    {
      config: { publicAnswer: true },
      ...described('Events not yet ended, or those starting from `from` to `to` (public)', {
        querystring: eventsQuerySchema,
        response: { 200: z.array(eventSchema) },
      }),
    },
    async (request) => events.list(parseInput(eventsQuerySchema, request.query)),
  );

  app.get<WithId>(
    '/api/events/:id',
    {
      config: { publicAnswer: true },
      ...described('One event (public)', {
        params: idParamsSchema,
        response: { 200: eventSchema },
      }),
    },
    async (request) => events.get(request.params.id),
  );

  app.get<WithId>(
    '/api/events/:id/calendar.ics',
    {
      config: { publicAnswer: true },
      ...described('The event as an iCalendar file (public)', {
        params: idParamsSchema,
        response: { 200: { content: { 'text/calendar': { schema: z.string() } } } },
      }),
    },
    async (request, reply) => {
      const file = await events.calendar(request.params.id);
      reply.header('Content-Type', 'text/calendar; charset=utf-8');
      reply.header('Content-Disposition', 'attachment; filename="event.ics"');
      return file;
    },
  );

  await app.register(async (members) => {
    members.addHook('preHandler', members.requireMember);

    members.post<WithId>(
      '/api/events/:id/registrations',
      described('Register for an event, or join its waiting list when it is full', {
        params: idParamsSchema,
        response: { 201: registrationResultSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await events.register(request.member, request.params.id)),
    );

    members.delete<WithId>(
      '/api/events/:id/registrations/mine',
      described('Cancel my registration; a freed seat goes to the first member waiting', {
        params: idParamsSchema,
        response: { 200: deleteResultSchema },
      }),
      async (request) => {
        await events.unregister(request.member, request.params.id);
        return deleted;
      },
    );

    members.get(
      '/api/registrations',
      described("The member's registrations for events not yet ended", {
        response: { 200: z.array(memberRegistrationSchema) },
      }),
      async (request) => events.registrations(request.member),
    );
  });

  await app.register(async (desk) => {
    desk.addHook('preHandler', desk.requireLibrarian);

    desk.post(
      '/api/events',
      described('Add an event (librarians)', {
        body: eventCreateSchema,
        response: { 201: eventSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await events.create(parseInput(eventCreateSchema, request.body))),
    );

    desk.patch<WithId>(
      '/api/events/:id',
      described('Change an event; a higher capacity registers the waiting list in order', {
        params: idParamsSchema,
        body: eventUpdateSchema,
        response: { 200: eventSchema },
      }),
      async (request) =>
        events.update(request.params.id, parseInput(eventUpdateSchema, request.body)),
    );

    desk.post<WithId>(
      '/api/events/:id/cancel',
      described('Cancel an event and mail everyone registered or waiting (librarians)', {
        params: idParamsSchema,
        response: { 200: eventSchema },
      }),
      async (request) => events.cancel(request.params.id),
    );

    desk.get<WithId>(
      '/api/events/:id/registrations',
      described("An event's registrations in the order joined (librarians)", {
        params: idParamsSchema,
        response: { 200: z.array(eventRegistrationSchema) },
      }),
      async (request) => events.eventRegistrations(request.params.id),
    );

    desk.patch<WithRegistration>(
      '/api/events/:id/registrations/:registrationId',
      described('Mark whether a member came (librarians); answers the list', {
        params: registrationParamsSchema,
        body: attendanceUpdateSchema,
        response: { 200: z.array(eventRegistrationSchema) },
      }),
      async (request) => {
        const { attended } = parseInput(attendanceUpdateSchema, request.body);
        return events.markAttendance(request.params.id, request.params.registrationId, attended);
      },
    );
  });
}
