import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, dayParts, dayRange, daysBetween, daysFrom } from './calendarDay.ts';

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const anyDay = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => iso(date));

describe('calendar days', () => {
  it('moves across month ends, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-28', '2027-01-27')).toBe(60);
    expect(dayRange('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(dayRange('2026-01-02', '2026-01-01')).toEqual([]);
    expect(dayRange('2026-01-01', '2026-12-31', 3)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(dayOfWeek('2026-11-29')).toBe(0);
    expect(dayOfWeek('2026-11-28')).toBe(6);
    expect(dayParts('2026-02-09')).toEqual({ year: 2026, month: 2, day: 9 });
  });

  it('agrees with UTC midnight arithmetic on every day 1900–2099', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -800, max: 800 }), (day, days) => {
        const moved = utc(day);
        moved.setUTCDate(moved.getUTCDate() + days);
        expect(addDays(day, days)).toBe(iso(moved));
        expect(daysBetween(day, addDays(day, days))).toBe(days);
        expect(dayOfWeek(day)).toBe(utc(day).getUTCDay());
      }),
    );
  });

  it('refuses what is no calendar day', () => {
    expect(() => addDays('2026-02-29', 1)).toThrow(RangeError);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
    expect(() => addDays('2026-04-31', 1)).toThrow(RangeError);
    expect(() => daysBetween('2026-00-10', '2026-01-10')).toThrow(RangeError);
    expect(() => dayOfWeek('26-01-01')).toThrow('Invalid ISO 8601 date string');
    expect(() => dayParts('2026-1-1')).toThrow('Invalid ISO 8601 date string');
    expect(addDays('2028-02-29', 0)).toBe('2028-02-29');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('lists consecutive days', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 70 }), (start, count) => {
        const days = daysFrom(start, count);
        expect(days).toHaveLength(count);
        expect(days.map((day) => daysBetween(start, day))).toEqual(days.map((_, index) => index));
      }),
    );
  });
});
