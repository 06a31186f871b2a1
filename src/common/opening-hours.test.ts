/**
 * The library's opening hours on its own clock: Dhaka is six hours ahead of UTC all year, and the
 * library stays closed on Fridays by default (docs/product/rooms-and-events.md).
 */
import { describe, expect, it } from 'vitest';
import {
  wallTimeExists,
  closesAt,
  instantAt,
  isOpenOn,
  nthOpenDay,
  opensAt,
  parseClosedDays,
  parseHours,
  slotStarts,
  weekdayOf,
  type OpeningHours,
} from './opening-hours.ts';

const dhaka: OpeningHours = {
  opens: '09:00',
  closes: '20:00',
  closedDays: ['fri'],
  timeZone: 'Asia/Dhaka',
};

// 2026-11-27 is a Friday.
const THURSDAY = '2026-11-26';
const FRIDAY = '2026-11-27';
const SATURDAY = '2026-11-28';

describe('opening hours', () => {
  it('reads the settings and refuses what is not a day or an opening before a closing', () => {
    expect(parseHours('09:00-20:00')).toEqual({ opens: '09:00', closes: '20:00' });
    expect(parseHours(' 08:30 - 17:45 ')).toEqual({ opens: '08:30', closes: '17:45' });
    for (const bad of [
      '20:00-09:00',
      '09:00-09:00',
      '9-20',
      '09:00',
      '09:00-24:00',
      '09:00-20:00-21:00',
    ]) {
      expect(parseHours(bad), bad).toBeNull();
    }
    expect(parseClosedDays('fri')).toEqual(['fri']);
    expect(parseClosedDays('Fri, sat,fri')).toEqual(['fri', 'sat']);
    expect(parseClosedDays('')).toEqual([]);
    expect(parseClosedDays('friday')).toBeNull();
  });

  it('is closed on Friday and open on the days around it', () => {
    expect(weekdayOf(FRIDAY)).toBe('fri');
    expect(isOpenOn(dhaka, THURSDAY)).toBe(true);
    expect(isOpenOn(dhaka, FRIDAY)).toBe(false);
    expect(isOpenOn(dhaka, SATURDAY)).toBe(true);
    expect(isOpenOn({ ...dhaka, closedDays: [] }, FRIDAY)).toBe(true);
  });

  it('opens and closes at instants six hours before the same times in UTC, in Asia/Dhaka', () => {
    expect(opensAt(dhaka, THURSDAY).toISOString()).toBe('2026-11-26T03:00:00.000Z');
    expect(closesAt(dhaka, THURSDAY).toISOString()).toBe('2026-11-26T14:00:00.000Z');
    // Just after midnight in Dhaka is still the day before in UTC.
    expect(instantAt('Asia/Dhaka', SATURDAY, '00:30').toISOString()).toBe(
      '2026-11-27T18:30:00.000Z',
    );
  });

  it('finds the instant across a daylight-saving change', () => {
    // Berlin moved from UTC+1 to UTC+2 on 2026-03-29 at 02:00.
    expect(instantAt('Europe/Berlin', '2026-03-28', '12:00').toISOString()).toBe(
      '2026-03-28T11:00:00.000Z',
    );
    expect(instantAt('Europe/Berlin', '2026-03-29', '12:00').toISOString()).toBe(
      '2026-03-29T10:00:00.000Z',
    );
  });

  it('starts slots on the hour up to the last one that ends at closing, and none on Friday', () => {
    const slots = slotStarts(dhaka, THURSDAY, 60);
    expect(slots[0]).toBe('09:00');
    expect(slots.at(-1)).toBe('19:00');
    expect(slots).toHaveLength(11);
    expect(slotStarts(dhaka, FRIDAY, 60)).toEqual([]);
    // A 45-minute slot that would run past closing is not offered.
    expect(slotStarts({ ...dhaka, closes: '10:00' }, THURSDAY, 45)).toEqual(['09:00']);
    expect(slotStarts(dhaka, THURSDAY, 30)).toHaveLength(22);
  });

  it('counts open days past a closed Friday', () => {
    expect(nthOpenDay(dhaka, THURSDAY, 0)).toBe(THURSDAY);
    expect(nthOpenDay(dhaka, THURSDAY, 1)).toBe(SATURDAY);
    expect(nthOpenDay(dhaka, THURSDAY, 2)).toBe('2026-11-29');
    expect(nthOpenDay(dhaka, FRIDAY, 0)).toBe(SATURDAY);
    expect(nthOpenDay(dhaka, FRIDAY, 1)).toBe(SATURDAY);
    expect(nthOpenDay(dhaka, '2026-11-25', 2)).toBe(SATURDAY);
    // Seven open days from a Thursday skip one Friday.
    expect(nthOpenDay(dhaka, THURSDAY, 7)).toBe('2026-12-05');
    expect(nthOpenDay({ ...dhaka, closedDays: ['fri', 'sat'] }, THURSDAY, 1)).toBe('2026-11-29');
  });

  it('knows the hour the clocks skip, and offers no slot in it (issue 33)', () => {
    const london = { opens: '00:00', closes: '04:00', closedDays: [], timeZone: 'Europe/London' };
    // 28 March 2027: at 01:00 the clocks in London go forward to 02:00.
    expect(wallTimeExists('Europe/London', '2027-03-28', '01:00')).toBe(false);
    expect(wallTimeExists('Europe/London', '2027-03-28', '01:30')).toBe(false);
    expect(wallTimeExists('Europe/London', '2027-03-28', '02:00')).toBe(true);
    // On 31 October 01:30 comes twice: it exists.
    expect(wallTimeExists('Europe/London', '2027-10-31', '01:30')).toBe(true);
    expect(wallTimeExists('Asia/Dhaka', '2027-03-28', '01:00')).toBe(true);
    expect(slotStarts(london, '2027-03-28', 60)).toEqual(['00:00', '02:00', '03:00']);
    expect(slotStarts(london, '2027-03-27', 60)).toEqual(['00:00', '01:00', '02:00', '03:00']);
  });
});
