import { Link, useFetcher, useLocation } from 'react-router';
import type { LibraryEvent, MemberRegistration } from '../../../../common/event-schemas.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../lib/routes.ts';
import { calendarUrl } from '../api.ts';
import { formatEventTime } from '../format.ts';
import { tAppointments } from '../texts.ts';

interface EventCardProps {
  event: LibraryEvent;
  /** The member's registration for it; undefined when none, null for a visitor. */
  mine: MemberRegistration | undefined | null;
  /** The library's time zone, whose clock the times are told on. */
  timeZone: string;
}

/** What the member can do about the event: register, join the waiting list, or cancel. */
function EventActions({ event, mine }: Omit<EventCardProps, 'timeZone'>) {
  const texts = tAppointments.events;
  const fetcher = useFetcher();
  const location = useLocation();
  const busy = fetcher.state !== 'idle';
  if (event.status === 'cancelled') return null;
  if (mine === null) {
    return (
      <Link to={paths.signIn} state={{ from: location }} className="btn btn-sm btn-primary">
        {texts.signInToRegister}
      </Link>
    );
  }
  const intent = mine ? 'unregister' : 'register';
  const label = mine
    ? texts.cancelRegistration
    : event.seatsLeft > 0
      ? texts.register
      : texts.joinWaitingList;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={event._id} />
      <input type="hidden" name="title" value={event.title} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        className={`btn btn-sm ${mine ? 'btn-outline btn-error' : 'btn-primary'}`}
      >
        {label}
        <span className="sr-only"> {event.title}</span>
      </button>
    </fetcher.Form>
  );
}

/** An event: when and where, seats left, the member's place, and what they can do. */
export function EventCard({ event, mine, timeZone }: EventCardProps) {
  const texts = tAppointments.events;
  const cancelled = event.status === 'cancelled';
  return (
    <article className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <header>
        <h3 className="font-sans text-lg font-semibold">
          {event.title}{' '}
          {cancelled && (
            <span className="badge badge-error align-middle">{texts.cancelledBadge}</span>
          )}
        </h3>
        <p className="text-sm text-base-content/80">
          {formatEventTime(event.startsAt, event.endsAt, timeZone)}
        </p>
        <p className="mt-1 flex items-center gap-2 text-sm">
          <Icon name="mapPin" className="size-4 shrink-0 text-primary" />
          <span className="sr-only">{texts.where}</span>
          {event.place}
        </p>
      </header>
      {event.description && (
        <p className="leading-relaxed text-base-content/80">{event.description}</p>
      )}
      {!cancelled && (
        <p className="text-sm font-medium">
          {event.seatsLeft > 0 ? texts.seatsLeft(event.seatsLeft) : texts.full(event.waiting)}
        </p>
      )}
      {mine && (
        <p
          className={`badge ${mine.status === 'registered' ? 'badge-success' : 'badge-warning'} h-auto py-1`}
        >
          {mine.status === 'registered' ? texts.registered : texts.waitingAt(mine.position ?? 0)}
        </p>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <EventActions event={event} mine={mine} />
        {!cancelled && (
          <a href={calendarUrl(event._id)} className="btn btn-sm btn-ghost" download>
            <Icon name="clock" className="size-4" />
            {texts.addToCalendar}
            <span className="sr-only"> {event.title}</span>
          </a>
        )}
      </div>
    </article>
  );
}
