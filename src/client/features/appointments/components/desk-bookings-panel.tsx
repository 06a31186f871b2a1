import { useId } from 'react';
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

/** The room, and its seat when the room has more than one: who sits where. */
function RoomAndSeat({ booking, seated }: { booking: DeskBooking; seated: boolean }) {
  return (
    <>
      {booking.roomName}
      {seated && booking.seat !== null && (
        <span className="block text-xs text-base-content/70">
          {tAppointments.desk.seatOf(booking.seat)}
        </span>
      )}
    </>
  );
}

/** Who booked: name, e-mail and card, each whole on its line (an address breaks only at its end). */
function BookedBy({ booking }: { booking: DeskBooking }) {
  return (
    <>
      <span className="block font-medium" data-booking-member>
        {booking.userName}
      </span>
      <span className="block text-xs break-words text-base-content/70">{booking.userEmail}</span>
      {booking.cardNumber && (
        <span className="block text-xs tabular-nums text-base-content/70">
          {tAppointments.desk.cardOf(booking.cardNumber)}
        </span>
      )}
    </>
  );
}

const timeOf = (booking: DeskBooking) => `${formatTime(booking.start)}–${formatTime(booking.end)}`;

/**
 * A day's bookings at the desk (today's first), by time, with who booked them and a check-in
 * button: a table from the `sm` width, and a card each below it, where the table's member column
 * was squeezed until names broke mid-word (issue 35).
 */
function BookingsOfDay({
  day,
  items,
  rooms,
}: {
  day: string;
  items: DeskBooking[];
  rooms: Room[];
}) {
  const texts = tAppointments.desk;
  const headingId = useId();
  if (items.length === 0) {
    return (
      <p className="rounded-box bg-base-200 px-6 py-12 text-center">
        {texts.noBookingsOn(formatDay(day))}
      </p>
    );
  }
  const heading = texts.bookingsHeading(formatDay(day));
  const seated = (booking: DeskBooking) =>
    (rooms.find((room) => room._id === booking.roomId)?.seats ?? 1) > 1;
  return (
    <div>
      <p id={headingId} className="mb-2 font-semibold sm:hidden">
        {heading}
      </p>
      <ul aria-labelledby={headingId} className="flex flex-col gap-3 sm:hidden" data-bookings-cards>
        {items.map((booking) => (
          <li
            key={booking._id}
            className="flex flex-col gap-2 rounded-box bg-base-100 p-4 ring-1 ring-base-300"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold tabular-nums">{timeOf(booking)}</span>
              <span className="text-right">
                <RoomAndSeat booking={booking} seated={seated(booking)} />
              </span>
            </div>
            <div>
              <BookedBy booking={booking} />
            </div>
            <div>
              <CheckInButton booking={booking} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="table" data-bookings-table>
          <caption className="mb-2 text-left font-semibold">{heading}</caption>
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
                <td className="whitespace-nowrap tabular-nums">{timeOf(booking)}</td>
                <td>
                  <RoomAndSeat booking={booking} seated={seated(booking)} />
                </td>
                <td>
                  <BookedBy booking={booking} />
                </td>
                <td>
                  <CheckInButton booking={booking} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The Room bookings tab: any day's bookings, chosen by day, and the rooms themselves. */
export function DeskBookingsPanel({ bookings }: { bookings: DeskBookings }) {
  return (
    <div className="flex flex-col gap-6">
      <DayChooser key={bookings.day} day={bookings.day} today={bookings.today} linkTo={dayLink} />
      <BookingsOfDay day={bookings.day} items={bookings.items} rooms={bookings.rooms} />
      <RoomsEditor rooms={bookings.rooms} />
    </div>
  );
}
