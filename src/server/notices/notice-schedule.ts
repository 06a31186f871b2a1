/**
 * When notices are found and sent: the loan events are looked for at start and every minute, like
 * the hold sweep (circulation/hold-sweep.ts); what is due is sent then, every ten seconds, and
 * after any request that changed something, so a mail leaves as soon as the change that caused
 * it has answered. Every instance does both; the
 * outbox's unique events and leases make that safe (notices.service.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SWEEP_INTERVAL_MS = 60_000;
const DELIVERY_INTERVAL_MS = 10_000;

async function noticeSchedulePlugin(app: FastifyInstance) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let closing = false;
  const run = (what: string, work: () => Promise<unknown>) => {
    if (closing) return;
    const turn = work()
      .then(() => undefined)
      .catch((error: unknown) => {
        // A database or mail server away for a moment is tried again at the next turn.
        app.log.warn({ err: error }, `${what} failed`);
      })
      .finally(() => running.delete(turn));
    running.add(turn);
  };
  const sweepAndDeliver = () =>
    run('notice sweep', async () => {
      await app.notices.sweep();
      await app.notices.deliver();
    });
  // A change that caused a mail (a booking, a return serving a hold, a sign-up) has committed
  // its outbox row by the time it answers: send it now rather than at the next turn.
  app.addHook('onSend', async (request, reply, payload) => {
    const changed = request.method !== 'GET' && request.method !== 'HEAD';
    if (changed && reply.statusCode < 400) run('notice delivery', () => app.notices.deliver());
    return payload;
  });
  app.addHook('onReady', async () => {
    sweepAndDeliver();
    timers.push(setInterval(sweepAndDeliver, SWEEP_INTERVAL_MS));
    timers.push(
      setInterval(() => run('notice delivery', () => app.notices.deliver()), DELIVERY_INTERVAL_MS),
    );
    for (const timer of timers) timer.unref();
  });
  // Before the database closes, the turns under way finish (a mail being sent is marked sent).
  app.addHook('preClose', async () => {
    closing = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled([...running]);
    await app.notices.settled();
  });
}

export const noticeSchedule = fp(noticeSchedulePlugin, { name: 'notice-schedule' });
