/**
 * Every minute, e-books whose loans or kept copies ran out are settled, so a freed copy reaches
 * the first waiting member (with a mail) even when nobody touches the title. Every instance
 * sweeps; the service makes that safe. Titles touched in between are settled on the way.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SWEEP_INTERVAL_MS = 60_000;

async function ebookSweepPlugin(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      await app.ebooks.sweep();
    } catch (error) {
      // A database that is away for a moment is retried at the next turn.
      app.log.warn({ err: error }, 'e-book sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export const ebookSweep = fp(ebookSweepPlugin, { name: 'ebook-sweep' });
