/**
 * The opening hours as the server writes them into the page (`<meta name="library-hours">`) and
 * the client reads them back: `09:00-20:00;fri;Asia/Dhaka` (hours; closed days; time zone).
 */
import {
  WEEKDAYS,
  parseClosedDays,
  parseHours,
  type OpeningHours,
  weekdayOf,
  type Weekday,
} from './opening-hours.ts';
import { addDays } from './calendar.ts';

export const libraryHoursContent = ({ opens, closes, closedDays, timeZone }: OpeningHours) =>
  `${opens}-${closes};${closedDays.join(',')};${timeZone}`;

/** The hours written by `libraryHoursContent`, or null when the text is not such hours. */
export function parseLibraryHours(content: string): OpeningHours | null {
  const [hoursText = '', closedText = '', timeZone = ''] = content.split(';');
  const hours = parseHours(hoursText);
  const closedDays = parseClosedDays(closedText);
  if (!hours || !closedDays || !timeZone) return null;
  return { ...hours, closedDays, timeZone };
}

/** The week as Bangladesh counts it, from Saturday (events are grouped so too). */
export const WEEK_FROM_SATURDAY: readonly Weekday[] = [
  ...WEEKDAYS.slice(6),
  ...WEEKDAYS.slice(0, 6),
];

/** The Saturday that starts the week of a date (YYYY-MM-DD). */
export function weekStartOf(day: string): string {
  return addDays(day, -WEEK_FROM_SATURDAY.indexOf(weekdayOf(day)));
}

/**
 * The week in runs of days alike, from Saturday: Saturday to Thursday open, Friday closed; the
 * Contact page writes one line per run.
 */
export function weekRuns(closedDays: readonly Weekday[]) {
  const runs: { first: Weekday; last: Weekday; open: boolean }[] = [];
  for (const day of WEEK_FROM_SATURDAY) {
    const open = !closedDays.includes(day);
    const run = runs.at(-1);
    if (run && run.open === open) run.last = day;
    else runs.push({ first: day, last: day, open });
  }
  return runs;
}
