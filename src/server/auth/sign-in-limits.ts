/**
 * Failed sign-ins are limited per client address and per account (issue 16), in the database,
 * so every server process sharing it counts the same attempts (migration 0010).
 *
 * - Per address, `AUTH_RATE_LIMIT` a minute: guessing many accounts' passwords from one address
 *   is slow, yet a reading room behind one address signs in freely, since a success is not counted.
 * - Per account, 20 an hour from any number of addresses: one account's password cannot be
 *   guessed faster. Past it, even the right password waits (else the limit would tell the
 *   guesser when it had found it), which lets someone lock an account for an hour: the price of
 *   the limit, as with any lockout.
 *
 * An attempt's row is written before the password is checked and counted with the others, so
 * attempts made at once cannot all slip under the limit; a success deletes it, a failure keeps it
 * for the hour. Attempts still running count too, so at most `AUTH_RATE_LIMIT` sign-ins from one
 * address can be in progress at the same moment.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LibraryClock } from '../core/clock.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';

export const ACCOUNT_FAILURES_PER_HOUR = 20;

/**
 * Sign-ups refused because the address already has an account, per client address and hour
 * (issue 30): the refusal tells whether an address is registered, so one client may learn that
 * of a few addresses, not of a list. Kept in the same table, under an account no e-mail can be.
 */
export const EXISTING_EMAIL_SIGN_UPS_PER_HOUR = 5;
const SIGN_UP_PROBE = '';
const ADDRESS_WINDOW_S = 60;
const ACCOUNT_WINDOW_S = 3600;

/** The longest address the table keeps; a trusted proxy could forward anything. */
const ADDRESS_MAX = 64;

export type Attempt =
  | { allowed: true; id: string }
  | { allowed: false; retryAfterS: number; reason: 'address' | 'account' };

const isoSecondsAgo = (now: number, seconds: number) =>
  new Date(now - seconds * 1000).toISOString();

export function signInLimits(
  db: Kysely<DB>,
  clock: LibraryClock,
  failuresPerAddressPerMinute: number,
) {
  return {
    /** Records an attempt and answers whether it may go on. */
    async begin(address: string, account: string): Promise<Attempt> {
      const now = clock.now().getTime();
      const id = randomUUID();
      const from = address.slice(0, ADDRESS_MAX);
      await db
        .insertInto('signInAttempt')
        .values({ id, address: from, account, at: new Date(now).toISOString() })
        .execute();
      const counts = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('signInAttempt')
            .select(eb.fn.countAll().as('count'))
            .where('address', '=', from)
            .where('account', '!=', SIGN_UP_PROBE)
            .where('at', '>', isoSecondsAgo(now, ADDRESS_WINDOW_S))
            .as('byAddress'),
          eb
            .selectFrom('signInAttempt')
            .select(eb.fn.countAll().as('count'))
            .where('account', '=', account)
            .where('at', '>', isoSecondsAgo(now, ACCOUNT_WINDOW_S))
            .as('byAccount'),
        ])
        .executeTakeFirstOrThrow();
      const refusal =
        Number(counts.byAccount) > ACCOUNT_FAILURES_PER_HOUR
          ? ({ reason: 'account', retryAfterS: ACCOUNT_WINDOW_S } as const)
          : Number(counts.byAddress) > failuresPerAddressPerMinute
            ? ({ reason: 'address', retryAfterS: ADDRESS_WINDOW_S } as const)
            : null;
      if (!refusal) return { allowed: true, id };
      // A refused attempt tried no password, so it does not count against later ones.
      await db.deleteFrom('signInAttempt').where('id', '=', id).execute();
      return { allowed: false, ...refusal };
    },

    /** Seconds until `address` may sign up again, or 0 when it may now. */
    async signUpWait(address: string): Promise<number> {
      const since = isoSecondsAgo(clock.now().getTime(), ACCOUNT_WINDOW_S);
      const probes = await db
        .selectFrom('signInAttempt')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('address', '=', address.slice(0, ADDRESS_MAX))
        .where('account', '=', SIGN_UP_PROBE)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(probes.count) >= EXISTING_EMAIL_SIGN_UPS_PER_HOUR ? ACCOUNT_WINDOW_S : 0;
    },

    /** Counts a sign-up refused because its address already has an account. */
    async signUpFoundAccount(address: string): Promise<void> {
      await db
        .insertInto('signInAttempt')
        .values({
          id: randomUUID(),
          address: address.slice(0, ADDRESS_MAX),
          account: SIGN_UP_PROBE,
          at: clock.now().toISOString(),
        })
        .execute();
    },

    /** A success forgets its attempt; a failure keeps it, and drops those older than any limit. */
    async end(id: string, failed: boolean): Promise<void> {
      if (!failed) {
        await db.deleteFrom('signInAttempt').where('id', '=', id).execute();
        return;
      }
      await db
        .deleteFrom('signInAttempt')
        .where('at', '<', isoSecondsAgo(clock.now().getTime(), ACCOUNT_WINDOW_S))
        .execute();
    },
  };
}

export type SignInLimits = ReturnType<typeof signInLimits>;

/** What a client past a limit is told (429 `RATE_LIMITED`). */
export const LIMIT_REFUSALS = {
  address: 'Too many failed sign-ins from your network. Please wait a minute and try again.',
  account: 'Too many failed sign-ins to this account. Please try again later.',
  signUps:
    'Too many sign-ups from your network with addresses that have accounts. Please try again later.',
};

/**
 * Runs `check`, a check of `account`'s password, counted against the limits per address and per
 * account: a sign-in, a change of password, deleting an account. `refused` reads from its
 * outcome whether the password was wrong. Until then it counts as a wrong password: a crash must
 * not free a guess. Past a limit it is not run at all (429, with Retry-After).
 */
export async function countedPasswordCheck<T>(
  limits: SignInLimits,
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
  check: () => Promise<T>,
  refused: (outcome: T) => Promise<boolean> | boolean,
): Promise<T> {
  const attempt = await limits.begin(request.ip, account);
  if (!attempt.allowed) {
    reply.header('retry-after', String(attempt.retryAfterS));
    throw new ApiError(429, 'RATE_LIMITED', LIMIT_REFUSALS[attempt.reason]);
  }
  let failed = true;
  try {
    const outcome = await check();
    failed = await refused(outcome);
    return outcome;
  } finally {
    await limits.end(attempt.id, failed).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not record how a password check ended');
    });
  }
}
