import { shortDateIn } from '../../common/i18n/dates.ts';
import { onFirstUse } from '../../common/i18n/on-first-use.ts';
import { TIME_OF_DAY } from '../../common/i18n/languages.ts';
import { language, locale } from './i18n.ts';
import { libraryHours } from './library-hours.ts';

const readableDate = shortDateIn(locale);

/** A calendar date (YYYY-MM-DD) as people read it, e.g. 5 Mar 2025; anything else as given. */
export function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : readableDate(date);
}

const readableInstant = onFirstUse(
  () =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...TIME_OF_DAY[language],
      timeZone: libraryHours.timeZone,
    }),
);

/**
 * An instant (ISO) on the library's clock, as its mails give it, whatever the computer's own time
 * zone: e.g. 5 Mar, 14:30, or ৫ মার্চ, ২:৩০ দুপুর.
 */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : readableInstant().format(date);
}

const fullInstant = onFirstUse(
  () =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      ...TIME_OF_DAY[language],
      timeZone: libraryHours.timeZone,
    }),
);

/**
 * An instant written out in full on the library's clock, year included, as a receipt gives it:
 * Saturday, 28 November 2026 at 14:30, or শনিবার, ২৮ নভেম্বর, ২০২৬ এ ২:৩০ দুপুর.
 */
export function formatFullInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : fullInstant().format(date);
}

const timeOfDay = onFirstUse(
  () => new Intl.DateTimeFormat(locale, { ...TIME_OF_DAY[language], timeZone: 'UTC' }),
);

/** A time on the library's wall clock (HH:MM) as the language writes every time: 14:30, ২:৩০ দুপুর. */
export function formatTime(time: string): string {
  const date = new Date(`1970-01-01T${time}:00Z`);
  return Number.isNaN(date.getTime()) ? time : timeOfDay().format(date);
}
