import { describe, expect, it } from 'vitest';
import { calendarMonthsOf, monthPeriod, periodWords, previousPeriod } from './comparedPeriod.ts';

// Worked out by hand on a calendar (docs/performance-figures.md "ช่วงก่อนหน้า").
describe('the period before', () => {
  it('is the calendar month before for a whole month, whatever the lengths', () => {
    // November (30 days) → all of October (31), not 2–31 October.
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    // October (31) → September (30), not 31 August – 30 September.
    expect(previousPeriod({ from: '2026-10-01', to: '2026-10-31' })).toEqual({
      from: '2026-09-01',
      to: '2026-09-30',
    });
    // March → February: 28 days in 2026, 29 in the leap year 2028.
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(previousPeriod({ from: '2028-03-01', to: '2028-03-31' })).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    // February (28) → January (31).
    expect(previousPeriod({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    // Across the year: January → December of the year before.
    expect(previousPeriod({ from: '2027-01-01', to: '2027-01-31' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('is the quarter before for a whole quarter, and the year before for a whole year', () => {
    expect(previousPeriod({ from: '2027-01-01', to: '2027-03-31' })).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
    // April–June (91 days) → January–March (90 days in 2026).
    expect(previousPeriod({ from: '2026-04-01', to: '2026-06-30' })).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-12-31' })).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });

  it('is the same number of days just before for any other range', () => {
    // A day: 1 March 2026 → 28 February.
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    // Part of a month (10 days) → the 10 days before it, across the month's start.
    expect(previousPeriod({ from: '2026-11-05', to: '2026-11-14' })).toEqual({
      from: '2026-10-26',
      to: '2026-11-04',
    });
    // Two whole months are neither a month nor a quarter: 61 days before.
    expect(previousPeriod({ from: '2026-10-01', to: '2026-11-30' })).toEqual({
      from: '2026-08-01',
      to: '2026-09-30',
    });
    // A month's length not starting on the 1st: 31 days before.
    expect(previousPeriod({ from: '2026-10-02', to: '2026-11-01' })).toEqual({
      from: '2026-09-01',
      to: '2026-10-01',
    });
    // February to May is not a quarter (quarters start in January, April, July, October).
    expect(calendarMonthsOf({ from: '2026-02-01', to: '2026-04-30' })).toBeNull();
  });
});

describe('the period in words', () => {
  it('names a month, a quarter, a year, or the days', () => {
    expect(periodWords({ from: '2026-10-01', to: '2026-10-31' })).toBe('ต.ค. 2569');
    expect(periodWords({ from: '2026-10-01', to: '2026-10-31' }, { buddhistEra: false })).toBe('ต.ค. 2026');
    expect(periodWords({ from: '2026-10-01', to: '2026-12-31' })).toBe('ต.ค.–ธ.ค. 2569');
    expect(periodWords({ from: '2026-01-01', to: '2026-12-31' })).toBe('ปี 2569');
    expect(periodWords({ from: '2026-10-26', to: '2026-11-04' })).toBe('26/10/2569–04/11/2569');
    // The words of the period before a November: October.
    expect(periodWords(previousPeriod({ from: '2026-11-01', to: '2026-11-30' }))).toBe('ต.ค. 2569');
  });
});

describe('monthPeriod', () => {
  it("is a month's first and last day, February of a leap year and December too", () => {
    expect(monthPeriod('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthPeriod('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthPeriod('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthPeriod('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    // The whole month, so the month before it is compared (the home's last month).
    expect(previousPeriod(monthPeriod('2026-01'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
