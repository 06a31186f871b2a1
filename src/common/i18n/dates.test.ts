import { describe, expect, it } from 'vitest';
import { shortDateIn } from './dates.ts';
import { LOCALES } from './languages.ts';

describe.each(Object.values(LOCALES))('short dates in %s', (locale) => {
  const intl = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const ours = shortDateIn(locale);

  it('are written exactly as Intl.DateTimeFormat writes them, every day of a leap year', () => {
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2024, 0, 1 + day));
      expect(ours(date), date.toISOString()).toBe(intl.format(date));
    }
  });

  it('and in years of every length a library record may hold', () => {
    for (const year of [1, 9, 99, 999, 1000, 1971, 2026, 9999]) {
      const date = new Date(Date.UTC(2000, 10, 29));
      date.setUTCFullYear(year);
      expect(ours(date), String(year)).toBe(intl.format(date));
    }
  });
});

it('a locale without a written form of its own is left to Intl', () => {
  const date = new Date(Date.UTC(2026, 10, 29));
  expect(shortDateIn('fr-FR')(date)).toBe('29 nov. 2026');
});
