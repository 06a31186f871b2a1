/** Dates and times of bookings and events as the current language writes them. */
import { locale } from '../../lib/i18n.ts';

const dayFormat = new Intl.DateTimeFormat(locale, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const timeFormat = new Intl.DateTimeFormat(locale, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
/** A library date (YYYY-MM-DD), e.g. Thu, 26 Nov. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** A library time (HH:MM) in the language's digits: 10:00, or ১০:০০. */
export const formatTime = (time: string) => timeFormat.format(new Date(`1970-01-01T${time}:00Z`));

/** An event's day and times on the library's clock (`timeZone`). */
export function formatEventTime(startsAt: string, endsAt: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  });
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const start = new Date(startsAt);
  return `${day.format(start)}, ${time.format(start)}–${time.format(new Date(endsAt))}`;
}

/** The slot after `time` ends `minutes` later: 10:00 + 60 → 11:00. */
export function addMinutes(time: string, minutes: number): string {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
