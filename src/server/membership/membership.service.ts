/**
 * Membership (docs/product/fines-and-membership.md): every account's term, from sign-up for
 * MEMBERSHIP_MONTHS; renewed at the desk; noticed 14 days before it ends. Whether an ended
 * membership stops a service is the kernel's to say (core/eligibility.ts).
 */
import type { Kysely } from 'kysely';
import { addDays, addMonths } from '../../common/calendar.ts';
import { MEMBERSHIP_NOTICE_DAYS } from '../../common/constants.ts';
import type { Membership as MembershipAnswer } from '../../common/types.ts';
import type { Kernel } from '../core/kernel.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { recordNotices } from '../notices/outbox.ts';
import {
  lockMembership,
  membershipOf,
  membershipsEndingWithoutNotice,
  setExpiry,
  startMembership,
  termFrom,
} from './membership.repository.ts';

/** Membership notices one sweep records; the next sweep takes the rest. */
const NOTICE_BATCH = 200;

export class Membership {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly kernel: Kernel,
    private readonly settings: { months: number; timeZone: string },
  ) {}

  private get today() {
    return this.kernel.clock.today();
  }

  /** Starts a new account's membership today (sign-up). */
  async start(userId: string): Promise<void> {
    await startMembership(this.db, userId, termFrom(this.today, this.settings.months));
  }

  async of(userId: string): Promise<MembershipAnswer | undefined> {
    const membership = await membershipOf(this.db, userId, this.settings);
    return membership && { ...membership, expired: membership.expiresOn < this.today };
  }

  /**
   * Renewal at the desk: MEMBERSHIP_MONTHS past the later of today and the current last day, unless
   * the membership already runs a term from today.
   */
  async renew(userId: string): Promise<{ expiresOn: string }> {
    return retryingTransaction(this.db, async (tx) => {
      // Made first if the sign-up never wrote it, then locked.
      const current =
        (await membershipOf(tx, userId, this.settings)) && (await lockMembership(tx, userId));
      if (!current) return this.kernel.refuse('MEMBER_NOT_FOUND');
      const { months } = this.settings;
      // One term ahead at most: a Renew clicked twice, or by two librarians at once, adds one.
      if (current.expiresOn >= addMonths(this.today, months))
        return { expiresOn: current.expiresOn };
      const from = current.expiresOn > this.today ? current.expiresOn : this.today;
      const expiresOn = addMonths(from, months);
      await setExpiry(tx, userId, expiresOn);
      return { expiresOn };
    });
  }

  /**
   * Puts in the outbox the notice of every membership ending within MEMBERSHIP_NOTICE_DAYS that
   * has none yet (a renewal moves the day, so it makes a new notice); answers how many.
   */
  async recordEndingNotices(): Promise<number> {
    const ending = await membershipsEndingWithoutNotice(
      this.db,
      { from: this.today, to: addDays(this.today, MEMBERSHIP_NOTICE_DAYS) },
      NOTICE_BATCH,
    );
    const notices = ending.map((row) => ({
      kind: 'membershipExpiring' as const,
      subjectId: row.userId,
      until: row.expiresOn,
      userId: row.userId,
      bookId: '',
      bookName: '',
    }));
    await recordNotices(this.db, notices, this.kernel.clock.now().toISOString());
    return notices.length;
  }

  /** Closing the member's account (profile/account-closing.ts): their membership goes. */
  async releaseMember(tx: Kysely<DB>, memberId: string): Promise<void> {
    await tx.deleteFrom('membership').where('userId', '=', memberId).execute();
  }
}
