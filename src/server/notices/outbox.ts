/**
 * The notices' outbox as every module writes to it (docs/architecture.md#notices-by-e-mail): a mail
 * or SMS to a member is an event recorded in the transaction that causes it, so it exists exactly
 * when the change committed; notices.service.ts sends it. Each event is one row per channel
 * (`email`, and `sms` when the member wants that kind by SMS and has a confirmed number), unique by
 * (kind, subjectId, until, channel), so an event recorded twice (two sweeps, a transaction run
 * again) is recorded once on each channel.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SMS_NOTICE_KINDS,
  SMS_ONLY_KINDS,
  type NoticeChannel,
  type OutboxKind,
  type SmsNoticeKind,
} from '../../common/constants.ts';
import type { DB } from '../db/schema.ts';
import type { Appointment } from '../mail/appointment-texts.ts';
import type { ReceiptMail } from '../mail/receipt-texts.ts';

/**
 * What a message needs beyond its book: an appointment, the link of an account mail, the code
 * that confirms a number and the number it goes to (forgotten once the row is settled), or a
 * receipt as it was taken.
 */
export type NoticePayload =
  | { appointment: Appointment }
  | { url: string }
  | { code: string; to: string }
  | { receipt: ReceiptMail };

/** An event to tell a member about: a row of the outbox. */
export interface NoticeEvent {
  kind: OutboxKind;
  subjectId: string;
  until: string;
  userId: string;
  /** Empty for a mail about no book. */
  bookId: string;
  bookName: string;
  payload?: NoticePayload;
}

const isSmsOnly = (kind: OutboxKind) => (SMS_ONLY_KINDS as readonly OutboxKind[]).includes(kind);
const isSmsChoice = (kind: OutboxKind): kind is SmsNoticeKind =>
  (SMS_NOTICE_KINDS as readonly OutboxKind[]).includes(kind);

/**
 * The events that go by SMS too: a number's code always, and the kinds each member chose by SMS,
 * if their number is confirmed (read in the caller's transaction, like the event itself).
 */
async function smsEvents(db: Kysely<DB>, events: NoticeEvent[]): Promise<NoticeEvent[]> {
  const codes = events.filter((event) => event.kind === 'phoneCode');
  const choosable = events.filter((event) => isSmsChoice(event.kind));
  if (choosable.length === 0) return codes;
  const chosen = await db
    .selectFrom('smsChoice')
    .innerJoin('memberPhone', 'memberPhone.userId', 'smsChoice.userId')
    .select(['smsChoice.userId', 'smsChoice.kind'])
    .where('smsChoice.userId', 'in', [...new Set(choosable.map((event) => event.userId))])
    .where('smsChoice.kind', 'in', [
      ...new Set(choosable.map((event) => event.kind)),
    ] as SmsNoticeKind[])
    .where('memberPhone.verifiedAt', 'is not', null)
    .execute();
  const wanted = new Set(chosen.map((row) => `${row.userId} ${row.kind}`));
  return [...codes, ...choosable.filter((event) => wanted.has(`${event.userId} ${event.kind}`))];
}

/** Records events; one already recorded is left as it is (no error, so a transaction goes on). */
export async function recordNotices(
  db: Kysely<DB>,
  events: NoticeEvent[],
  now: string,
): Promise<void> {
  if (events.length === 0) return;
  const byChannel: { event: NoticeEvent; channel: NoticeChannel }[] = [
    ...events
      .filter((event) => !isSmsOnly(event.kind))
      .map((event) => ({ event, channel: 'email' as const })),
    ...(await smsEvents(db, events)).map((event) => ({ event, channel: 'sms' as const })),
  ];
  if (byChannel.length === 0) return;
  await db
    .insertInto('notice')
    .values(
      byChannel.map(({ event: { payload, ...event }, channel }) => ({
        id: randomUUID(),
        ...event,
        channel,
        payload: payload === undefined ? null : JSON.stringify(payload),
        createdAt: now,
        nextAttemptAt: now,
        leaseToken: null,
        leaseUntil: null,
        sentAt: null,
        lastError: null,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['kind', 'subjectId', 'until', 'channel']).doNothing(),
    )
    .execute();
}
