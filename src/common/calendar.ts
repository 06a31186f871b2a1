/**
 * Calendar days as `YYYY-MM-DD`, the form of every loan date. Arithmetic runs on UTC midnights, so
 * no daylight-saving change or time zone can make a day 23 or 25 hours long.
 */
import { onFirstUseFor } from './i18n/on-first-use.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const midnightOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * Whether `value` is a day of the calendar written `YYYY-MM-DD`, in the years 1000 to 9999: a
 * round trip through a date, so `2026-11-31` (read by Date as 1 December) and `2026-13-01` are not.
 */
export function isCalendarDay(value: string): boolean {
  if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(midnightOf(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`: 1 for tomorrow, -1 for yesterday. */
export function daysBetween(from: string, to: string): number {
  return Math.round((midnightOf(to) - midnightOf(from)) / DAY_MS);
}

// en-CA writes dates as YYYY-MM-DD. Made once per time zone: each new formatter loads ICU's
// calendar and zone data (30 ms on this machine, the first time), and an events page asks for
// every event's day.
const calendarDayFormat = onFirstUseFor(
  (timeZone) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** The calendar day that `instant` falls on in `timeZone` (an IANA name such as Asia/Dhaka). */
export function dayIn(timeZone: string, instant: Date): string {
  return calendarDayFormat(timeZone).format(instant);
}

/**
 * The day `months` after `day`: the same day of the month, or the month's last day when it has
 * none (31 January + 1 month is 28 or 29 February).
 */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}
