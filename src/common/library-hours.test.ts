/** The opening hours the page carries, and the week as Bangladesh counts it (issue 36). */
import { describe, expect, it } from 'vitest';
import { libraryHoursContent, parseLibraryHours, weekRuns, weekStartOf } from './library-hours.ts';

describe('the library hours in the page', () => {
  it('reads back what the server wrote, and nothing else', () => {
    const hours = {
      opens: '10:00',
      closes: '18:30',
      closedDays: ['fri' as const, 'sat' as const],
      timeZone: 'Asia/Dhaka',
    };
    expect(parseLibraryHours(libraryHoursContent(hours))).toEqual(hours);
    expect(parseLibraryHours('10:00-09:00;fri;Asia/Dhaka')).toBeNull();
    expect(parseLibraryHours('')).toBeNull();
  });

  it('writes the week from Saturday in runs of days alike', () => {
    expect(weekRuns(['fri'])).toEqual([
      { first: 'sat', last: 'thu', open: true },
      { first: 'fri', last: 'fri', open: false },
    ]);
    expect(weekRuns(['sun', 'tue'])).toEqual([
      { first: 'sat', last: 'sat', open: true },
      { first: 'sun', last: 'sun', open: false },
      { first: 'mon', last: 'mon', open: true },
      { first: 'tue', last: 'tue', open: false },
      { first: 'wed', last: 'fri', open: true },
    ]);
  });

  it('starts a week on its Saturday', () => {
    // 2027-01-09 is a Saturday, 2027-01-15 the Friday that ends its week.
    expect(weekStartOf('2027-01-09')).toBe('2027-01-09');
    expect(weekStartOf('2027-01-11')).toBe('2027-01-09');
    expect(weekStartOf('2027-01-15')).toBe('2027-01-09');
    expect(weekStartOf('2027-01-16')).toBe('2027-01-16');
  });
});
