import { describe, expect, it } from 'vitest';
import { bannedWeekdaysOf, isBanDay, timeWindowsOverlap } from './truckBan.ts';

describe('banned weekdays', () => {
  it('follows the pattern, or the config list for CUSTOM', () => {
    expect(bannedWeekdaysOf('EVERY_DAY', [])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(bannedWeekdaysOf('WEEKDAYS', [0])).toEqual([1, 2, 3, 4, 5]);
    expect(bannedWeekdaysOf('WEEKENDS', null)).toEqual([0, 6]);
    expect(bannedWeekdaysOf('CUSTOM', [5, 1, 5, 9])).toEqual([1, 5]);
    expect(bannedWeekdaysOf('CUSTOM', null)).toEqual([]);
  });

  it('answers for one weekday', () => {
    expect(isBanDay('WEEKDAYS', null, 1)).toBe(true);
    expect(isBanDay('WEEKDAYS', null, 0)).toBe(false);
    expect(isBanDay('CUSTOM', [3], 3)).toBe(true);
  });
});

describe('timeWindowsOverlap', () => {
  it('sees overlapping windows and not touching ones', () => {
    expect(timeWindowsOverlap({ start: '06:00', end: '21:00' }, { start: '08:00', end: '12:00' })).toBe(true);
    expect(timeWindowsOverlap({ start: '06:00', end: '09:00' }, { start: '09:00', end: '12:00' })).toBe(
      false,
    );
    expect(timeWindowsOverlap({ start: '21:00', end: '23:00' }, { start: '13:00', end: '17:00' })).toBe(
      false,
    );
  });

  it('handles a window past midnight', () => {
    expect(timeWindowsOverlap({ start: '22:00', end: '05:00' }, { start: '04:00', end: '08:00' })).toBe(true);
    expect(timeWindowsOverlap({ start: '22:00', end: '05:00' }, { start: '06:00', end: '21:00' })).toBe(
      false,
    );
  });
});
