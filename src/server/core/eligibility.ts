/**
 * Who may be served: one policy for every service that lends, keeps or books something for a
 * member (docs/product.md#who-may-be-served). Each service makes the checks of its row in
 * ELIGIBILITY_CHECKS, in that order, and the first that fails is the answer, so the same member
 * gets the same refusal everywhere (issue 39: five copies of these rules had come to disagree).
 *
 * The checks read the member in the caller's transaction, their row under a share lock
 * (PostgreSQL: FOR SHARE; SQLite has one writer): an account being closed waits for the service
 * to commit, or the service finds the account gone. A block, a payment or a renewal at the desk
 * applies from its commit on.
 */
import { sql, type Kysely } from 'kysely';
import { addMonths, dayIn } from '../../common/calendar.ts';
import type { RefusalCode } from '../../common/refusals.ts';
import { dialectOf } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { LibraryClock } from './clock.ts';

export const SERVICES = [
  'borrow',
  'hold',
  'deskCheckout',
  'renewal',
  'eLoan',
  'roomBooking',
  'eventRegistration',
] as const;
export type Service = (typeof SERVICES)[number];

type Check = 'account' | 'verification' | 'blocked' | 'membership' | 'fines' | 'overdue';

const EVERY_CHECK = [
  'account',
  'verification',
  'blocked',
  'membership',
  'fines',
  'overdue',
] as const;

/**
 * Which checks each service makes, in order. Every service needs a live account that is not
 * blocked and a membership that has not ended. Fines owed stop whatever takes a book, on paper or
 * on screen; overdue books stop taking another paper book or keeping one longer. A confirmed
 * address (when REQUIRE_EMAIL_VERIFICATION is on) is asked of everything but a renewal, which
 * keeps a book the member already has.
 */
export const ELIGIBILITY_CHECKS: Record<Service, readonly Check[]> = {
  borrow: EVERY_CHECK,
  hold: EVERY_CHECK,
  deskCheckout: EVERY_CHECK,
  renewal: ['account', 'blocked', 'membership', 'fines', 'overdue'],
  eLoan: ['account', 'verification', 'blocked', 'membership', 'fines'],
  roomBooking: ['account', 'verification', 'blocked', 'membership'],
  eventRegistration: ['account', 'verification', 'blocked', 'membership'],
};

/**
 * A closed account is signed out to its member (401), but at the desk, where a librarian asks on
 * a card's behalf, it is no member at all (404): answered 401, the desk would sign the librarian out.
 */
const GONE: Record<Service, RefusalCode> = {
  borrow: 'UNAUTHORIZED',
  hold: 'UNAUTHORIZED',
  deskCheckout: 'MEMBER_NOT_FOUND',
  renewal: 'UNAUTHORIZED',
  eLoan: 'UNAUTHORIZED',
  roomBooking: 'UNAUTHORIZED',
  eventRegistration: 'UNAUTHORIZED',
};

export interface EligibilitySettings {
  requireEmailVerification: boolean;
  /** A balance from this many taka on stops borrowing (FINES_BLOCK_AT). */
  finesBlockAt: number;
  /** How long a membership runs (MEMBERSHIP_MONTHS): for an account whose term was never written. */
  membershipMonths: number;
  timeZone: string;
}

/** What the checks read of a member, in one query. */
interface Standing {
  blocked: boolean;
  emailVerified: boolean;
  expiresOn: string;
  owed: number;
  overdue: boolean;
}

export class Eligibility {
  constructor(
    private readonly clock: LibraryClock,
    private readonly settings: EligibilitySettings,
  ) {}

  /** Why `memberId` may not be served by `service` now, or undefined when they may. */
  async refusal(
    tx: Kysely<DB>,
    service: Service,
    memberId: string,
  ): Promise<RefusalCode | undefined> {
    const standing = await this.standingOf(tx, memberId);
    if (!standing) return GONE[service];
    const today = this.clock.today();
    const fails: Record<Exclude<Check, 'account'>, () => RefusalCode | undefined> = {
      verification: () =>
        this.settings.requireEmailVerification && !standing.emailVerified
          ? 'EMAIL_NOT_VERIFIED'
          : undefined,
      blocked: () => (standing.blocked ? 'MEMBER_BLOCKED' : undefined),
      membership: () => (standing.expiresOn < today ? 'MEMBERSHIP_EXPIRED' : undefined),
      fines: () => (standing.owed >= this.settings.finesBlockAt ? 'FINES_OWED' : undefined),
      overdue: () => (standing.overdue ? 'OVERDUE_LOANS' : undefined),
    };
    for (const check of ELIGIBILITY_CHECKS[service]) {
      if (check === 'account') continue;
      const code = fails[check]();
      if (code) return code;
    }
    return undefined;
  }

  private async standingOf(tx: Kysely<DB>, memberId: string): Promise<Standing | undefined> {
    const today = this.clock.today();
    const query = tx
      .selectFrom('user')
      .leftJoin('membership', 'membership.userId', 'user.id')
      .select((eb) => [
        'user.blocked',
        'user.emailVerified',
        'user.createdAt',
        'membership.expiresOn',
        eb
          .selectFrom('fineEntry')
          .select(
            sql<
              number | string | null
            >`sum(case when "kind" = 'overdue' or "kind" = 'lost' then "amount" else -"amount" end)`.as(
              'owed',
            ),
          )
          .whereRef('fineEntry.userId', '=', 'user.id')
          .as('owed'),
        eb
          .exists(
            eb
              .selectFrom('loan')
              .select('loan.id')
              .whereRef('loan.userId', '=', 'user.id')
              .where('loan.returnedAt', 'is', null)
              .where('loan.returnDate', '<', today),
          )
          .as('overdue'),
      ])
      .where('user.id', '=', memberId);
    const row = await (
      dialectOf(tx) === 'postgres' ? query.forShare('user') : query
    ).executeTakeFirst();
    if (!row) return undefined;
    const joined = dayIn(this.settings.timeZone, new Date(row.createdAt));
    return {
      blocked: Boolean(row.blocked),
      emailVerified: Boolean(row.emailVerified),
      // An account whose sign-up did not get to write its term has one from the day it joined.
      expiresOn: row.expiresOn ?? addMonths(joined, this.settings.membershipMonths),
      owed: Math.max(0, Number(row.owed ?? 0)),
      overdue: Boolean(row.overdue),
    };
  }
}
