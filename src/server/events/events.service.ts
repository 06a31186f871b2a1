/**
 * The events' rules, in one place (docs/product/rooms-and-events.md): capacity, a waiting list
 * served in the order joined, cancelling, attendance and the reminder the day before.
 *
 * Why they hold under any concurrency, across processes:
 * - Every change to an event's registrations runs in one transaction that first locks the
 *   event's row (events.repository.ts lockEvent), so they happen one after the other: the count
 *   of registered members is read after the last change committed and never passes the capacity.
 * - Registrations are numbered in the order they joined (`queueNumber`, unique per event), and a
 *   freed seat goes to the lowest waiting number, in the transaction that freed it.
 * - One registration per member and event is a unique key; the loser of a race is run again and
 *   finds it there.
 * - An event held in a room takes the room's time in the transaction that creates, moves or
 *   cancels it (rooms.service.ts holdForEvent), under the room's exclusive lock.
 * - Every mail (registered, a seat given, cancelled, the reminder) is a row of the notices' outbox,
 *   written in the transaction that causes it; a reminder's row is unique per registration, so
 *   every instance may look for reminders at once and each member gets one.
 */
import type { Kysely } from 'kysely';
import { addDays } from '../../common/calendar.ts';
import type {
  EventCreate,
  EventRegistration,
  EventUpdate,
  LibraryEvent,
  MemberRegistration,
  RegistrationResult,
} from '../../common/event-schemas.ts';
import { instantAt } from '../../common/opening-hours.ts';
import { pagePaths } from '../../common/page-paths.ts';
import type { Kernel } from '../core/kernel.ts';
import type { Member } from '../core/member.ts';
import type { Rooms } from '../rooms/rooms.service.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import {
  appointmentCalendar,
  type Appointment,
  type AppointmentMail,
  type AppointmentSettings,
} from '../mail/appointment-texts.ts';
import { tooManyAppointmentChanges } from '../members/appointment-changes.ts';
import { recordNotices } from '../notices/outbox.ts';
import {
  anonymiseRegistrations,
  comingRegistrationsOf,
  deleteRegistration,
  eventRegistrations,
  findEvent,
  findRegistration,
  insertEvent,
  insertRegistration,
  listEvents,
  lockEvent,
  memberRegistrations,
  participants,
  promoteWaiting,
  registeredCount,
  setAttendance,
  unreminded,
  updateEvent,
  waitingPosition,
  type EventRow,
} from './events.repository.ts';

/** Reminders one round records; the next round takes the rest. */
const REMINDER_BATCH = 200;

const belowRegistered = (registered: number) =>
  new ApiError(
    409,
    'CAPACITY_BELOW_REGISTERED',
    `${registered} members are registered: the capacity cannot be lower.`,
  );

export class Events {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly kernel: Kernel,
    private readonly settings: AppointmentSettings,
    private readonly rooms: Rooms,
  ) {}

  private get clock() {
    return this.kernel.clock;
  }

  private get timeZone() {
    return this.settings.timeZone;
  }

  /** The event's mail to each of `registrations`, in the outbox, in the transaction that causes it. */
  private mail(
    tx: Kysely<DB>,
    kind: AppointmentMail,
    registrations: { id: string; userId: string }[],
    event: Pick<EventRow, 'id' | 'title' | 'place' | 'description' | 'startsAt' | 'endsAt'>,
  ) {
    const now = this.clock.now().toISOString();
    const appointment = this.appointment(event);
    const events = registrations.map((registration) => ({
      kind,
      subjectId: registration.id,
      // A registration is mailed once for each kind, but for a seat given again after a
      // capacity lowered and raised: then it is another moment.
      until: kind === 'eventReminder' ? event.startsAt : now,
      userId: registration.userId,
      bookId: '',
      bookName: '',
      payload: { appointment },
    }));
    return recordNotices(tx, events, now);
  }

  /** Events not yet ended, or those starting on the days `from` to `to` (library dates). */
  list(range: { from?: string; to?: string }): Promise<LibraryEvent[]> {
    const midnight = (day: string) => instantAt(this.timeZone, day, '00:00').toISOString();
    return listEvents(this.db, {
      endsAfter: range.from ? undefined : this.clock.now().toISOString(),
      startsFrom: range.from && midnight(range.from),
      startsBefore: range.to && midnight(addDays(range.to, 1)),
    });
  }

  async get(eventId: string): Promise<LibraryEvent> {
    const event = await findEvent(this.db, eventId);
    if (!event) throw this.kernel.refuse('EVENT_NOT_FOUND');
    return event;
  }

  async create(event: EventCreate): Promise<LibraryEvent> {
    const id = await retryingTransaction(this.db, async (tx) => {
      const created = await insertEvent(tx, event, this.clock.now().toISOString());
      // Thrown, not returned: the transaction is rolled back and keeps no event.
      const refused = await this.holdRoom(tx, { ...event, id: created, status: 'scheduled' });
      if (refused) throw refused;
      return created;
    });
    return this.get(id);
  }

  /** The event's room, if it has one and is scheduled, takes the event's time; else none does. */
  private async holdRoom(
    tx: Kysely<DB>,
    event: Pick<EventRow, 'id' | 'roomId' | 'startsAt' | 'endsAt' | 'status'>,
  ): Promise<ApiError | undefined> {
    if (!event.roomId || event.status !== 'scheduled') {
      await this.rooms.releaseEvent(tx, event.id);
      return undefined;
    }
    return this.rooms.holdForEvent(tx, {
      eventId: event.id,
      roomId: event.roomId,
      startsAt: new Date(event.startsAt).toISOString(),
      endsAt: new Date(event.endsAt).toISOString(),
    });
  }

  /** Edits an event; a higher capacity registers waiting members in order, with a mail each. */
  async update(eventId: string, changes: EventUpdate): Promise<LibraryEvent> {
    await retryingTransaction(this.db, async (tx) => {
      const locked = await lockEvent(tx, eventId);
      if (!locked) return this.kernel.refuse('EVENT_NOT_FOUND');
      const startsAt = changes.startsAt ?? locked.startsAt;
      const endsAt = changes.endsAt ?? locked.endsAt;
      if (Date.parse(endsAt) <= Date.parse(startsAt)) {
        return new ApiError(400, 'VALIDATION', 'endsAt: must be after startsAt');
      }
      const registered = await registeredCount(tx, eventId);
      const capacity = changes.capacity ?? locked.capacity;
      if (capacity < registered) return belowRegistered(registered);
      const refused = await this.holdRoom(tx, { ...locked, ...changes, startsAt, endsAt });
      if (refused) throw refused;
      await updateEvent(tx, eventId, changes);
      const promoted =
        locked.status === 'scheduled'
          ? await promoteWaiting(tx, eventId, capacity - registered)
          : [];
      await this.mail(tx, 'eventPromoted', promoted, { ...locked, ...changes });
    });
    return this.get(eventId);
  }

  /** Cancels an event and mails everyone registered or waiting; cancelling again changes nothing. */
  async cancel(eventId: string): Promise<LibraryEvent> {
    await retryingTransaction(this.db, async (tx) => {
      const locked = await lockEvent(tx, eventId);
      if (!locked) return this.kernel.refuse('EVENT_NOT_FOUND');
      if (locked.status === 'cancelled') return;
      await updateEvent(tx, eventId, { status: 'cancelled' });
      await this.rooms.releaseEvent(tx, eventId);
      await this.mail(tx, 'eventCancelled', await participants(tx, eventId), locked);
    });
    return this.get(eventId);
  }

  async register(member: Member, eventId: string): Promise<RegistrationResult> {
    return retryingTransaction(this.db, async (tx) => {
      const locked = await lockEvent(tx, eventId);
      if (!locked) return this.kernel.refuse('EVENT_NOT_FOUND');
      if (locked.status === 'cancelled') return this.kernel.refuse('EVENT_CANCELLED');
      if (Date.parse(locked.startsAt) <= this.clock.now().getTime())
        return this.kernel.refuse('EVENT_STARTED');
      // Read under a share lock: an account being closed waits for this, or is gone by now.
      const refusal = await this.kernel.eligibility.refusal(tx, 'eventRegistration', member.id);
      if (refusal) return this.kernel.refuse(refusal);
      if (await findRegistration(tx, eventId, member.id))
        return this.kernel.refuse('ALREADY_REGISTERED');
      if (await tooManyAppointmentChanges(tx, member.id, this.clock.now()))
        return this.kernel.refuse('RATE_LIMITED');
      const full = (await registeredCount(tx, eventId)) >= locked.capacity;
      await insertRegistration(tx, {
        eventId,
        member,
        status: full ? 'waiting' : 'registered',
        joinedAt: this.clock.now().toISOString(),
      });
      const mine = await findRegistration(tx, eventId, member.id);
      const position = full && mine ? await waitingPosition(tx, eventId, mine.queueNumber) : null;
      if (!full && mine) await this.mail(tx, 'eventRegistered', [mine], locked);
      const result: RegistrationResult = { status: full ? 'waiting' : 'registered', position };
      return result;
    });
  }

  /** Leaves an event not yet started; a freed seat goes at once to the first waiting member. */
  async unregister(member: Member, eventId: string): Promise<void> {
    await retryingTransaction(this.db, async (tx) => {
      const locked = await lockEvent(tx, eventId);
      if (!locked) return this.kernel.refuse('EVENT_NOT_FOUND');
      const mine = await findRegistration(tx, eventId, member.id);
      if (!mine) return this.kernel.refuse('REGISTRATION_NOT_FOUND');
      if (Date.parse(locked.startsAt) <= this.clock.now().getTime())
        return this.kernel.refuse('EVENT_STARTED');
      if (await tooManyAppointmentChanges(tx, member.id, this.clock.now()))
        return this.kernel.refuse('RATE_LIMITED');
      await deleteRegistration(tx, mine.id);
      const freed = mine.status === 'registered' && locked.status === 'scheduled';
      if (freed) await this.mail(tx, 'eventPromoted', await promoteWaiting(tx, eventId, 1), locked);
    });
  }

  /**
   * Closing the member's account (profile/account-closing.ts), in its transaction: they leave
   * every event not yet started, each freed seat going to the first member waiting (with a
   * mail), and their registrations stay as history without their name, e-mail or id.
   */
  async releaseMember(tx: Kysely<DB>, userId: string): Promise<void> {
    const coming = await comingRegistrationsOf(tx, userId, this.clock.now().toISOString());
    for (const { eventId } of coming) {
      const locked = await lockEvent(tx, eventId);
      // Read again under the event's lock: a seat may have been given to them meanwhile.
      const mine = locked && (await findRegistration(tx, eventId, userId));
      if (!locked || !mine) continue;
      await deleteRegistration(tx, mine.id);
      if (mine.status === 'registered' && locked.status === 'scheduled')
        await this.mail(tx, 'eventPromoted', await promoteWaiting(tx, eventId, 1), locked);
    }
    await anonymiseRegistrations(tx, userId);
  }

  /** Every registration of the member, for past events too (the data download). */
  allRegistrations(member: Member): Promise<MemberRegistration[]> {
    return memberRegistrations(this.db, member.id);
  }

  registrations(member: Member): Promise<MemberRegistration[]> {
    return memberRegistrations(this.db, member.id, this.clock.now().toISOString());
  }

  async eventRegistrations(eventId: string): Promise<EventRegistration[]> {
    await this.get(eventId);
    return eventRegistrations(this.db, eventId);
  }

  /** Marks whether a registered member came (the desk); answers the event's list. */
  async markAttendance(
    eventId: string,
    registrationId: string,
    attended: boolean,
  ): Promise<EventRegistration[]> {
    if (!(await setAttendance(this.db, eventId, registrationId, attended))) {
      throw new ApiError(
        404,
        'REGISTRATION_NOT_FOUND',
        'There is no such registration for this event.',
      );
    }
    return eventRegistrations(this.db, eventId);
  }

  async calendar(eventId: string): Promise<string> {
    const event = await findEvent(this.db, eventId);
    if (!event) throw this.kernel.refuse('EVENT_NOT_FOUND');
    return appointmentCalendar(this.settings, this.appointment({ ...event, id: event._id }));
  }

  private appointment(
    event: Pick<EventRow, 'id' | 'title' | 'place' | 'description' | 'startsAt' | 'endsAt'>,
  ): Appointment {
    return {
      uid: `event-${event.id}`,
      what: event.title,
      place: event.place,
      description: event.description,
      start: event.startsAt,
      end: event.endsAt,
      path: pagePaths.events,
    };
  }

  /**
   * Puts the reminders of tomorrow's events (on the library's calendar) in the outbox, for the
   * members registered who have none yet; answers how many. Any number of instances may run it at
   * once: a reminder's row is unique per registration.
   */
  async recordReminders(): Promise<number> {
    const tomorrow = addDays(this.clock.today(), 1);
    const due = await unreminded(
      this.db,
      instantAt(this.timeZone, tomorrow, '00:00').toISOString(),
      instantAt(this.timeZone, addDays(tomorrow, 1), '00:00').toISOString(),
      REMINDER_BATCH,
    );
    for (const reminder of due) {
      const event = await findEvent(this.db, reminder.eventId);
      if (event) await this.mail(this.db, 'eventReminder', [reminder], { ...event, id: event._id });
    }
    return due.length;
  }
}
