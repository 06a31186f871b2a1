/**
 * The desk's event form (Events tab): a new event, or the shown one changed, capacity included.
 * The day is written as day, month and year and the times on the page's clock, in the library's
 * time zone; the desk's action turns them into instants (routes/appointment-actions.ts). Lowering
 * the capacity below those registered is refused by the server, whose words are shown.
 */
import { useFetcher } from 'react-router';
import { dayIn } from '../../../../common/calendar.ts';
import type { LibraryEvent } from '../../../../common/event-schemas.ts';
import type { Room } from '../../../../common/room-schemas.ts';
import { timeOfMinutes } from '../../../../common/opening-hours.ts';
import { onFirstUseFor } from '../../../../common/i18n/on-first-use.ts';
import { CompactField, CompactInput } from '../../../components/ui/compact-field.tsx';
import { formatTime } from '../format.ts';
import { tAppointments } from '../texts.ts';
import { DayField } from './day-chooser.tsx';

/** A time of day on the library's wall clock, HH:MM. */
function wallTime(timeZone: string, iso: string): string {
  return wallTimeFormat(timeZone).format(new Date(iso));
}

const wallTimeFormat = onFirstUseFor(
  (timeZone) =>
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }),
);

/** Every quarter of an hour, and the event's own times if they fall between. */
function timeOptions(own: string[]): string[] {
  const quarters = Array.from({ length: 96 }, (_, index) => timeOfMinutes(index * 15));
  return [...new Set([...quarters, ...own])].sort();
}

function TimeSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: string[];
}) {
  return (
    <CompactField label={label}>
      <select name={name} className="select w-auto select-sm" defaultValue={value}>
        {options.map((time) => (
          <option key={time} value={time}>
            {formatTime(time)}
          </option>
        ))}
      </select>
    </CompactField>
  );
}

export function EventEditor({
  event,
  rooms,
  timeZone,
}: {
  event?: LibraryEvent;
  /** The study rooms an event may be held in: it then takes the room's slots for its time. */
  rooms: Room[];
  timeZone: string;
}) {
  const fetcher = useFetcher();
  const texts = tAppointments.desk;
  const today = dayIn(timeZone, new Date());
  const start = event ? wallTime(timeZone, event.startsAt) : '18:00';
  const end = event ? wallTime(timeZone, event.endsAt) : '19:00';
  const options = timeOptions([start, end]);
  return (
    <fetcher.Form method="post" className="flex flex-col gap-3" data-testid="event-form">
      <input type="hidden" name="intent" value={event ? 'updateEvent' : 'addEvent'} />
      {event && <input type="hidden" name="id" value={event._id} />}
      {event && <input type="hidden" name="registered" value={event.registered} />}
      <input type="hidden" name="timeZone" value={timeZone} />
      <div className="grid gap-3 sm:grid-cols-2">
        <CompactInput
          label={texts.eventTitle}
          name="title"
          required
          maxLength={200}
          defaultValue={event?.title}
        />
        <CompactInput
          label={texts.eventPlace}
          name="place"
          required
          maxLength={200}
          defaultValue={event?.place}
        />
        <CompactInput
          label={texts.eventCapacity}
          name="capacity"
          type="number"
          required
          min={1}
          max={10_000}
          defaultValue={event?.capacity ?? 20}
        />
        <CompactField label={texts.eventRoom}>
          <select name="roomId" className="select w-full" defaultValue={event?.roomId ?? ''}>
            <option value="">{texts.noRoom}</option>
            {rooms.map((room) => (
              <option key={room._id} value={room._id}>
                {room.name}
              </option>
            ))}
          </select>
        </CompactField>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <DayField
          name="day"
          day={event ? dayIn(timeZone, new Date(event.startsAt)) : today}
          today={today}
        />
        <TimeSelect name="start" label={texts.eventStart} value={start} options={options} />
        <TimeSelect name="end" label={texts.eventEnd} value={end} options={options} />
      </div>
      <CompactField label={texts.eventDescription}>
        <textarea
          name="description"
          className="textarea w-full"
          maxLength={2000}
          rows={3}
          defaultValue={event?.description}
        />
      </CompactField>
      <button
        type="submit"
        className="btn self-start btn-sm btn-primary"
        disabled={fetcher.state !== 'idle'}
      >
        {event ? texts.saveEvent : texts.createEvent}
      </button>
    </fetcher.Form>
  );
}
