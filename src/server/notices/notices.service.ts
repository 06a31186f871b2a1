/**
 * The notices' outbox, the one path of every mail to a member (docs/product.md#accounts,
 * docs/decisions/004-accounts-and-notices.md): the notices (a loan due in two days, overdue, a hold
 * ready or expired, an e-book kept, a membership ending), the mails of bookings, events and holds
 * cancelled at the desk, and the account's own (verification, password reset).
 *
 * - Events are rows of the `notice` outbox, unique per event, written by the transaction that
 *   causes them (a crash after the commit loses none); loan and membership events are found by
 *   `sweep()`, which any number of instances may run at once.
 * - `deliver()` sends what is due. Each notice is claimed with a lease before its mail is sent, so
 *   two processes never send the same row at once; a failure leaves it pending with a later
 *   `nextAttemptAt` (backoff); a process that dies mid-send leaves a lease that runs out, and the
 *   notice is sent by whoever comes next. Every attempt carries the same Message-ID.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { addDays } from '../../common/calendar.ts';
import { DUE_SOON_DAYS } from '../../common/constants.ts';
import type { Notice, NoticeChoices } from '../../common/types.ts';
import type { LibraryClock } from '../core/clock.ts';
import type { DB } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  claimNotice,
  claimedNotice,
  deleteMemberNotices,
  deliverableNotices,
  listMemberNotices,
  noticeChoices,
  setNoticeChoices,
  loansWithoutNotice,
  settleNotice,
  stillTrue,
  type ClaimedNotice,
} from './notices.repository.ts';
import { recordNotices } from './outbox.ts';
import { outboxMail, type OutboxMailSettings } from './outbox-mails.ts';

/**
 * How long a claim keeps other processes off a notice. Longer than any one send can take (the
 * mailer's SMTP timeouts add up to 90 s), so a live sender never loses its notice to another.
 */
const NOTICE_LEASE_MS = 5 * 60_000;
/** The first retry after a refusal; each further one waits twice as long, up to an hour. */
const RETRY_FIRST_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
/** A notice the mail server still refuses after a week is given up (and logged). */
const GIVE_UP_MS = 7 * 24 * 60 * 60_000;
/** Events one sweep records, and notices one delivery round sends; the next round takes the rest. */
const BATCH = 200;

export type NoticeSettings = OutboxMailSettings;

const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

export class Notices {
  private delivering: Promise<number> | undefined;
  private deliverAgain = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: LibraryClock,
    private readonly mailer: Mailer,
    private readonly settings: NoticeSettings,
    private readonly log: FastifyBaseLogger,
    /** The other modules' events found by sweeping (memberships ending), each answering how many. */
    private readonly otherSweeps: (() => Promise<number>)[] = [],
  ) {}

  /**
   * Records the loan events of today that are not yet recorded, and runs the other modules' sweeps
   * (a membership ending); answers how many events it found.
   */
  async sweep(): Promise<number> {
    const today = this.clock.today();
    const dueSoon = await loansWithoutNotice(
      this.db,
      'dueSoon',
      { from: today, to: addDays(today, DUE_SOON_DAYS) },
      BATCH,
    );
    // Overdue the day after the due date (docs/product.md#circulation: overdue once the date is past).
    const overdue = await loansWithoutNotice(this.db, 'overdue', { to: addDays(today, -1) }, BATCH);
    const events = [...dueSoon, ...overdue];
    await recordNotices(this.db, events, this.clock.now().toISOString());
    let found = events.length;
    for (const sweep of this.otherSweeps) found += await sweep();
    return found;
  }

  /** The member's notices, newest first (the app lists the newest; the data download them all). */
  listFor(memberId: string, limit?: number): Promise<Notice[]> {
    return listMemberNotices(this.db, memberId, limit);
  }

  /** Which kinds of notice the member wants by e-mail. */
  choicesOf(memberId: string): Promise<NoticeChoices> {
    return noticeChoices(this.db, memberId);
  }

  /** Sets the member's choices for the kinds named; answers them all. */
  async choose(memberId: string, choices: Partial<NoticeChoices>): Promise<NoticeChoices> {
    await setNoticeChoices(this.db, memberId, choices);
    return noticeChoices(this.db, memberId);
  }

  /** Closing the member's account (profile/account-closing.ts): their notices and choices go. */
  async releaseMember(tx: Kysely<DB>, memberId: string): Promise<void> {
    await deleteMemberNotices(tx, memberId);
  }

  /**
   * Puts an account mail (better-auth's verification and reset links) in the outbox. Never
   * rejects: better-auth does not wait for it, and a failure is logged.
   */
  async recordAccountMail(
    kind: 'verifyEmail' | 'resetPassword',
    userId: string,
    url: string,
  ): Promise<void> {
    const now = this.clock.now().toISOString();
    const mail = { kind, subjectId: userId, until: now, userId, bookId: '', bookName: '' };
    try {
      await recordNotices(this.db, [{ ...mail, payload: { url } }], now);
      // Sent at once, not at the next turn: the member is waiting for it.
      void this.deliver();
    } catch (error) {
      this.log.error({ err: error, kind }, 'account mail could not be put in the outbox');
    }
  }

  /**
   * Sends every notice that is due, one at a time; answers how many it sent. A call while one is
   * running joins it, so one process never works on two rounds at once.
   */
  deliver(): Promise<number> {
    if (this.delivering) {
      // Rows written since this round read its list are sent by one more round right after it.
      this.deliverAgain = true;
      return this.delivering;
    }
    this.delivering = this.deliverRound().finally(() => {
      this.delivering = undefined;
      if (!this.deliverAgain) return;
      this.deliverAgain = false;
      this.deliver().catch((error: unknown) => {
        this.log.warn({ err: error }, 'notice delivery failed');
      });
    });
    return this.delivering;
  }

  /** Settles once no delivery round is running or due to follow the one running. */
  async settled(): Promise<void> {
    while (this.delivering) await this.delivering.catch(() => undefined);
  }

  private async deliverRound(): Promise<number> {
    const candidates = await deliverableNotices(this.db, this.clock.now().toISOString(), BATCH);
    let sent = 0;
    for (const id of candidates) {
      const token = randomUUID();
      const now = this.clock.now();
      const claim = {
        token,
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + NOTICE_LEASE_MS).toISOString(),
      };
      if (!(await claimNotice(this.db, id, claim))) continue;
      if (await this.attempt(id, token)) sent += 1;
    }
    return sent;
  }

  /** One delivery attempt of a notice this process holds the lease on; answers whether it was sent. */
  private async attempt(id: string, token: string): Promise<boolean> {
    const notice = await claimedNotice(this.db, id);
    if (!notice) return false;
    if (!notice.memberEmail || !(await stillTrue(this.db, notice))) {
      await settleNotice(this.db, id, token, { status: 'obsolete' });
      return false;
    }
    if (notice.optedOut) {
      await settleNotice(this.db, id, token, { status: 'optedOut' });
      return false;
    }
    try {
      await this.mailer.deliver(notice.memberEmail, outboxMail(notice, this.settings), {
        messageId: this.messageIdOf(id),
      });
    } catch (error) {
      await this.failed(notice, token, error instanceof Error ? error.message : String(error));
      return false;
    }
    // The mail server has it; only now is the notice marked sent. If this process dies before the
    // mark, the lease runs out and the notice is sent again, with the same Message-ID (the one
    // window the outbox cannot close; see the decision record).
    const marked = await this.markSent(id, token);
    if (!marked) this.log.warn({ notice: id }, 'notice sent after its lease ran out');
    return true;
  }

  /** Marks the notice sent, trying again while the database does not answer for a moment. */
  private async markSent(id: string, token: string): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await settleNotice(this.db, id, token, {
          status: 'sent',
          at: this.clock.now().toISOString(),
        });
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  private async failed(notice: ClaimedNotice, token: string, reason: string) {
    const now = this.clock.now();
    const age = now.getTime() - Date.parse(notice.createdAt);
    if (age > GIVE_UP_MS) {
      await settleNotice(this.db, notice.id, token, { status: 'failed', error: reason });
      this.log.error({ notice: notice.id, reason }, 'notice given up after a week of refusals');
      return;
    }
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(notice.attempts)).toISOString();
    await settleNotice(this.db, notice.id, token, {
      status: 'pending',
      nextAttemptAt,
      error: reason,
    });
    this.log.warn({ notice: notice.id, nextAttemptAt, reason }, 'notice not sent; will retry');
  }

  /** The same for every attempt at one notice, so a second copy can be recognised as one. */
  private messageIdOf(id: string): string {
    return `<notice-${id}@${new URL(this.settings.publicUrl).hostname}>`;
  }
}
