/** HTTP for library events (common/api/events.endpoints.ts, docs/product/rooms-and-events.md). */
import type { FastifyInstance } from 'fastify';
import { eventEndpoints } from '../../common/api/events.endpoints.ts';
import { serve } from '../api/serve.ts';

const deleted = { acknowledged: true as const, deletedCount: 1 as const };

export async function eventRoutes(app: FastifyInstance) {
  const { events } = app;

  serve(app, eventEndpoints, {
    listEvents: async (request) => events.list(request.query),
    getEvent: async (request) => events.get(request.params.id),
    eventCalendar: async (request, reply) => {
      const file = await events.calendar(request.params.id);
      reply.header('Content-Type', 'text/calendar; charset=utf-8');
      reply.header('Content-Disposition', 'attachment; filename="event.ics"');
      return file;
    },
    register: async (request) => events.register(request.member, request.params.id),
    unregister: async (request) => {
      await events.unregister(request.member, request.params.id);
      return deleted;
    },
    myRegistrations: async (request) => events.registrations(request.member),
    addEvent: async (request) => events.create(request.body),
    updateEvent: async (request) => events.update(request.params.id, request.body),
    cancelEvent: async (request) => events.cancel(request.params.id),
    eventRegistrations: async (request) => events.eventRegistrations(request.params.id),
    markAttendance: async (request) =>
      events.markAttendance(
        request.params.id,
        request.params.registrationId,
        request.body.attended,
      ),
  });
}
