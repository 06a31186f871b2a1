/**
 * At start and every hour, stored images that nothing has named for a day are erased
 * (docs/product.md#images): the picture of a form never sent, a cover replaced. Every instance
 * sweeps; a delete of what another instance deleted deletes nothing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SWEEP_INTERVAL_MS = 60 * 60_000;

async function imageSweepPlugin(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const erased = await app.images.sweepUnnamed();
      if (erased > 0) app.log.info({ erased }, 'unnamed images erased');
    } catch (error) {
      // A database that is away for a moment is retried at the next turn.
      app.log.warn({ err: error }, 'image sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export const imageSweep = fp(imageSweepPlugin, { name: 'image-sweep' });
