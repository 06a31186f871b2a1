/**
 * One transaction, run again when it lost a race on a unique key or a lock (its reads then see the
 * winner); every service that changes loans, holds, copies, fines, bookings, registrations or
 * e-loans runs its changes through it. A refusal the work returns (an ApiError) is thrown once the
 * transaction has committed, so what it settled on the way (a no-show released, an expired hold
 * given up) is kept even when the request is refused.
 */
import type { Kysely } from 'kysely';
import { ApiError } from '../http-errors.ts';
import { isRetryableConflict } from './database.ts';
import type { DB } from './schema.ts';

const MAX_ATTEMPTS = 8;

export async function retryingTransaction<T>(
  db: Kysely<DB>,
  work: (tx: Kysely<DB>) => Promise<T | ApiError>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const outcome = await db.transaction().execute(work);
      if (outcome instanceof ApiError) throw outcome;
      return outcome;
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
