import { useLoaderData } from 'react-router';
import { dayIn } from '../../common/calendar.ts';
import { weekStartOf } from '../../common/library-hours.ts';
import type { LibraryEvent } from '../../common/event-schemas.ts';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { EventCard } from '../features/appointments/components/event-card.tsx';
import { formatDay } from '../features/appointments/format.ts';
import { tAppointments } from '../features/appointments/texts.ts';
import { tPages } from '../lib/page-texts.ts';
import type { loadEvents } from '../features/appointments/appointment-loaders.ts';

/** The Saturday that starts the week of an event, as Bangladesh counts weeks, on the library's calendar. */
const weekOf = (event: LibraryEvent, timeZone: string) =>
  weekStartOf(dayIn(timeZone, new Date(event.startsAt)));

function byWeek(events: LibraryEvent[], timeZone: string): [string, LibraryEvent[]][] {
  const weeks = new Map<string, LibraryEvent[]>();
  for (const event of events) {
    const week = weekOf(event, timeZone);
    weeks.set(week, [...(weeks.get(week) ?? []), event]);
  }
  return [...weeks];
}

/** The banner's See Events page: the events to come, week by week, with registration. */
export function Component() {
  const { events, registrations, timeZone } = useLoaderData<typeof loadEvents>();
  const texts = tPages.pageTexts.events;
  const mineOf = (eventId: string) =>
    registrations === null
      ? null
      : registrations.find((registration) => registration.eventId === eventId);
  return (
    <PageContainer>
      <PageHeading eyebrow={texts.eyebrow} title={texts.title} intro={texts.intro} />
      {events.length === 0 ? (
        <p className="rounded-box bg-base-200 px-6 py-12 text-center">
          {tAppointments.events.noEvents}
        </p>
      ) : (
        byWeek(events, timeZone).map(([week, ofWeek]) => (
          <section key={week} aria-labelledby={`week-${week}`} className="mb-10">
            <h2 id={`week-${week}`} className="mb-4 text-xl font-bold">
              {tAppointments.events.weekOf(formatDay(week))}
            </h2>
            <div className="grid gap-5 md:grid-cols-2">
              {ofWeek.map((event) => (
                <EventCard
                  key={event._id}
                  event={event}
                  mine={mineOf(event._id)}
                  timeZone={timeZone}
                />
              ))}
            </div>
          </section>
        ))
      )}
    </PageContainer>
  );
}

export { RouteErrorContent as ErrorBoundary };
export { eventsAction as action } from '../features/appointments/appointment-actions.ts';
