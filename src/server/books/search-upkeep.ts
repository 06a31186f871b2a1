/**
 * SQLite's search indexes (FTS5: the trigram table, piece-search.ts, and the word tables,
 * word-search.ts) are sets of b-trees. Each commit that files books
 * adds one, and FTS5 merges them only four of a size at a time, so a grown catalogue is searched
 * in a b-tree per level, each looked up for every trigram of every word. A million books loaded in
 * bulk made ten of them: merged into one, a new search took 2.1 ms in-process instead of 3.8, and
 * flat out its p99 fell from 202 to 75 ms (docs/performance.md).
 *
 * So every hour, and a minute after start, the index is merged into one, a step at a time, each
 * step its own short transaction with a pause after it: requests go on between the steps, and a
 * merge cut short by a crash or a stop goes on at the next turn. A merged index that nothing was
 * filed into since costs one step that finds nothing to do. Every instance does it; FTS5 merges
 * what another has left. PostgreSQL's trigram index is one b-tree already.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { mergeSqliteSearchStep } from './piece-search.ts';

/** About 15 ms of writing at a million books, so a request waits at most that for a step. */
const STEP_PAGES = 200;
const STEP_PAUSE_MS = 10;

interface MergeOptions {
  pauseMs?: number;
  /** Asked before each step: a closing server stops between two. */
  stopping?: () => boolean;
}

/**
 * Merges SQLite's search index into one b-tree; answers the steps that found work. Only for a
 * SQLite database (the caller knows which it has).
 */
export async function mergeSearchIndex(
  db: Kysely<DB>,
  { pauseMs = STEP_PAUSE_MS, stopping = () => false }: MergeOptions = {},
): Promise<number> {
  let steps = 0;
  let first = true;
  while (!stopping() && (await mergeSqliteSearchStep(db, STEP_PAGES, first))) {
    first = false;
    steps += 1;
    await sleep(pauseMs);
  }
  return steps;
}

interface SearchUpkeepOptions {
  firstAfterMs?: number;
  everyMs?: number;
}

async function searchUpkeepPlugin(
  app: FastifyInstance,
  { firstAfterMs = 60_000, everyMs = 3_600_000 }: SearchUpkeepOptions,
) {
  if (app.database.kind !== 'sqlite') return;
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<unknown> | undefined;
  let closing = false;
  const merge = () => {
    if (closing || running) return;
    running = mergeSearchIndex(app.database.db, { stopping: () => closing })
      .catch((error: unknown) => {
        // A database busy for longer than its timeout is merged at the next turn.
        app.log.warn({ err: error }, 'search index merge failed');
      })
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timers.push(setTimeout(merge, firstAfterMs), setInterval(merge, everyMs));
    for (const timer of timers) timer.unref();
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const timer of timers) clearTimeout(timer);
    await running;
  });
}

export const searchUpkeep = fp(searchUpkeepPlugin, { name: 'search-upkeep' });
