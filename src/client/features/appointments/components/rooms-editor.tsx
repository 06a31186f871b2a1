/**
 * The desk's rooms (Room bookings tab): each room's name, capacity, seats and description changed in
 * place, and a new room added. The desk's action calls the API (routes/appointment-actions.ts)
 * and the tab's data loads again, so Study Rooms shows the change at once.
 */
import { useFetcher } from 'react-router';
import type { Room } from '../../../../common/room-schemas.ts';
import { CompactField, CompactInput } from '../../../components/ui/compact-field.tsx';
import { tAppointments } from '../texts.ts';

function RoomFields({ room }: { room?: Room }) {
  const texts = tAppointments.desk;
  return (
    <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
      <CompactInput
        label={texts.roomName}
        name="name"
        required
        maxLength={120}
        defaultValue={room?.name}
      />
      <CompactInput
        label={texts.roomCapacity}
        name="capacity"
        type="number"
        required
        min={1}
        max={500}
        defaultValue={room?.capacity ?? 1}
      />
      <CompactInput
        label={texts.roomSeats}
        name="seats"
        type="number"
        required
        min={1}
        max={200}
        defaultValue={room?.seats ?? 1}
      />
      <CompactField label={texts.roomDescription} className="sm:col-span-3">
        <textarea
          name="description"
          className="textarea w-full"
          maxLength={1000}
          rows={2}
          defaultValue={room?.description}
        />
      </CompactField>
    </div>
  );
}

function RoomForm({ room }: { room?: Room }) {
  const fetcher = useFetcher();
  const texts = tAppointments.desk;
  return (
    <fetcher.Form method="post" className="flex flex-col gap-3" data-testid="room-form">
      <input type="hidden" name="intent" value={room ? 'updateRoom' : 'addRoom'} />
      {room && <input type="hidden" name="id" value={room._id} />}
      <RoomFields room={room} />
      <button
        type="submit"
        className="btn self-start btn-sm btn-primary"
        disabled={fetcher.state !== 'idle'}
      >
        {room ? texts.saveRoom : texts.addRoom}
      </button>
    </fetcher.Form>
  );
}

export function RoomsEditor({ rooms }: { rooms: Room[] }) {
  const texts = tAppointments.desk;
  return (
    <section
      aria-labelledby="desk-rooms-heading"
      className="flex flex-col gap-4 rounded-box bg-base-200 p-4 sm:p-6"
    >
      <div>
        <h2 id="desk-rooms-heading" className="text-xl font-semibold">
          {texts.roomsHeading}
        </h2>
        <p className="text-sm text-base-content/80">{texts.roomsIntro}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {rooms.map((room) => (
          <li key={room._id}>
            <details className="rounded-box bg-base-100 p-4 ring-1 ring-base-300">
              <summary className="cursor-pointer font-semibold">
                {texts.editRoom(room.name)}
              </summary>
              <div className="mt-3">
                <RoomForm
                  key={`${room.name}-${room.capacity}-${room.seats}-${room.description}`}
                  room={room}
                />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <div className="rounded-box bg-base-100 p-4 ring-1 ring-base-300">
        <h3 className="mb-3 font-semibold">{texts.newRoom}</h3>
        <RoomForm key={rooms.length} />
      </div>
    </section>
  );
}
