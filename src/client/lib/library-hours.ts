import { CIRCULATION_DEFAULTS } from '../../common/constants.ts';
import { parseLibraryHours } from '../../common/library-hours.ts';
import type { OpeningHours } from '../../common/opening-hours.ts';

/**
 * The library's opening hours and time zone (LIBRARY_HOURS, LIBRARY_CLOSED_DAYS,
 * LIBRARY_TIMEZONE), as the server wrote them into the page.
 */
export const libraryHours: OpeningHours = parseLibraryHours(
  document.querySelector<HTMLMetaElement>('meta[name="library-hours"]')?.content ?? '',
) ?? {
  opens: '09:00',
  closes: '20:00',
  closedDays: ['fri'],
  timeZone: CIRCULATION_DEFAULTS.libraryTimezone,
};
