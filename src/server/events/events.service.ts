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
 * - A reminder is claimed by one conditional update before its mail is sent, so every instance
 *   may look for reminders at once and each member gets one.
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
import type { LibraryClock } from '../circulation/library-clock.ts';
import type { Member } from '../circulation/loans.repository.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import type { Appointment, AppointmentMails } from '../mail/appointment-mails.ts';
import {
  claimReminder,
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

/** Reminders one round sends; the next round takes the rest. */
const REMINDER_BATCH = 200;

const refusal = {
  notFound: () => new ApiError(404, 'EVENT_NOT_FOUND', 'The selected event does not exist.'),
  cancelled: () => new ApiError(409, 'EVENT_CANCELLED', 'This event has been cancelled.'),
  started: () => new ApiError(409, 'EVENT_STARTED', 'This event has already started.'),
  already: () =>
    new ApiError(
      409,
      'ALREADY_REGISTERED',
      'You are already registered or waiting for this event.',
    ),
  noRegistration: () =>
    new ApiError(404, 'REGISTRATION_NOT_FOUND', 'You are not registered for this event.'),
  belowRegistered: (registered: number) =>
    new ApiError(
      409,
      'CAPACITY_BELOW_REGISTERED',
      `${registered} members are registered: the capacity cannot be lower.`,
    ),
};

export class Events {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: LibraryClock,
    private readonly timeZone: string,
    private readonly mails: AppointmentMails,
  ) {}

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
    if (!event) throw refusal.notFound();
    return event;
  }

  async create(event: EventCreate): Promise<LibraryEvent> {
    const id = await insertEvent(this.db, event, this.clock.now().toISOString());
    return this.get(id);
  }

  /** Edits an event; a higher capacity registers waiting members in order, with a mail each. */
  async update(eventId: string, changes: EventUpdate): Promise<LibraryEvent> {
    const { event, promoted } = await retryingTransaction(this.db, async (tx) => {
      const locked = await lockEvent(tx, eventId);
      if (!locked) return refusal.notFound();
      const startsAt = changes.startsAt ?? locked.startsAt;
      const endsAt = changes.endsAt ?? locked.endsAt;
      if (Date.parse(endsAt) <= Date.parse(startsAt)) {
        return new ApiError(400, 'VALIDATION', 'endsAt: must be after startsAt');
      }
      const registered = await registeredCount(tx, eventId);
      const capacity = changes.capacity ?? locked.capacity;
      if (capacity < registered) return refusal.belowRegistered(registered);
      await updateEvent(tx, eventId, changes);
      const promoted =
        locked.status === 'scheduled'
          ? await promoteWaiting(tx, eventId, capacity - registered)
          : [];
      return { event: { ...locked, ...changes }, promoted };
    });
    void this.mails.send('eventPromoted', promoted, this.appointment(event));
    return this.get(eventId);
  }

  /** Cancels an event and mails everyone registered or waiting; cancelling again changes nothing. */
  async cancel(eventId: string): Promise<LibraryEvent> {
    const { event, mailed } = await retryingTransaction(this.db, async (tx) => {
      const locked = await lockEvent(tx, eventId);
      if (!locked) return refusal.notFound();
      if (locked.status === 'cancelled') return { event: locked, mailed: [] };
      await updateEvent(tx, eventId, { status: 'cancelled' });
      return { event: locked, mailed: await participants(tx, eventId) };
    });
    void this.mails.send('eventCancelled', mailed, this.appointment(event));
    return this.get(eventId);
  }

  async register(member: Member, eventId: string): Promise<RegistrationResult> {
    const { result, event } = await retryingTransaction(this.db, async (tx) => {
      const locked = await lockEvent(tx, eventId);
      if (!locked) return refusal.notFound();
      if (locked.status === 'cancelled') return refusal.cancelled();
      if (Date.parse(locked.startsAt) <= this.clock.now().getTime()) return refusal.started();
      if (await findRegistration(tx, eventId, member.id)) return refusal.already();
      const full = (await registeredCount(tx, eventId)) >= locked.capacity;
      await insertRegistration(tx, {
        eventId,
        member,
        status: full ? 'waiting' : 'registered',
        joinedAt: this.clock.now().toISOString(),
      });
      const mine = await findRegistration(tx, eventId, member.id);
      const position = full && mine ? await waitingPosition(tx, eventId, mine.queueNumber) : null;
      const result: RegistrationResult = { status: full ? 'waiting' : 'registered', position };
      return { result, event: locked };
    });
    if (result.status === 'registered') {
      void this.mails.send('eventRegistered', [member.id], this.appointment(event));
    }
    return result;
  }

  /** Leaves an event not yet started; a freed seat goes at once to the first waiting member. */
  async unregister(member: Member, eventId: string): Promise<void> {
    const { event, promoted } = await retryingTransaction(this.db, async (tx) => {
      const locked = await lockEvent(tx, eventId);
      if (!locked) return refusal.notFound();
      const mine = await findRegistration(tx, eventId, member.id);
      if (!mine) return refusal.noRegistration();
      if (Date.parse(locked.startsAt) <= this.clock.now().getTime()) return refusal.started();
      await deleteRegistration(tx, mine.id);
      const freed = mine.status === 'registered' && locked.status === 'scheduled';
      return { event: locked, promoted: freed ? await promoteWaiting(tx, eventId, 1) : [] };
    });
    void this.mails.send('eventPromoted', promoted, this.appointment(event));
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
    if (!event) throw refusal.notFound();
    return this.mails.calendar(this.appointment({ ...event, id: event._id }));
  }

  private appointment(
    event: Pick<EventRow, 'id' | 'title' | 'place' | 'description' | 'startsAt' | 'endsAt'>,
  ): Appointment {
    return {
      uid: `event-${event.id}`,
      what: event.title,
      place: event.place,
      description: event.description,
      start: new Date(event.startsAt),
      end: new Date(event.endsAt),
      path: pagePaths.events,
    };
  }

  /**
   * Mails the members registered for tomorrow's events (on the library's calendar) who have not
   * had their reminder; answers how many it sent. Any number of instances may run it at once.
   */
  async sendReminders(): Promise<number> {
    const tomorrow = addDays(this.clock.today(), 1);
    const due = await unreminded(
      this.db,
      instantAt(this.timeZone, tomorrow, '00:00').toISOString(),
      instantAt(this.timeZone, addDays(tomorrow, 1), '00:00').toISOString(),
      REMINDER_BATCH,
    );
    let sent = 0;
    for (const reminder of due) {
      if (!(await claimReminder(this.db, reminder.id, this.clock.now().toISOString()))) continue;
      const event = await findEvent(this.db, reminder.eventId);
      if (!event) continue;
      await this.mails.send(
        'eventReminder',
        [reminder.userId],
        this.appointment({ ...event, id: event._id }),
      );
      sent += 1;
    }
    return sent;
  }
}
