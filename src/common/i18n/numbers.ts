/**
 * Numbers as each language writes them: the same text as `Intl.NumberFormat` (numbers.test.ts
 * checks it), Bengali digits and lakh grouping for bn-BD.
 *
 * Whole numbers, which are nearly all the app shows (counts, copies, pages, taka), are written
 * here without Intl: the page's first `Intl.NumberFormat` (or DateTimeFormat) starts ICU, 60–70 ms
 * of the main thread on this machine and four times that on Lighthouse's phone, and home, a
 * category and a book's page show counts in their first render (docs/performance.md#lighthouse).
 */
const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    formats.set(locale, format);
  }
  return format;
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** How a locale groups and writes a whole number's digits; others go to Intl. */
const WHOLE_NUMBERS: Record<string, { laterGroups: number; digits?: string }> = {
  'en-GB': { laterGroups: 3 },
  // Three digits, then twos: ১২,৩৪,৫৬৭ (twelve lakh).
  'bn-BD': { laterGroups: 2, digits: BENGALI_DIGITS },
};

const inDigits = (text: string, digits: string) =>
  text.replace(/\d/g, (digit) => digits[Number(digit)] ?? digit);

/** A number's digits alone, ungrouped, in the locale's digits: a year, a day of the month. */
export const digitsIn = (locale: string) => {
  const digits = WHOLE_NUMBERS[locale]?.digits;
  return (value: number) => (digits ? inDigits(String(value), digits) : String(value));
};

function wholeNumber(value: number, { laterGroups, digits }: (typeof WHOLE_NUMBERS)[string]) {
  const written = String(Math.abs(value));
  const groups = [written.slice(-3)];
  for (let end = written.length - 3; end > 0; end -= laterGroups)
    groups.unshift(written.slice(Math.max(0, end - laterGroups), end));
  const text = groups.join(',');
  const shown = digits ? inDigits(text, digits) : text;
  return value < 0 ? `-${shown}` : shown;
}

/** Numbers as the locale writes them: Bengali digits for bn-BD. */
export const numberIn = (locale: string) => {
  const whole = WHOLE_NUMBERS[locale];
  return (value: number) =>
    whole && Number.isSafeInteger(value) && !Object.is(value, -0)
      ? wholeNumber(value, whole)
      : formatOf(locale).format(value);
};
