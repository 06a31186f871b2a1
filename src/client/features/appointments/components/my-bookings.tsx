import { useFetcher } from 'react-router';
import type { Booking } from '../../../../common/room-schemas.ts';
import { formatDay, formatTime } from '../format.ts';
import { tAppointments } from '../texts.ts';

const STATUS_BADGES: Record<Booking['status'], string> = {
  booked: 'badge-info',
  checkedIn: 'badge-success',
  cancelled: 'badge-ghost',
  noShow: 'badge-warning',
};

function BookingActions({ booking, when }: { booking: Booking; when: string }) {
  const texts = tAppointments.rooms;
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  const started = !booking.canCancel;
  const checkInOpen = booking.canCheckIn;
  if (booking.status !== 'booked') return null;
  const context = `${booking.roomName}, ${when}`;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={booking._id} />
      <input type="hidden" name="room" value={booking.roomName} />
      <input type="hidden" name="when" value={when} />
      {checkInOpen ? (
        <button
          type="submit"
          name="intent"
          value="checkIn"
          className="btn btn-sm btn-primary"
          disabled={busy}
        >
          {texts.checkIn}
          <span className="sr-only"> {context}</span>
        </button>
      ) : (
        !started && <span className="text-xs text-base-content/70">{texts.checkInWindow}</span>
      )}
      {!started && (
        <button
          type="submit"
          name="intent"
          value="cancel"
          className="btn btn-sm btn-outline btn-error"
          disabled={busy}
        >
          {texts.cancel}
          <span className="sr-only"> {context}</span>
        </button>
      )}
    </fetcher.Form>
  );
}

/** The member's bookings from today on, with Check in while it is open and Cancel before the start. */
export function MyBookings({ bookings }: { bookings: Booking[] }) {
  const texts = tAppointments.rooms;
  const shown = bookings.filter((booking) => booking.status !== 'cancelled');
  return (
    <section aria-labelledby="my-bookings" className="mt-12">
      <h2 id="my-bookings" className="mb-4 text-2xl font-bold">
        {texts.myBookings}
      </h2>
      {shown.length === 0 ? (
        <p className="rounded-box bg-base-200 px-6 py-8 text-center">{texts.noBookings}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((booking) => {
            const when = `${formatDay(booking.date)}, ${formatTime(booking.start)}–${formatTime(booking.end)}`;
            return (
              <li
                key={booking._id}
                className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <p className="font-semibold">{booking.roomName}</p>
                  <p className="text-sm text-base-content/80 tabular-nums">{when}</p>
                  <span className={`badge badge-sm mt-1 ${STATUS_BADGES[booking.status]}`}>
                    {texts.statuses[booking.status]}
                  </span>
                </div>
                <BookingActions booking={booking} when={when} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
