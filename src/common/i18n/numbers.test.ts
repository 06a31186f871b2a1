import { describe, expect, it } from 'vitest';
import { LOCALES } from './languages.ts';
import { numberIn } from './numbers.ts';

/** Whole numbers of every length, both signs, and some that are not whole. */
const samples = [
  0,
  -0,
  1,
  9,
  10,
  99,
  100,
  999,
  1_000,
  9_999,
  10_000,
  12_345,
  99_999,
  100_000,
  123_456,
  999_999,
  1_000_000,
  1_234_567,
  12_345_678,
  123_456_789,
  1_234_567_890,
  98_765_432_101,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  -1_234,
  -123_456,
  -12_345_678,
  0.5,
  12_345.678,
  -0.25,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

describe.each(Object.values(LOCALES))('numbers in %s', (locale) => {
  it('are written exactly as Intl.NumberFormat writes them', () => {
    const format = new Intl.NumberFormat(locale);
    const ours = numberIn(locale);
    for (const value of samples) expect(ours(value), String(value)).toBe(format.format(value));
    for (let digits = 1; digits <= 15; digits += 1) {
      const value = Math.floor(Math.random() * 10 ** digits);
      expect(ours(value), String(value)).toBe(format.format(value));
    }
  });
});

it('writes Bangla counts in Bengali digits grouped by lakh and crore', () => {
  expect(numberIn(LOCALES.bn)(12_345_678)).toBe('১,২৩,৪৫,৬৭৮');
  expect(numberIn(LOCALES.en)(12_345_678)).toBe('12,345,678');
});
