import { Form, useFetcher } from 'react-router';
import type { EventRegistration, LibraryEvent } from '../../../../common/event-schemas.ts';
import type { Room } from '../../../../common/room-schemas.ts';
import { formatEventTime } from '../format.ts';
import { tAppointments } from '../texts.ts';
import { EventEditor } from './event-editor.tsx';

function AttendanceBox({
  eventId,
  registration,
}: {
  eventId: string;
  registration: EventRegistration;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get('attended');
  const checked = pending === undefined ? registration.attended === true : pending === 'true';
  return (
    <label className="flex cursor-pointer items-center gap-2">
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        checked={checked}
        onChange={(change) =>
          void fetcher.submit(
            {
              intent: 'attendance',
              eventId,
              id: registration._id,
              attended: String(change.target.checked),
            },
            { method: 'post' },
          )
        }
      />
      <span>{tAppointments.desk.attended}</span>
      <span className="sr-only">{registration.userName}</span>
    </label>
  );
}

interface DeskEventsPanelProps {
  events: LibraryEvent[];
  shown: LibraryEvent | undefined;
  registrations: EventRegistration[];
  /** The study rooms an event may be held in. */
  rooms: Room[];
  /** The library's time zone, whose clock the times are told on. */
  timeZone: string;
}

/** One event's list at the desk: who is registered or waiting, in order, and who came. */
export function DeskEventsPanel(props: DeskEventsPanelProps) {
  const texts = tAppointments.desk;
  const { shown, timeZone } = props;
  return (
    <div className="flex flex-col gap-6">
      {shown ? (
        <EventList {...props} shown={shown} />
      ) : (
        <p className="rounded-box bg-base-200 px-6 py-12 text-center">{texts.noEvents}</p>
      )}
      {shown && (
        <details className="rounded-box bg-base-200 p-4 sm:p-6" data-testid="edit-event">
          <summary className="cursor-pointer text-lg font-semibold">
            {texts.eventEditHeading}
          </summary>
          <div className="mt-4">
            <EventEditor
              key={`${shown._id}-${shown.capacity}-${shown.startsAt}-${shown.endsAt}-${shown.title}-${shown.roomId}`}
              event={shown}
              rooms={props.rooms}
              timeZone={timeZone}
            />
          </div>
        </details>
      )}
      <section
        aria-labelledby="desk-new-event"
        className="rounded-box bg-base-200 p-4 sm:p-6"
        data-testid="new-event"
      >
        <h2 id="desk-new-event" className="mb-4 text-lg font-semibold">
          {texts.newEvent}
        </h2>
        <EventEditor key={props.events.length} rooms={props.rooms} timeZone={timeZone} />
      </section>
    </div>
  );
}

function EventList({
  events,
  shown,
  registrations,
  timeZone,
}: DeskEventsPanelProps & { shown: LibraryEvent }) {
  const texts = tAppointments.desk;
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value="events" />
        <label className="flex w-full max-w-xl flex-col gap-1">
          <span className="text-sm font-medium">{texts.eventLabel}</span>
          <select
            name="event"
            defaultValue={shown._id}
            // Wrapped, not cut: Chromium lets one line of a select's text run under its arrow.
            className="select select-sm h-auto min-h-8 w-full max-w-xl py-1 whitespace-normal"
          >
            {events.map((event) => (
              <option key={event._id} value={event._id}>
                {event.title} · {formatEventTime(event.startsAt, event.endsAt, timeZone)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-sm">
          {texts.show}
        </button>
      </Form>
      <p className="text-sm text-base-content/80">
        {texts.registrationsOf(shown.registered, shown.capacity, shown.waiting)}
      </p>
      {registrations.length === 0 ? (
        <p className="rounded-box bg-base-200 px-6 py-8 text-center">{texts.noRegistrations}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {registrations.map((registration) => (
            <li
              key={registration._id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 px-4 py-2"
            >
              <div>
                <span className="font-medium">{registration.userName}</span>
                <span className="block text-xs break-all text-base-content/70">
                  {registration.userEmail}
                </span>
              </div>
              {registration.status === 'registered' ? (
                <AttendanceBox eventId={shown._id} registration={registration} />
              ) : (
                <span className="badge badge-warning">
                  {texts.waitingStatus(registration.position ?? 0)}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
