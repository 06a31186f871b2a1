/**
 * The library's clock: the system's, moved by CLOCK_OFFSET, read on the calendar of
 * LIBRARY_TIMEZONE. Every rule that depends on time (due dates, overdue, holds kept for pickup)
 * asks it, so a demo or a test moves time for all of them at once, without waiting.
 */
import { dayIn } from '../../common/calendar.ts';

export interface LibraryClock {
  now(): Date;
  /** The library's calendar day now, as YYYY-MM-DD. */
  today(): string;
}

export function libraryClock(
  timeZone: string,
  offsetMs: number,
  systemNow: () => number = Date.now,
): LibraryClock {
  const now = () => new Date(systemNow() + offsetMs);
  return { now, today: () => dayIn(timeZone, now()) };
}
