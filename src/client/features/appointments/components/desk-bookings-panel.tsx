import { useFetcher } from 'react-router';
import type { DeskBooking } from '../../../../common/room-schemas.ts';
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

/** Today's bookings at the desk, by time, with who booked them and a check-in button. */
export function DeskBookingsPanel({ bookings }: { bookings: DeskBooking[] }) {
  const texts = tAppointments.desk;
  if (bookings.length === 0) {
    return <p className="rounded-box bg-base-200 px-6 py-12 text-center">{texts.noBookings}</p>;
  }
  const day = bookings[0]?.date ?? '';
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <caption className="mb-2 text-left font-semibold">
          {texts.bookingsHeading(formatDay(day))}
        </caption>
        <thead>
          <tr>
            <th scope="col">{texts.time}</th>
            <th scope="col">{texts.room}</th>
            <th scope="col">{texts.member}</th>
            <th scope="col">{texts.status}</th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((booking) => (
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
