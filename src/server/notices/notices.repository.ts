/**
 * SQL for notices (docs/product.md#accounts): the outbox rows, their claims and the members' choices.
 * Every event is one row, unique by (kind, subjectId, until) — `notice_once` of migration 0050 —
 * so an event recorded twice (two sweeps, a transaction run again) is recorded once.
 */
import type { Kysely } from 'kysely';
import { NOTICE_KINDS, type NoticeKind } from '../../common/constants.ts';
import type { NoticeEvent } from './outbox.ts';
import type { Notice, NoticeChoices } from '../../common/types.ts';
import type { DB } from '../db/schema.ts';

/**
 * Current loans whose event of `kind` is due and not yet recorded: due between `from` and `to`
 * (inclusive, YYYY-MM-DD), for the sweep. A renewal moves the due date, so it makes a new event.
 */
export async function loansWithoutNotice(
  db: Kysely<DB>,
  kind: 'dueSoon' | 'overdue',
  range: { from?: string; to: string },
  limit: number,
): Promise<NoticeEvent[]> {
  let query = db
    .selectFrom('loan')
    .innerJoin('book', 'book.id', 'loan.bookId')
    .select(['loan.id', 'loan.userId', 'loan.bookId', 'loan.returnDate', 'book.name'])
    .where('loan.returnedAt', 'is', null)
    .where('loan.returnDate', '<=', range.to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notice')
            .select('notice.id')
            .where('notice.kind', '=', kind)
            .whereRef('notice.subjectId', '=', 'loan.id')
            .whereRef('notice.until', '=', 'loan.returnDate'),
        ),
      ),
    );
  if (range.from) query = query.where('loan.returnDate', '>=', range.from);
  const rows = await query.orderBy('loan.returnDate').orderBy('loan.id').limit(limit).execute();
  return rows.map((row) => ({
    kind,
    subjectId: row.id,
    until: row.returnDate,
    userId: row.userId,
    bookId: row.bookId,
    bookName: row.name,
  }));
}

/** Notices that may be sent now and that nobody holds a live lease on, oldest first. */
export async function deliverableNotices(db: Kysely<DB>, now: string, limit: number) {
  const rows = await db
    .selectFrom('notice')
    .select('id')
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the notice for one delivery attempt until `leaseUntil`, if it is still pending and nobody
 * else's lease on it is live. A compare-and-set on the row: when two processes try at once, the
 * database lets one update it (PostgreSQL checks the condition again on the row it waited for;
 * SQLite has one writer), so exactly one of them answers true.
 */
export async function claimNotice(
  db: Kysely<DB>,
  id: string,
  claim: { token: string; now: string; leaseUntil: string },
): Promise<boolean> {
  const result = await db
    .updateTable('notice')
    .set((eb) => ({
      leaseToken: claim.token,
      leaseUntil: claim.leaseUntil,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', claim.now)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A claimed notice with what its mail needs: the member (if the account still exists) and whether they want it. */
export async function claimedNotice(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('notice')
    .leftJoin('user', 'user.id', 'notice.userId')
    .leftJoin('noticeOptOut', (join) =>
      join
        .onRef('noticeOptOut.userId', '=', 'notice.userId')
        .onRef('noticeOptOut.kind', '=', 'notice.kind'),
    )
    .select([
      'notice.id',
      'notice.kind',
      'notice.subjectId',
      'notice.until',
      'notice.bookId',
      'notice.bookName',
      'notice.payload',
      'notice.attempts',
      'notice.createdAt',
      'user.name as memberName',
      'user.email as memberEmail',
      'user.emailVerified as memberVerified',
      'user.lang as memberLang',
      'noticeOptOut.kind as optedOut',
    ])
    .where('notice.id', '=', id)
    .executeTakeFirst();
}

export type ClaimedNotice = NonNullable<Awaited<ReturnType<typeof claimedNotice>>>;

/**
 * Whether the event is still so: the loan still current and due that day, the copy still kept, the
 * member still registered for tomorrow's event. What has happened (a booking made or cancelled, a
 * hold expired or cancelled, an event cancelled, an account mail) stays so.
 */
export async function stillTrue(db: Kysely<DB>, notice: ClaimedNotice): Promise<boolean> {
  if (notice.kind === 'eventReminder') {
    const registered = await db
      .selectFrom('eventRegistration')
      .innerJoin('libraryEvent', 'libraryEvent.id', 'eventRegistration.eventId')
      .select('eventRegistration.id')
      .where('eventRegistration.id', '=', notice.subjectId)
      .where('eventRegistration.status', '=', 'registered')
      .where('libraryEvent.status', '=', 'scheduled')
      .executeTakeFirst();
    return registered !== undefined;
  }
  if (notice.kind === 'ebookReady') {
    const kept = await db
      .selectFrom('ebookWait')
      .select('id')
      .where('id', '=', notice.subjectId)
      .where('status', '=', 'ready')
      .where('readyUntil', '=', notice.until)
      .executeTakeFirst();
    return kept !== undefined;
  }
  if (notice.kind === 'membershipExpiring') {
    const membership = await db
      .selectFrom('membership')
      .select('userId')
      .where('userId', '=', notice.subjectId)
      .where('expiresOn', '=', notice.until)
      .executeTakeFirst();
    return membership !== undefined;
  }
  if (notice.kind === 'holdReady') {
    const hold = await db
      .selectFrom('hold')
      .select('id')
      .where('id', '=', notice.subjectId)
      .where('status', '=', 'ready')
      .where('readyUntil', '=', notice.until)
      .executeTakeFirst();
    return hold !== undefined;
  }
  if (notice.kind === 'dueSoon' || notice.kind === 'overdue') {
    const loan = await db
      .selectFrom('loan')
      .select('id')
      .where('id', '=', notice.subjectId)
      .where('returnedAt', 'is', null)
      .where('returnDate', '=', notice.until)
      .executeTakeFirst();
    return loan !== undefined;
  }
  return true;
}

/**
 * Ends the attempt of the lease `token`: the notice's new status, or (pending) when to try again.
 * Answers false when the lease was no longer this attempt's (it ran out and another took it).
 */
export async function settleNotice(
  db: Kysely<DB>,
  id: string,
  token: string,
  outcome:
    | { status: 'sent'; at: string }
    | { status: 'optedOut' | 'obsolete' | 'failed'; error?: string }
    | { status: 'pending'; nextAttemptAt: string; error: string },
): Promise<boolean> {
  const result = await db
    .updateTable('notice')
    .set({
      status: outcome.status,
      leaseToken: null,
      leaseUntil: null,
      ...(outcome.status === 'sent' ? { sentAt: outcome.at, lastError: null } : {}),
      ...(outcome.status === 'pending' ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      ...('error' in outcome && outcome.error ? { lastError: outcome.error.slice(0, 500) } : {}),
    })
    .where('id', '=', id)
    .where('leaseToken', '=', token)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Most notices the app lists for a member. */
const NOTICES_LISTED = 50;

/** The member's notices, newest first; those no longer true when their turn came are left out. */
export async function listMemberNotices(
  db: Kysely<DB>,
  userId: string,
  limit: number = NOTICES_LISTED,
): Promise<Notice[]> {
  const rows = await db
    .selectFrom('notice')
    .select(['id', 'kind', 'bookId', 'bookName', 'until', 'createdAt', 'status'])
    .where('userId', '=', userId)
    .where('kind', 'in', NOTICE_KINDS)
    .where('status', '!=', 'obsolete')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind as NoticeKind,
    bookId: row.bookId,
    bookName: row.bookName,
    until: row.until,
    createdAt: row.createdAt,
    // Obsolete notices are filtered out above.
    email: row.status as Notice['email'],
  }));
}

export async function noticeChoices(db: Kysely<DB>, userId: string): Promise<NoticeChoices> {
  const optedOut = await db
    .selectFrom('noticeOptOut')
    .select('kind')
    .where('userId', '=', userId)
    .execute();
  const no = new Set(optedOut.map((row) => row.kind));
  return Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, !no.has(kind)])) as NoticeChoices;
}

/** Sets the member's choices for the kinds named; the others stay as they were. */
export async function setNoticeChoices(
  db: Kysely<DB>,
  userId: string,
  choices: Partial<NoticeChoices>,
): Promise<void> {
  const entries = Object.entries(choices) as [NoticeKind, boolean][];
  const wanted = entries.filter(([, yes]) => yes).map(([kind]) => kind);
  const unwanted = entries.filter(([, yes]) => !yes).map(([kind]) => kind);
  if (wanted.length > 0) {
    await db
      .deleteFrom('noticeOptOut')
      .where('userId', '=', userId)
      .where('kind', 'in', wanted)
      .execute();
  }
  if (unwanted.length > 0) {
    await db
      .insertInto('noticeOptOut')
      .values(unwanted.map((kind) => ({ userId, kind })))
      .onConflict((conflict) => conflict.columns(['userId', 'kind']).doNothing())
      .execute();
  }
}

/** Forgets the member's notices and choices (their account is being deleted). */
export async function deleteMemberNotices(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('notice').where('userId', '=', userId).execute();
  await db.deleteFrom('noticeOptOut').where('userId', '=', userId).execute();
}
