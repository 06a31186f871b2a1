/** Dates and times of bookings and events as the current language writes them. */
import { TIME_OF_DAY } from '../../../common/i18n/languages.ts';
import { onFirstUseFor } from '../../../common/i18n/on-first-use.ts';
import { formatTime } from '../../lib/dates.ts';
import { language, locale } from '../../lib/i18n.ts';

const dayFormat = new Intl.DateTimeFormat(locale, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
/** A library date (YYYY-MM-DD), e.g. Thu, 26 Nov. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** A library time (HH:MM), on the clock every page of the language uses: 10:00, or ১০:০০ সকাল. */
export { formatTime };

// Made once per time zone, not once per event: each new formatter costs ICU's start.
const eventDayFormat = onFirstUseFor(
  (timeZone) =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone }),
);
const eventTimeFormat = onFirstUseFor(
  (timeZone) => new Intl.DateTimeFormat(locale, { ...TIME_OF_DAY[language], timeZone }),
);

/** An event's day and times on the library's clock (`timeZone`). */
export function formatEventTime(startsAt: string, endsAt: string, timeZone: string): string {
  const day = eventDayFormat(timeZone);
  const time = eventTimeFormat(timeZone);
  const start = new Date(startsAt);
  return `${day.format(start)}, ${time.format(start)}–${time.format(new Date(endsAt))}`;
}

/** The slot after `time` ends `minutes` later: 10:00 + 60 → 11:00. */
export function addMinutes(time: string, minutes: number): string {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
