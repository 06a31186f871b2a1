/**
 * Calendar dates as each language writes them, "5 Mar 2025" or "৫ মার্চ, ২০২৫": the same text as
 * `Intl.DateTimeFormat` with a short month (dates.test.ts checks every month in both languages).
 *
 * Written here without Intl for the same reason as whole numbers (numbers.ts): the page's first
 * `Intl.DateTimeFormat` starts ICU's calendars, 30 ms of this machine's main thread and 120 ms on
 * Lighthouse's phone, inside the first render of every page that shows a due date or a member's
 * dates (docs/performance.md#lighthouse).
 */
import { digitsIn } from './numbers.ts';

/** The short months and the order of each locale's date; others go to Intl. */
const SHORT_DATES: Record<
  string,
  { months: readonly string[]; write: (parts: DateParts) => string }
> = {
  'en-GB': {
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    write: ({ day, month, year }) => `${day} ${month} ${year}`,
  },
  'bn-BD': {
    months: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'],
    write: ({ day, month, year }) => `${day} ${month}, ${year}`,
  },
};

interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** A UTC date (its day, month and year) as the locale writes it with a short month name. */
export const shortDateIn = (locale: string): ((date: Date) => string) => {
  const written = SHORT_DATES[locale];
  if (!written) {
    const format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return (date) => format.format(date);
  }
  const digits = digitsIn(locale);
  return (date) => {
    const year = date.getUTCFullYear();
    // Intl writes years before 1 and after 9999 in its own way; no library date is one.
    if (year < 1 || year > 9999) return date.toISOString().slice(0, 10);
    return written.write({
      day: digits(date.getUTCDate()),
      month: written.months[date.getUTCMonth()] ?? '',
      year: digits(year),
    });
  };
};
