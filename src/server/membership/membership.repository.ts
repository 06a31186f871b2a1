/**
 * SQL for memberships (docs/product/fines-and-membership.md): each account's first day and last
 * valid day, calendar days of the library. A membership has expired when today is after
 * `expiresOn`.
 */
import type { Kysely } from 'kysely';
import { addMonths, dayIn } from '../../common/calendar.ts';
import { dialectOf } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

export interface Membership {
  memberSince: string;
  expiresOn: string;
}

/** A membership starting on `day`, `months` long: valid up to and including the same day `months` later. */
export const termFrom = (day: string, months: number): Membership => ({
  memberSince: day,
  expiresOn: addMonths(day, months),
});

/** Starts an account's membership (at sign-up); one already there is left as it is. */
export async function startMembership(
  db: Kysely<DB>,
  userId: string,
  term: Membership,
): Promise<void> {
  await db
    .insertInto('membership')
    .values({ userId, ...term })
    .onConflict((conflict) => conflict.column('userId').doNothing())
    .execute();
}

/**
 * The account's membership; undefined when there is no such account. An account whose sign-up
 * did not get to write its membership (a crash between the two) gets it now, from the day the
 * account was made.
 */
export async function membershipOf(
  db: Kysely<DB>,
  userId: string,
  calendar: { timeZone: string; months: number },
): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('membership')
    .select(['memberSince', 'expiresOn'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (row) return row;
  const user = await db
    .selectFrom('user')
    .select('createdAt')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const term = termFrom(dayIn(calendar.timeZone, new Date(user.createdAt)), calendar.months);
  await startMembership(db, userId, term);
  return term;
}

/** Whether an account's membership has ended, read in the caller's transaction. */
export type MembershipCheck = (tx: Kysely<DB>, userId: string) => Promise<boolean>;

/**
 * Whether the account's membership has ended by `today` (YYYY-MM-DD). For every service that
 * members must be current for: borrowing, renewals, holds, room bookings, e-loans. Call it inside
 * the transaction that would serve the member, so a renewal at the desk applies from its commit.
 */
export async function membershipExpired(
  db: Kysely<DB>,
  userId: string,
  today: string,
  calendar: { timeZone: string; months: number },
): Promise<boolean> {
  const membership = await membershipOf(db, userId, calendar);
  return membership !== undefined && membership.expiresOn < today;
}

/**
 * Locks the account's membership row until the transaction ends (PostgreSQL: FOR UPDATE; SQLite
 * has one writer), so two renewals at once extend it twice, one after the other.
 */
export async function lockMembership(
  db: Kysely<DB>,
  userId: string,
): Promise<Membership | undefined> {
  const query = db
    .selectFrom('membership')
    .select(['memberSince', 'expiresOn'])
    .where('userId', '=', userId);
  return (dialectOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function setExpiry(db: Kysely<DB>, userId: string, expiresOn: string): Promise<void> {
  await db.updateTable('membership').set({ expiresOn }).where('userId', '=', userId).execute();
}

/**
 * Memberships ending between `from` and `to` (inclusive) whose notice of that day is not yet
 * recorded, for the notices' sweep; a renewal moves the day, so it makes a new notice.
 */
export async function membershipsEndingWithoutNotice(
  db: Kysely<DB>,
  range: { from: string; to: string },
  limit: number,
) {
  return db
    .selectFrom('membership')
    .innerJoin('user', 'user.id', 'membership.userId')
    .select(['membership.userId', 'membership.expiresOn'])
    .where('membership.expiresOn', '>=', range.from)
    .where('membership.expiresOn', '<=', range.to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notice')
            .select('notice.id')
            .where('notice.kind', '=', 'membershipExpiring')
            .whereRef('notice.subjectId', '=', 'membership.userId')
            .whereRef('notice.until', '=', 'membership.expiresOn'),
        ),
      ),
    )
    .orderBy('membership.expiresOn')
    .orderBy('membership.userId')
    .limit(limit)
    .execute();
}
