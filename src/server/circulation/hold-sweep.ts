/**
 * Every minute, ready holds past their pickup time pass their copy on (docs/product.md#circulation). Every
 * instance sweeps; the service makes that safe. Books touched in between are settled on the way.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SWEEP_INTERVAL_MS = 60_000;

async function holdSweepPlugin(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      await app.holds.sweepExpired();
    } catch (error) {
      // A database that is away for a moment is retried at the next turn.
      app.log.warn({ err: error }, 'hold sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export const holdSweep = fp(holdSweepPlugin, { name: 'hold-sweep' });
