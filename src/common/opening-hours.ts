/**
 * The library's opening hours (LIBRARY_HOURS, LIBRARY_CLOSED_DAYS, read on the calendar of
 * LIBRARY_TIMEZONE): which days it opens, when it opens and closes as instants, the start of each
 * study-room slot, and the N-th open day from a date (docs/product/rooms-and-events.md).
 *
 * Dates are `YYYY-MM-DD` and times `HH:MM` on the library's wall clock; nothing here reads the
 * system clock, so callers pass the library's today.
 */
import { addDays } from './calendar.ts';
import { onFirstUseFor } from './i18n/on-first-use.ts';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface OpeningHours {
  /** `HH:MM` the library opens each open day. */
  opens: string;
  /** `HH:MM` it closes, later than `opens` on the same day. */
  closes: string;
  /** Days of the week it stays closed; at least one day stays open. */
  closedDays: readonly Weekday[];
  /** The IANA time zone of its wall clock, such as Asia/Dhaka. */
  timeZone: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of `HH:MM`, or null when it is not a time of day. */
export function minutesOfTime(time: string): number | null {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** `HH:MM` of minutes since midnight. */
export function timeOfMinutes(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** `09:00-20:00` → its two times, or null when it is not an opening before a closing. */
export function parseHours(text: string): { opens: string; closes: string } | null {
  const [opens = '', closes = '', ...rest] = text.trim().split('-');
  const from = minutesOfTime(opens.trim());
  const to = minutesOfTime(closes.trim());
  if (rest.length > 0 || from === null || to === null || from >= to) return null;
  return { opens: opens.trim(), closes: closes.trim() };
}

/** `fri` or `fri, sat` (or empty) → the days, or null when one is not a three-letter day. */
export function parseClosedDays(text: string): Weekday[] | null {
  const names = text
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (!names.every((name): name is Weekday => (WEEKDAYS as readonly string[]).includes(name))) {
    return null;
  }
  return [...new Set(names)];
}

/** The day of the week of a calendar date. */
export function weekdayOf(day: string): Weekday {
  return WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? 'sun';
}

export function isOpenOn(hours: OpeningHours, day: string): boolean {
  return !hours.closedDays.includes(weekdayOf(day));
}

/** A time zone's wall clock, made once per zone (each new formatter costs ICU's start). */
const wallClockFormat = onFirstUseFor(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(timeZone: string, instant: number): number {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((found) => found.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant the wall clock of `timeZone` shows `time` on `day`. */
export function instantAt(timeZone: string, day: string, time: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // The offset at the wall time read as UTC is right except near a daylight-saving change; asking
  // again at the instant found settles it.
  const guess = wall - zoneOffsetMs(timeZone, wall);
  return new Date(wall - zoneOffsetMs(timeZone, guess));
}

/**
 * Whether the wall clock of `timeZone` shows `time` on `day` at all: not in the hour skipped
 * when the clocks go forward (issue 33: such a time was read as the hour before).
 */
export function wallTimeExists(timeZone: string, day: string, time: string): boolean {
  const instant = instantAt(timeZone, day, time).getTime();
  const shown = new Date(instant + zoneOffsetMs(timeZone, instant)).toISOString();
  return shown.slice(0, 10) === day && shown.slice(11, 16) === time;
}

/** When the library opens on `day` (whether or not that day is open). */
export function opensAt(hours: OpeningHours, day: string): Date {
  return instantAt(hours.timeZone, day, hours.opens);
}

/** When the library closes on `day` (whether or not that day is open). */
export function closesAt(hours: OpeningHours, day: string): Date {
  return instantAt(hours.timeZone, day, hours.closes);
}

/**
 * `HH:MM` of every slot of `slotMinutes` that ends by closing time; none on a closed day, and
 * none that starts in an hour the clocks skip.
 */
export function slotStarts(hours: OpeningHours, day: string, slotMinutes: number): string[] {
  if (!isOpenOn(hours, day) || slotMinutes <= 0) return [];
  const opens = minutesOfTime(hours.opens) ?? 0;
  const closes = minutesOfTime(hours.closes) ?? 0;
  const starts: string[] = [];
  for (let start = opens; start + slotMinutes <= closes; start += slotMinutes) {
    const time = timeOfMinutes(start);
    if (wallTimeExists(hours.timeZone, day, time)) starts.push(time);
  }
  return starts;
}

/**
 * The `n`-th open day after `from`: 1 is the next open day after it, 2 the one after that; 0 is
 * `from` itself when open, else the next open day.
 */
export function nthOpenDay(hours: OpeningHours, from: string, n: number): string {
  if (hours.closedDays.length >= WEEKDAYS.length) throw new Error('The library never opens');
  if (n <= 0 && isOpenOn(hours, from)) return from;
  let day = from;
  for (let found = 0; found < Math.max(n, 1);) {
    day = addDays(day, 1);
    if (isOpenOn(hours, day)) found += 1;
  }
  return day;
}

/**
 * Until when a copy is kept for a hold that became ready on `day`: closing time on the `days`-th
 * open day after it (docs/product.md#circulation), so a deadline never falls in the middle of the
 * night or on a day the library is closed.
 */
export function pickupDeadline(hours: OpeningHours, day: string, days: number): Date {
  return closesAt(hours, nthOpenDay(hours, day, days));
}
