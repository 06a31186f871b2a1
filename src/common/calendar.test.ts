import { describe, expect, it } from 'vitest';
import { dayIn } from './calendar.ts';

describe('dayIn', () => {
  it('gives each time zone its own day for the same instant, whichever zone was asked first', () => {
    // 29 November 2026 at 20:30 UTC: already the 30th in Dhaka, still the 29th in New York.
    const instant = new Date(Date.UTC(2026, 10, 29, 20, 30));
    expect(dayIn('Asia/Dhaka', instant)).toBe('2026-11-30');
    expect(dayIn('America/New_York', instant)).toBe('2026-11-29');
    expect(dayIn('Asia/Dhaka', instant)).toBe('2026-11-30');
    expect(dayIn('UTC', instant)).toBe('2026-11-29');
  });
});
