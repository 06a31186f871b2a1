/**
 * A member's mobile number and the notices they want by SMS (docs/product.md#sms,
 * docs/decisions/022-phones-and-sms.md).
 *
 * - A number is Bangladeshi (`+8801` and nine digits). Giving one keeps it unconfirmed and sends
 *   a six-digit code to it by SMS, through the notices' outbox, in the transaction that makes the
 *   code: at most three codes an hour per member (429 `RATE_LIMITED`). Only the newest code
 *   works, for ten minutes and five tries; the database keeps its HMAC only (keyed by AUTH_SECRET),
 *   and the outbox row forgets the code once it is sent.
 * - Each step locks the member's row, so two requests at once (two codes asked for, two tries)
 *   are counted one after the other.
 * - The SMS choices are the notices' (notices.service.ts); turning one on needs a confirmed number
 *   (409 `PHONE_NOT_VERIFIED`), and removing the number turns them all off.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PHONE_CODE } from '../../common/constants.ts';
import { bangladeshiMobile } from '../../common/phone-schemas.ts';
import { PHONE_CODES_LIMITED } from '../../common/refusals.ts';
import type { PhoneState, SmsChoices } from '../../common/types.ts';
import type { Kernel } from '../core/kernel.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import { lockMember } from '../members/members.ts';
import type { Notices } from '../notices/notices.service.ts';
import { recordNotices } from '../notices/outbox.ts';
import {
  codesSince,
  confirmPhone,
  countWrongTry,
  deleteAllOfPhone,
  deleteOldCodes,
  deletePhone,
  insertCode,
  keepUnconfirmedPhone,
  markCodeUsed,
  pendingCodeOf,
  phoneOf,
  voidPendingCodes,
} from './phones.repository.ts';

const HOUR_MS = 60 * 60_000;

export class Phones {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly kernel: Kernel,
    private readonly notices: Notices,
    /** The key of the codes' HMAC. */
    private readonly secret: string,
  ) {}

  private get clock() {
    return this.kernel.clock;
  }

  private hashOf(codeId: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${codeId}:${code}`).digest('hex');
  }

  async of(memberId: string): Promise<PhoneState> {
    const row = await phoneOf(this.db, memberId);
    return { phone: row?.phone ?? null, verified: Boolean(row?.verifiedAt) };
  }

  /**
   * Keeps `input` as the member's number, unconfirmed, and sends it a new code (voiding any
   * earlier one); answers until when the code works.
   */
  async requestCode(memberId: string, input: string) {
    const phone = bangladeshiMobile(input);
    if (!phone) throw this.kernel.refuse('INVALID_PHONE');
    return retryingTransaction(this.db, async (tx) => {
      if (!(await lockMember(tx, memberId))) throw this.kernel.refuse('UNAUTHORIZED');
      const now = this.clock.now();
      const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
      if ((await codesSince(tx, memberId, hourAgo)) >= PHONE_CODE.perHour) {
        throw new ApiError(429, 'RATE_LIMITED', PHONE_CODES_LIMITED);
      }
      await deleteOldCodes(tx, memberId, hourAgo);
      await voidPendingCodes(tx, memberId);
      await keepUnconfirmedPhone(tx, memberId, phone);
      const id = randomUUID();
      const code = String(randomInt(0, 10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, '0');
      const createdAt = now.toISOString();
      const expiresAt = new Date(now.getTime() + PHONE_CODE.minutes * 60_000).toISOString();
      await insertCode(tx, {
        id,
        userId: memberId,
        phone,
        codeHash: this.hashOf(id, code),
        createdAt,
        expiresAt,
      });
      await recordNotices(
        tx,
        [
          {
            kind: 'phoneCode',
            subjectId: id,
            until: createdAt,
            userId: memberId,
            bookId: '',
            bookName: '',
            payload: { code, to: phone },
          },
        ],
        createdAt,
      );
      return { phone, verified: false as const, codeExpiresAt: expiresAt };
    });
  }

  /**
   * Confirms the member's number with the code sent to it: 400 `INVALID_CODE` for a wrong one
   * (counted: the fifth voids the code), 409 `CODE_EXPIRED` when no code is good any more.
   */
  async verify(memberId: string, input: string): Promise<{ phone: string; verified: true }> {
    const given = input.trim();
    return retryingTransaction(this.db, async (tx) => {
      if (!(await lockMember(tx, memberId))) throw this.kernel.refuse('UNAUTHORIZED');
      const now = this.clock.now().toISOString();
      const code = await pendingCodeOf(tx, memberId);
      const current = await phoneOf(tx, memberId);
      if (!code || code.expiresAt <= now || current?.phone !== code.phone) {
        return this.kernel.refuse('CODE_EXPIRED');
      }
      const expected = Buffer.from(code.codeHash, 'hex');
      const actual = Buffer.from(this.hashOf(code.id, given), 'hex');
      if (!timingSafeEqual(expected, actual)) {
        // The refusal is returned, not thrown: the wrong try is committed and counts.
        await countWrongTry(tx, code.id, code.tries + 1, PHONE_CODE.tries);
        return this.kernel.refuse('INVALID_CODE');
      }
      await markCodeUsed(tx, code.id);
      await confirmPhone(tx, memberId, now);
      return { phone: code.phone, verified: true as const };
    });
  }

  /** Removes the member's number; every notice by SMS is turned off with it. */
  async remove(memberId: string): Promise<PhoneState> {
    await retryingTransaction(this.db, async (tx) => {
      await deletePhone(tx, memberId);
      await this.notices.forgetSmsChoices(tx, memberId);
    });
    return { phone: null, verified: false };
  }

  smsChoicesOf(memberId: string): Promise<SmsChoices> {
    return this.notices.smsChoicesOf(memberId);
  }

  /** Sets the member's SMS choices; turning one on needs their number confirmed. */
  async chooseSms(memberId: string, choices: Partial<SmsChoices>): Promise<SmsChoices> {
    if (Object.values(choices).some(Boolean) && !(await this.of(memberId)).verified) {
      throw this.kernel.refuse('PHONE_NOT_VERIFIED');
    }
    return this.notices.chooseSms(memberId, choices);
  }

  /** Closing the member's account (profile/account-closing.ts): their number and codes go. */
  async releaseMember(tx: Kysely<DB>, memberId: string): Promise<void> {
    await deleteAllOfPhone(tx, memberId);
  }
}
