import { useFetcher } from 'react-router';
import type { DeskBooking, Room } from '../../../../common/room-schemas.ts';
import { pagePaths } from '../../../../common/page-paths.ts';
import { DayChooser } from './day-chooser.tsx';
import { RoomsEditor } from './rooms-editor.tsx';
import { formatDay, formatTime } from '../format.ts';
import { tAppointments } from '../texts.ts';

function CheckInButton({ booking }: { booking: DeskBooking }) {
  const fetcher = useFetcher();
  const texts = tAppointments.desk;
  if (booking.status === 'checkedIn')
    return <span className="badge badge-success">{texts.checkedIn}</span>;
  if (booking.status !== 'booked') {
    return (
      <span className="badge badge-ghost">{tAppointments.rooms.statuses[booking.status]}</span>
    );
  }
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="checkInBooking" />
      <input type="hidden" name="id" value={booking._id} />
      <button
        type="submit"
        className="btn btn-xs whitespace-nowrap btn-primary"
        disabled={fetcher.state !== 'idle'}
      >
        {texts.checkIn}
        <span className="sr-only">
          {' '}
          {booking.userName}, {booking.roomName}
        </span>
      </button>
    </fetcher.Form>
  );
}

export interface DeskBookings {
  /** The day shown, and the library's today. */
  day: string;
  today: string;
  items: DeskBooking[];
  rooms: Room[];
}

const dayLink = (day: string) => `${pagePaths.desk}?tab=bookings&date=${day}`;

/** A day's bookings at the desk (today's first), by time, with who booked them and a check-in button. */
function BookingsOfDay({ day, items }: { day: string; items: DeskBooking[] }) {
  const texts = tAppointments.desk;
  if (items.length === 0) {
    return (
      <p className="rounded-box bg-base-200 px-6 py-12 text-center">
        {texts.noBookingsOn(formatDay(day))}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <caption className="mb-2 text-left font-semibold">
          {texts.bookingsHeading(formatDay(day))}
        </caption>
        {/* daisyUI's table heads are faded below AA contrast: these keep the text's full colour. */}
        <thead>
          <tr className="text-base-content">
            <th scope="col">{texts.time}</th>
            <th scope="col">{texts.room}</th>
            <th scope="col">{texts.member}</th>
            <th scope="col">{texts.status}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((booking) => (
            <tr key={booking._id}>
              <td className="whitespace-nowrap tabular-nums">
                {formatTime(booking.start)}–{formatTime(booking.end)}
              </td>
              <td>{booking.roomName}</td>
              <td>
                <span className="font-medium">{booking.userName}</span>
                <span className="block text-xs break-all text-base-content/70">
                  {booking.userEmail}
                </span>
              </td>
              <td>
                <CheckInButton booking={booking} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The Room bookings tab: any day's bookings, chosen by day, and the rooms themselves. */
export function DeskBookingsPanel({ bookings }: { bookings: DeskBookings }) {
  return (
    <div className="flex flex-col gap-6">
      <DayChooser key={bookings.day} day={bookings.day} today={bookings.today} linkTo={dayLink} />
      <BookingsOfDay day={bookings.day} items={bookings.items} />
      <RoomsEditor rooms={bookings.rooms} />
    </div>
  );
}
