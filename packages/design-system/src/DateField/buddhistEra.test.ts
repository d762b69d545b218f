import { BuddhistCalendar, CalendarDate, GregorianCalendar, toCalendar } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { toIsoDate } from './DateField.tsx';
import { formatDay } from './dateValues.ts';

describe('years typed in the Buddhist era (issue 22 item 8)', () => {
  it('stores 2568 typed as 2025, and shows 2025 back as 2568', () => {
    const typed = new CalendarDate(new BuddhistCalendar(), 2568, 11, 25);
    expect(toIsoDate(typed)).toBe('2025-11-25');
    expect(toIsoDate(new CalendarDate(new BuddhistCalendar(), 2567, 2, 29))).toBe('2024-02-29');
    const stored = new CalendarDate(2025, 11, 25);
    expect(formatDay(stored, true)).toBe('25/11/2568');
    expect(formatDay(stored, false)).toBe('25/11/2025');
    expect(toIsoDate(toCalendar(stored, new GregorianCalendar()))).toBe('2025-11-25');
    expect(toIsoDate(null)).toBeNull();
  });
});
