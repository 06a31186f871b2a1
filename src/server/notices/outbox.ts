/**
 * The notices' outbox as every module writes to it (docs/architecture.md#notices-by-e-mail): a mail
 * to a member is an event recorded in the transaction that causes it, so it exists exactly when
 * the change committed; notices.service.ts sends it. Each event is one row, unique by (kind,
 * subjectId, until), so an event recorded twice (two sweeps, a transaction run again) is
 * recorded once.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OutboxKind } from '../../common/constants.ts';
import type { DB } from '../db/schema.ts';
import type { Appointment } from '../mail/appointment-texts.ts';

/** What a mail needs beyond its book: an appointment, or the link of an account mail. */
export type NoticePayload = { appointment: Appointment } | { url: string };

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

/** Records events; one already recorded is left as it is (no error, so a transaction goes on). */
export async function recordNotices(
  db: Kysely<DB>,
  events: NoticeEvent[],
  now: string,
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('notice')
    .values(
      events.map(({ payload, ...event }) => ({
        id: randomUUID(),
        ...event,
        payload: payload === undefined ? null : JSON.stringify(payload),
        createdAt: now,
        nextAttemptAt: now,
        leaseToken: null,
        leaseUntil: null,
        sentAt: null,
        lastError: null,
      })),
    )
    .onConflict((conflict) => conflict.columns(['kind', 'subjectId', 'until']).doNothing())
    .execute();
}
