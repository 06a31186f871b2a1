/**
 * Every book's search texts (`searchText`, `searchKey`, `searchDescription`: search-words.ts)
 * written anew by the server, a batch at a time, after migration 0140 and whenever the way they
 * are made changes (SEARCH_TEXTS_VERSION). The application writes them with every book it adds or
 * edits; this is for the books already there. Until a book's turn comes it is found by its words
 * as typed, not yet across scripts. Where the walk has got to is kept in `appMeta`, so a stop or
 * a crash goes on from there at the next start; several servers may walk at once, each batch
 * written alike by either.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { bookSearchTexts } from './search-words.ts';

/** Raise it when search-words.ts makes other texts of the same book: every book is written anew. */
export const SEARCH_TEXTS_VERSION = 1;

const META_KEY = 'search-texts';
const BATCH = 500;

interface Progress {
  version: number;
  /** The last book id written, in id order; null once every book is. */
  after: string | null;
}

async function progressOf(db: Kysely<DB>): Promise<Progress> {
  const row = await db
    .selectFrom('appMeta')
    .select('value')
    .where('key', '=', META_KEY)
    .executeTakeFirst();
  try {
    const progress = JSON.parse(row?.value ?? '') as Progress;
    if (progress.version === SEARCH_TEXTS_VERSION) return progress;
  } catch {
    // No progress yet, or of an older version: the walk starts over.
  }
  return { version: SEARCH_TEXTS_VERSION, after: '' };
}

/** Adds words to the vocabulary typos are forgiven against, in one order (no two writers wait in turn). */
export async function rememberSearchWords(db: Kysely<DB>, words: Iterable<string>): Promise<void> {
  const sorted = [...new Set(words)].filter(Boolean).sort();
  for (let start = 0; start < sorted.length; start += BATCH) {
    await db
      .insertInto('searchWord')
      .values(sorted.slice(start, start + BATCH).map((word) => ({ word })))
      .onConflict((conflict) => conflict.column('word').doNothing())
      .execute();
  }
}

/** Writes one batch of books' texts; answers whether books are left. */
export async function writeSearchTextsStep(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const { after } = await progressOf(tx);
    if (after === null) return false;
    const books = await tx
      .selectFrom('book')
      .select([
        'id',
        'name',
        'author',
        'shortDescription',
        'searchText',
        'searchKey',
        'searchDescription',
      ])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const words: string[] = [];
    for (const book of books) {
      const texts = bookSearchTexts(book);
      words.push(...texts.searchText.split(' '));
      if (
        texts.searchText !== book.searchText ||
        texts.searchKey !== book.searchKey ||
        texts.searchDescription !== book.searchDescription
      ) {
        await tx.updateTable('book').set(texts).where('id', '=', book.id).execute();
      }
    }
    await rememberSearchWords(tx, words);
    const progress: Progress = {
      version: SEARCH_TEXTS_VERSION,
      after: books.length === BATCH ? (books.at(-1)?.id ?? null) : null,
    };
    await tx
      .insertInto('appMeta')
      .values({ key: META_KEY, value: JSON.stringify(progress) })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({ value: JSON.stringify(progress) }),
      )
      .execute();
    return progress.after !== null;
  });
}

/** Writes every book's texts that are not yet written; answers how many batches it took. */
export async function writeSearchTexts(
  db: Kysely<DB>,
  { pauseMs = 0, stopping = () => false }: { pauseMs?: number; stopping?: () => boolean } = {},
): Promise<number> {
  let batches = 0;
  while (!stopping()) {
    batches += 1;
    if (!(await writeSearchTextsStep(db))) break;
    if (pauseMs) await sleep(pauseMs);
  }
  return batches;
}

/** A pause between batches, so that requests are served between them. */
const BATCH_PAUSE_MS = 5;

async function searchTextsPlugin(app: FastifyInstance) {
  let running: Promise<unknown> | undefined;
  let closing = false;
  app.decorate('searchTextsWritten', () => running ?? Promise.resolve());
  app.addHook('onReady', async () => {
    running = writeSearchTexts(app.database.db, {
      pauseMs: BATCH_PAUSE_MS,
      stopping: () => closing,
    }).catch((error: unknown) => {
      // Written on from where it got to at the next start.
      app.log.warn({ err: error }, 'writing the search texts failed');
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    await running;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once this server's walk over the books' search texts has ended. */
    searchTextsWritten(): Promise<unknown>;
  }
}

export const searchTexts = fp(searchTextsPlugin, { name: 'search-texts' });
