/**
 * The demo's study rooms and events (docs/product/rooms-and-events.md): four rooms once, and the
 * weekly programme from this week to three weeks ahead, topped up at every start, so a demo
 * started any day shows bookable slots and upcoming events. Each demo event's id names its title
 * and day, so servers starting together, or again, add each one once.
 */
import type { Kysely } from 'kysely';
import { addDays } from '../../common/calendar.ts';
import { instantAt, weekdayOf, type Weekday } from '../../common/opening-hours.ts';
import type { DB } from '../db/schema.ts';

const ROOMS_MARK = 'demo-rooms-seeded';
const WEEKS_AHEAD = 3;

const demoRooms = [
  {
    id: 'demo-room-carrels',
    name: 'Study Carrels',
    capacity: 1,
    seats: 12,
    description:
      'Twelve single desks by the windows on the first floor, each with a lamp and a power socket.',
  },
  {
    id: 'demo-room-group-a',
    name: 'Group Room A',
    capacity: 4,
    description:
      'A small room with a whiteboard, suited to project work and revision in pairs or small groups.',
    seats: 1,
  },
  {
    id: 'demo-room-group-b',
    name: 'Group Room B',
    capacity: 6,
    description:
      'A whiteboard and a screen you can connect a laptop to, ideal for practising presentations.',
    seats: 1,
  },
  {
    id: 'demo-room-seminar',
    name: 'Seminar Room',
    capacity: 20,
    description: 'For tutorials, study groups and society meetings.',
    seats: 1,
  },
];

const weeklyProgramme: {
  slug: string;
  day: Weekday;
  start: string;
  end: string;
  title: string;
  place: string;
  /** The demo room it is held in, whose slots it takes. */
  roomId?: string;
  capacity: number;
  description: string;
}[] = [
  {
    slug: 'reading-circle',
    day: 'sat',
    start: '16:00',
    end: '17:30',
    title: 'Saturday Reading Circle',
    place: 'Reading Room 1, ground floor',
    capacity: 15,
    description:
      'Members read one novel a month together and meet each week to discuss a few chapters over tea.',
  },
  {
    slug: 'research-clinic',
    day: 'sun',
    start: '15:00',
    end: '16:30',
    title: 'Research Skills Clinic',
    place: 'Seminar Room, first floor',
    roomId: 'demo-room-seminar',
    capacity: 12,
    description:
      'Librarians help students find reliable sources, search journal databases and cite their references correctly.',
  },
  {
    slug: 'meet-the-author',
    day: 'tue',
    start: '17:00',
    end: '18:30',
    title: 'Meet the Author',
    place: 'Auditorium',
    capacity: 60,
    description:
      'A writer, translator or researcher talks about their work and answers questions from the audience.',
  },
  {
    slug: 'young-scientists',
    day: 'wed',
    start: '15:30',
    end: '17:00',
    title: 'Young Scientists Club',
    place: "Children's Corner",
    capacity: 10,
    description: 'Simple experiments and science fiction stories for readers aged 10 to 15.',
  },
  {
    slug: 'writing-workshop',
    day: 'thu',
    start: '16:00',
    end: '18:00',
    title: 'Writing Workshop',
    place: 'Seminar Room, first floor',
    roomId: 'demo-room-seminar',
    capacity: 8,
    description:
      'Short exercises and friendly feedback on poems, stories and essays, in Bangla or English.',
  },
];

export async function seedDemoRoomsAndEvents(
  db: Kysely<DB>,
  calendar: { today: string; timeZone: string; now: string },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const marked = await tx
      .insertInto('appMeta')
      .values({ key: ROOMS_MARK, value: calendar.now })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (marked.numInsertedOrUpdatedRows) {
      await tx
        .insertInto('room')
        .values(demoRooms.map((room) => ({ ...room, createdAt: calendar.now })))
        .execute();
    }
  });
  const events = Array.from({ length: (WEEKS_AHEAD + 1) * 7 }, (_, offset) =>
    addDays(calendar.today, offset),
  ).flatMap((day) =>
    weeklyProgramme
      .filter((event) => event.day === weekdayOf(day))
      .map(({ slug, day: _weekday, start, end, roomId, ...event }) => ({
        ...event,
        roomId: roomId ?? null,
        id: `demo-event-${slug}-${day}`,
        startsAt: instantAt(calendar.timeZone, day, start).toISOString(),
        endsAt: instantAt(calendar.timeZone, day, end).toISOString(),
        status: 'scheduled' as const,
        createdAt: calendar.now,
      })),
  );
  // Only the events added now take their room's time: one seeded before rooms held events keeps
  // none, and a new one lies three weeks ahead, past the days rooms can be booked for.
  const added = await db
    .insertInto('libraryEvent')
    .values(events)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning(['id', 'roomId', 'startsAt', 'endsAt'])
    .execute();
  const holds = added.flatMap(({ id, roomId, startsAt, endsAt }) =>
    roomId ? [{ eventId: id, roomId, startsAt, endsAt }] : [],
  );
  if (holds.length > 0) {
    await db
      .insertInto('roomEventHold')
      .values(holds)
      .onConflict((conflict) => conflict.column('eventId').doNothing())
      .execute();
  }
}
