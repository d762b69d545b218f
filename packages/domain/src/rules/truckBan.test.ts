import { describe, expect, it } from 'vitest';
import {
  bannedWeekdaysOf,
  isBanDay,
  isTimeInWindow,
  timeWindowLabel,
  timeWindowsOverlap,
} from './truckBan.ts';

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

describe('isTimeInWindow', () => {
  it('takes both ends of a window and nothing outside', () => {
    const morning = { start: '08:00', end: '12:00' };
    expect(['08:00', '09:30', '12:00'].map((t) => isTimeInWindow(t, morning))).toEqual([true, true, true]);
    expect(['07:59', '12:01', '00:00'].map((t) => isTimeInWindow(t, morning))).toEqual([false, false, false]);
    expect(isTimeInWindow('09:30:00', { start: '08:00:00', end: '12:00:00' })).toBe(true);
  });

  it('handles a window past midnight, and a whole-day window', () => {
    const night = { start: '20:00', end: '02:00' };
    expect(['20:00', '23:59', '00:00', '02:00'].map((t) => isTimeInWindow(t, night))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['02:01', '12:00', '19:59'].map((t) => isTimeInWindow(t, night))).toEqual([false, false, false]);
    expect(isTimeInWindow('15:00', { start: '06:00', end: '06:00' })).toBe(true);
  });

  it('labels a window, saying when it runs past midnight', () => {
    expect(timeWindowLabel({ start: '08:00:00', end: '12:00:00' })).toBe('08:00–12:00');
    expect(timeWindowLabel({ start: '20:00', end: '02:00' })).toBe('20:00–02:00 (ข้ามเที่ยงคืน)');
  });
});
