/** SQL for library events and the members registered or waiting for them (migration 0110). */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  EventCreate,
  EventRegistration,
  LibraryEvent,
  MemberRegistration,
} from '../../common/event-schemas.ts';
import { dialectOf } from '../db/database.ts';
import type { DB, LibraryEventTable } from '../db/schema.ts';

export type EventRow = Selectable<LibraryEventTable>;

const countOf = (value: number | string | bigint | null) => Number(value ?? 0);

/** Events with their registered and waiting counts, soonest first. */
function eventsWithCounts(db: Kysely<DB>) {
  return db.selectFrom('libraryEvent as event').select((eb) => [
    'event.id',
    'event.title',
    'event.description',
    'event.place',
    'event.roomId',
    'event.startsAt',
    'event.endsAt',
    'event.capacity',
    'event.status',
    eb
      .selectFrom('eventRegistration')
      .select((inner) => inner.fn.countAll<number | string>().as('count'))
      .whereRef('eventRegistration.eventId', '=', 'event.id')
      .where('eventRegistration.status', '=', 'registered')
      .as('registered'),
    eb
      .selectFrom('eventRegistration')
      .select((inner) => inner.fn.countAll<number | string>().as('count'))
      .whereRef('eventRegistration.eventId', '=', 'event.id')
      .where('eventRegistration.status', '=', 'waiting')
      .as('waiting'),
  ]);
}

type CountedRow = EventRow & {
  registered: number | string | null;
  waiting: number | string | null;
};

function toEvent(row: Omit<CountedRow, 'createdAt'>): LibraryEvent {
  const registered = countOf(row.registered);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    place: row.place,
    roomId: row.roomId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    capacity: row.capacity,
    registered,
    waiting: countOf(row.waiting),
    seatsLeft: row.status === 'cancelled' ? 0 : Math.max(0, row.capacity - registered),
    status: row.status,
  };
}

/** Events that end after `endsAfter` and start before `startsBefore` (either may be absent). */
export async function listEvents(
  db: Kysely<DB>,
  range: { endsAfter?: string; startsBefore?: string; startsFrom?: string },
): Promise<LibraryEvent[]> {
  let query = eventsWithCounts(db);
  if (range.endsAfter) query = query.where('event.endsAt', '>', range.endsAfter);
  if (range.startsFrom) query = query.where('event.startsAt', '>=', range.startsFrom);
  if (range.startsBefore) query = query.where('event.startsAt', '<', range.startsBefore);
  const rows = await query.orderBy('event.startsAt').orderBy('event.id').execute();
  return rows.map(toEvent);
}

export async function findEvent(
  db: Kysely<DB>,
  eventId: string,
): Promise<LibraryEvent | undefined> {
  const row = await eventsWithCounts(db).where('event.id', '=', eventId).executeTakeFirst();
  return row && toEvent(row);
}

/**
 * The event's row, locked until the transaction ends (PostgreSQL: FOR UPDATE; SQLite has one
 * writer): every change to its registrations runs under it, one after the other.
 */
export async function lockEvent(db: Kysely<DB>, eventId: string): Promise<EventRow | undefined> {
  const query = db.selectFrom('libraryEvent').selectAll().where('id', '=', eventId);
  return (dialectOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * An instant as every instant is stored: in UTC, `…Z`. Events are listed and compared by these
 * strings, so `19:00+14:00` kept as typed sorted after `10:00Z` of the same day (issue 33).
 */
const inUtc = (instant: string) => new Date(instant).toISOString();

/** The event's times, if given, in UTC. */
const timesInUtc = <T extends { startsAt?: string; endsAt?: string }>(event: T): T => ({
  ...event,
  ...(event.startsAt === undefined ? {} : { startsAt: inUtc(event.startsAt) }),
  ...(event.endsAt === undefined ? {} : { endsAt: inUtc(event.endsAt) }),
});

export async function insertEvent(
  db: Kysely<DB>,
  event: EventCreate,
  now: string,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('libraryEvent')
    .values({ id, ...timesInUtc(event), status: 'scheduled', createdAt: now })
    .execute();
  return id;
}

export async function updateEvent(
  db: Kysely<DB>,
  eventId: string,
  changes: Partial<Omit<EventRow, 'id' | 'createdAt'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('libraryEvent').set(timesInUtc(changes)).where('id', '=', eventId).execute();
}

export async function registeredCount(db: Kysely<DB>, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('eventRegistration')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('eventId', '=', eventId)
    .where('status', '=', 'registered')
    .executeTakeFirstOrThrow();
  return countOf(row.count);
}

export async function findRegistration(db: Kysely<DB>, eventId: string, userId: string) {
  return db
    .selectFrom('eventRegistration')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Adds the member at the end of the event's order; answers the new row's id. */
export async function insertRegistration(
  db: Kysely<DB>,
  registration: {
    eventId: string;
    member: { id: string; name: string; email: string };
    status: 'registered' | 'waiting';
    joinedAt: string;
  },
): Promise<string> {
  const last = await db
    .selectFrom('eventRegistration')
    .select((eb) => eb.fn.max('queueNumber').as('last'))
    .where('eventId', '=', registration.eventId)
    .executeTakeFirst();
  const id = randomUUID();
  await db
    .insertInto('eventRegistration')
    .values({
      id,
      eventId: registration.eventId,
      userId: registration.member.id,
      userName: registration.member.name,
      userEmail: registration.member.email,
      status: registration.status,
      queueNumber: countOf(last?.last ?? 0) + 1,
      joinedAt: registration.joinedAt,
      attended: null,
    })
    .execute();
  return id;
}

/** How many of the event's waiting members joined before or with `queueNumber`. */
export async function waitingPosition(db: Kysely<DB>, eventId: string, queueNumber: number) {
  const row = await db
    .selectFrom('eventRegistration')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('eventId', '=', eventId)
    .where('status', '=', 'waiting')
    .where('queueNumber', '<=', queueNumber)
    .executeTakeFirstOrThrow();
  return countOf(row.count);
}

export async function deleteRegistration(db: Kysely<DB>, registrationId: string): Promise<void> {
  await db.deleteFrom('eventRegistration').where('id', '=', registrationId).execute();
}

/** Registers the first `seats` waiting members, in the order joined; answers their registrations. */
export async function promoteWaiting(db: Kysely<DB>, eventId: string, seats: number) {
  if (seats <= 0) return [];
  const first = await db
    .selectFrom('eventRegistration')
    .select(['id', 'userId'])
    .where('eventId', '=', eventId)
    .where('status', '=', 'waiting')
    .orderBy('queueNumber')
    .limit(seats)
    .execute();
  if (first.length === 0) return [];
  await db
    .updateTable('eventRegistration')
    .set({ status: 'registered' })
    .where(
      'id',
      'in',
      first.map((registration) => registration.id),
    )
    .execute();
  return first;
}

/** Everybody registered or waiting: their registrations. */
export async function participants(db: Kysely<DB>, eventId: string) {
  return db
    .selectFrom('eventRegistration')
    .select(['id', 'userId'])
    .where('eventId', '=', eventId)
    .orderBy('queueNumber')
    .execute();
}

/** A waiting registration's position: the waiting ones joined up to it. */
const positionColumn = (db: Kysely<DB>) =>
  db
    .selectFrom('eventRegistration as ahead')
    .select((inner) => inner.fn.countAll<number | string>().as('position'))
    .where('ahead.status', '=', 'waiting')
    // The outer row's columns, which this subquery's own types do not know.
    .where(sql<boolean>`${sql.ref('ahead.eventId')} = ${sql.ref('mine.eventId')}`)
    .where(sql<boolean>`${sql.ref('ahead.queueNumber')} <= ${sql.ref('mine.queueNumber')}`)
    .as('position');

/** The event's registrations in the order joined, for the desk. */
export async function eventRegistrations(
  db: Kysely<DB>,
  eventId: string,
): Promise<EventRegistration[]> {
  const rows = await db
    .selectFrom('eventRegistration as mine')
    .select(['mine.id', 'mine.userName', 'mine.userEmail', 'mine.status', 'mine.attended'])
    .select(positionColumn(db))
    .where('mine.eventId', '=', eventId)
    .orderBy('mine.queueNumber')
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    userName: row.userName,
    userEmail: row.userEmail,
    status: row.status,
    position: row.status === 'waiting' ? countOf(row.position) : null,
    attended: row.attended === null ? null : Boolean(row.attended),
  }));
}

/** The member's registrations for events that end after `now` (every one without it), soonest first. */
export async function memberRegistrations(
  db: Kysely<DB>,
  userId: string,
  now = '',
): Promise<MemberRegistration[]> {
  const rows = await db
    .selectFrom('eventRegistration as mine')
    .innerJoin('libraryEvent as event', 'event.id', 'mine.eventId')
    .select([
      'mine.id',
      'mine.eventId',
      'mine.status',
      'event.title',
      'event.startsAt',
      'event.endsAt',
      'event.place',
      'event.status as eventStatus',
    ])
    .select(positionColumn(db))
    .where('mine.userId', '=', userId)
    .where('event.endsAt', '>', now)
    .orderBy('event.startsAt')
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    eventId: row.eventId,
    status: row.status,
    position: row.status === 'waiting' ? countOf(row.position) : null,
    title: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    place: row.place,
    eventStatus: row.eventStatus,
  }));
}

export async function setAttendance(
  db: Kysely<DB>,
  eventId: string,
  registrationId: string,
  attended: boolean,
): Promise<boolean> {
  const stored = dialectOf(db) === 'sqlite' ? Number(attended) : attended;
  const result = await db
    .updateTable('eventRegistration')
    .set({ attended: stored })
    .where('id', '=', registrationId)
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Registrations of scheduled events starting in [from, to) whose reminder is not yet in the
 * outbox, with their event.
 */
export async function unreminded(db: Kysely<DB>, from: string, to: string, limit: number) {
  return db
    .selectFrom('eventRegistration as registration')
    .innerJoin('libraryEvent as event', 'event.id', 'registration.eventId')
    .select(['registration.id', 'registration.userId', 'registration.eventId'])
    .where('registration.status', '=', 'registered')
    .where('event.status', '=', 'scheduled')
    .where('event.startsAt', '>=', from)
    .where('event.startsAt', '<', to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notice')
            .select('notice.id')
            .where('notice.kind', '=', 'eventReminder')
            .whereRef('notice.subjectId', '=', 'registration.id'),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

/** The member's registrations for events not yet started, for closing their account. */
export async function comingRegistrationsOf(db: Kysely<DB>, userId: string, now: string) {
  return db
    .selectFrom('eventRegistration as registration')
    .innerJoin('libraryEvent as event', 'event.id', 'registration.eventId')
    .select(['registration.id', 'registration.eventId'])
    .where('registration.userId', '=', userId)
    .where('event.startsAt', '>', now)
    .orderBy('registration.eventId')
    .execute();
}

/** Keeps the member's registrations as history, without their name, e-mail or id. */
export async function anonymiseRegistrations(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable('eventRegistration')
    .set({ userName: '', userEmail: '', userId: sql<string>`'deleted:' || ${sql.ref('id')}` })
    .where('userId', '=', userId)
    .execute();
}
