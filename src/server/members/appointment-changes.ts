/**
 * How often a member may change their bookings and registrations (issue 33): each booking,
 * cancellation, registration and leaving counts, at most APPOINTMENT_CHANGES_PER_HOUR in any hour,
 * then 429 RATE_LIMITED. Each change mails the member, so without a limit an account signed up
 * with someone else's address could fill that mailbox. Counted in the change's own transaction;
 * two changes racing may both pass at the limit, which a bound on mail does not mind.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export const APPOINTMENT_CHANGES_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;
/** Rows older than this are no longer read; the sweep removes them. */
const KEPT_MS = 24 * HOUR_MS;

/**
 * Counts one change of the member's and answers false, or answers true (and counts nothing) when
 * the hour has had its share: the caller refuses with 429 RATE_LIMITED.
 */
export async function tooManyAppointmentChanges(
  tx: Kysely<DB>,
  userId: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const { count } = await tx
    .selectFrom('appointmentChange')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(count) >= APPOINTMENT_CHANGES_PER_HOUR) return true;
  await tx
    .insertInto('appointmentChange')
    .values({ id: randomUUID(), userId, at: now.toISOString() })
    .execute();
  return false;
}

/** Forgets changes past any limit's reach. */
export async function forgetOldAppointmentChanges(db: Kysely<DB>, now: Date): Promise<void> {
  const before = new Date(now.getTime() - KEPT_MS).toISOString();
  await db.deleteFrom('appointmentChange').where('at', '<', before).execute();
}
