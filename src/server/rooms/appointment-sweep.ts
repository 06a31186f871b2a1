/**
 * Every minute, bookings nobody checked in to are released as no-shows, and the day-before
 * reminders of events are put in the notices' outbox, and the count of members' changes forgets
 * what no limit reads any more. Every instance sweeps; the services make
 * that safe (a no-show moves once, a reminder is one row per registration), like the hold sweep
 * (circulation/hold-sweep.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forgetOldAppointmentChanges } from '../members/appointment-changes.ts';

const SWEEP_INTERVAL_MS = 60_000;

async function appointmentSweepPlugin(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      await app.rooms.releaseNoShows();
      await app.events.recordReminders();
      await forgetOldAppointmentChanges(app.database.db, app.clock.now());
    } catch (error) {
      // A database that is away for a moment is retried at the next turn.
      app.log.warn({ err: error }, 'appointment sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export const appointmentSweep = fp(appointmentSweepPlugin, { name: 'appointment-sweep' });
