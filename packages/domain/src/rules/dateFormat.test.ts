import { describe, expect, it } from 'vitest';
import {
  bangkokIsoDate,
  formatDate,
  formatDateTime,
  formatTime,
  isValidIsoDate,
  isValidTime,
  isWithinDateLimits,
  weekdayOf,
} from './dateFormat.ts';

describe('formatDate', () => {
  it('shows a calendar date as dd/MM/yyyy without moving it across zones', () => {
    expect(formatDate('2025-03-07')).toBe('07/03/2025');
    expect(formatDate('1900-01-01')).toBe('01/01/1900');
  });

  it('shows an instant as its day in Bangkok (UTC+7)', () => {
    expect(formatDate('2025-03-06T17:00:00Z')).toBe('07/03/2025');
    expect(formatDate('2025-03-06T16:59:00Z')).toBe('06/03/2025');
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 18, 0)))).toBe('01/01/2025');
  });

  it('shows the Buddhist-era year when asked', () => {
    expect(formatDate('2025-03-07', { buddhistEra: true })).toBe('07/03/2568');
    expect(formatDateTime('2025-03-06T17:30:00Z', { buddhistEra: true })).toBe('07/03/2568 00:30');
  });

  it("shows '-' for empty and impossible dates", () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('2025-02-30')).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });
});

describe('formatTime and formatDateTime', () => {
  it('shows HH:mm of a time of day or of an instant in Bangkok', () => {
    expect(formatTime('08:05')).toBe('08:05');
    expect(formatTime('21:30:59')).toBe('21:30');
    expect(formatTime('2025-03-06T23:15:00Z')).toBe('06:15');
    expect(formatTime(undefined)).toBe('-');
    expect(formatDateTime('2025-03-06T23:15:00+07:00')).toBe('06/03/2025 23:15');
  });
});

describe('date limits and checks', () => {
  it('knows real calendar dates and times', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2025-02-29')).toBe(false);
    expect(isValidIsoDate('2025-3-7')).toBe(false);
    expect(isValidTime('23:59')).toBe(true);
    expect(isValidTime('24:00')).toBe(false);
    expect(isValidTime('7:00')).toBe(false);
  });

  it('keeps dates between 1900-01-01 and 2099-12-31', () => {
    expect(isWithinDateLimits('1900-01-01')).toBe(true);
    expect(isWithinDateLimits('2099-12-31')).toBe(true);
    expect(isWithinDateLimits('1899-12-31')).toBe(false);
    expect(isWithinDateLimits('2100-01-01')).toBe(false);
  });

  it('counts weekdays from Sunday = 0', () => {
    expect(weekdayOf('2025-03-09')).toBe(0);
    expect(weekdayOf('2025-03-15')).toBe(6);
    expect(() => weekdayOf('2025-13-01')).toThrow(RangeError);
  });

  it("gives today's date in Bangkok", () => {
    expect(bangkokIsoDate(new Date('2025-12-31T17:00:00Z'))).toBe('2026-01-01');
    expect(bangkokIsoDate(new Date('2025-12-31T16:59:59Z'))).toBe('2025-12-31');
  });
});
