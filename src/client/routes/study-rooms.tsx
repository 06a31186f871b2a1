import { Link, useLoaderData } from 'react-router';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { addDays, daysBetween } from '../../common/calendar.ts';
import { pagePaths } from '../../common/page-paths.ts';
import { MyBookings } from '../features/appointments/components/my-bookings.tsx';
import { RoomGrid } from '../features/appointments/components/room-grid.tsx';
import { formatDay } from '../features/appointments/format.ts';
import { tAppointments } from '../features/appointments/texts.ts';
import { tPages } from '../lib/page-texts.ts';
import type { loadStudyRooms } from '../features/appointments/appointment-loaders.ts';

/** Today and the days a room can be booked for, each a link to its grid. */
function DayPicker({ today, last, current }: { today: string; last: string; current: string }) {
  const days = Array.from({ length: daysBetween(today, last) + 1 }, (_, index) =>
    addDays(today, index),
  );
  return (
    <nav aria-label={tAppointments.rooms.dayLabel} className="mb-6 overflow-x-auto">
      <ul className="flex gap-2 pb-2">
        {days.map((day) => (
          <li key={day}>
            <Link
              to={`${pagePaths.studyRooms}?date=${day}`}
              className={`btn btn-sm whitespace-nowrap ${day === current ? 'btn-primary' : 'btn-ghost border-base-300'}`}
              aria-current={day === current ? 'date' : undefined}
              preventScrollReset
            >
              {formatDay(day)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The banner's Book Now page: a day's grid of rooms and slots, and the member's bookings. */
export function Component() {
  const { availability, bookings } = useLoaderData<typeof loadStudyRooms>();
  const texts = tPages.pageTexts.studyRooms;
  return (
    <PageContainer>
      <PageHeading eyebrow={texts.eyebrow} title={texts.title} intro={texts.intro} />
      <p className="mb-4 text-center text-sm text-base-content/80">
        {tAppointments.rooms.rules(availability.hoursPerDay)}
      </p>
      <DayPicker
        today={availability.today}
        last={availability.lastBookableDate}
        current={availability.date}
      />
      <RoomGrid availability={availability} signedIn={bookings !== null} />
      {bookings && <MyBookings bookings={bookings} />}
    </PageContainer>
  );
}

export { RouteErrorContent as ErrorBoundary };

export { studyRoomsAction as action } from '../features/appointments/appointment-actions.ts';
