import { useFetcher, useLocation, useNavigate } from 'react-router';
import type { Availability } from '../../../../common/room-schemas.ts';
import { paths } from '../../../lib/routes.ts';
import { addMinutes, formatDay, formatTime } from '../format.ts';
import { tAppointments } from '../texts.ts';

type SlotState = 'free' | 'taken' | 'mine' | 'past';

const SLOT_STYLES: Record<SlotState, string> = {
  free: 'btn-outline btn-primary',
  taken: 'btn-disabled bg-base-300 text-base-content/60',
  mine: 'btn-success',
  past: 'btn-disabled btn-ghost text-base-content/50',
};

/**
 * A day's rooms, each with a button per slot whose accessible name says the room, the times and
 * whether it is free. A free slot is booked in two clicks: the slot, then the confirmation.
 * Visitors are sent to sign in first.
 */
export function RoomGrid({
  availability,
  signedIn,
}: {
  availability: Availability;
  signedIn: boolean;
}) {
  const texts = tAppointments.rooms;
  const fetcher = useFetcher();
  const navigate = useNavigate();
  const location = useLocation();
  const { date, slots, slotMinutes, rooms, started } = availability;
  const busy = fetcher.state !== 'idle';

  if (!availability.open) {
    return (
      <p className="rounded-box bg-base-200 px-6 py-10 text-center">
        {texts.closed(formatDay(date))}
      </p>
    );
  }
  if (rooms.length === 0) {
    return <p className="rounded-box bg-base-200 px-6 py-10 text-center">{texts.noRooms}</p>;
  }

  const book = (room: { _id: string; name: string }, start: string) => {
    if (!signedIn) {
      void navigate(paths.signIn, { state: { from: location } });
      return;
    }
    const end = addMinutes(start, slotMinutes);
    void fetcher.submit(
      {
        intent: 'book',
        roomId: room._id,
        date,
        start,
        end,
        room: room.name,
        when: formatDay(date),
        from: formatTime(start),
        to: formatTime(end),
      },
      { method: 'post' },
    );
  };

  return (
    <section aria-label={texts.gridCaption(formatDay(date))} className="flex flex-col gap-4">
      <p className="text-sm text-base-content/80">{signedIn ? texts.legend : texts.signInToBook}</p>
      {rooms.map((room) => (
        <div key={room._id} className="rounded-box border border-base-300 bg-base-100 p-4">
          <h2 className="font-sans font-semibold">
            {room.name}{' '}
            <span className="text-sm font-normal text-base-content/70">
              {room.seats > 1 ? texts.seatRoom(room.seats) : texts.seats(room.capacity)}
            </span>
          </h2>
          {room.description && (
            <p className="mt-1 text-sm text-base-content/70">{room.description}</p>
          )}
          <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6 lg:grid-cols-11">
            {slots.map((slot) => {
              const state: SlotState = room.mine.includes(slot)
                ? 'mine'
                : room.taken.includes(slot)
                  ? 'taken'
                  : started.includes(slot)
                    ? 'past'
                    : 'free';
              // A room of seats tells how many of a free slot's seats are left.
              const seatsFree =
                room.seats > 1 && state === 'free'
                  ? room.seats - (room.seatsTaken[slot] ?? 0)
                  : undefined;
              const words = {
                free: seatsFree === undefined ? texts.free : texts.seatsFree(seatsFree),
                taken: texts.taken,
                mine: texts.mine,
                past: texts.past,
              }[state];
              return (
                <li key={slot}>
                  <button
                    type="button"
                    className={`btn w-full tabular-nums ${seatsFree === undefined ? 'btn-sm' : 'h-auto min-h-8 flex-col gap-0 py-1'} ${SLOT_STYLES[state]}`}
                    aria-label={texts.slotLabel(
                      room.name,
                      formatTime(slot),
                      formatTime(addMinutes(slot, slotMinutes)),
                      words,
                    )}
                    // The member's own slot stays in its colour and in the tab order, doing nothing.
                    disabled={state === 'taken' || state === 'past' || busy}
                    aria-disabled={state === 'mine' || undefined}
                    onClick={() => state === 'free' && book(room, slot)}
                  >
                    {formatTime(slot)}
                    {seatsFree !== undefined && (
                      <span className="text-xs font-normal">{texts.seatsFree(seatsFree)}</span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
