import { describe, expect, it } from 'vitest';
import { formatNumber, toNumberOrNull } from './numberFormat.ts';

describe('formatNumber', () => {
  it('uses the English locale with 2 fixed decimals by default', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(5)).toBe('5.00');
    expect(formatNumber(-1234.5)).toBe('-1,234.50');
  });

  it('takes other decimal counts, and numeric strings from the API', () => {
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
    expect(formatNumber('6000.125', 3)).toBe('6,000.125');
    expect(formatNumber(' 12 ')).toBe('12.00');
  });

  it("shows '-' for empty values", () => {
    for (const empty of [null, undefined, '', '  ', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatNumber(empty)).toBe('-');
    }
  });

  it('shows no minus sign on a value that rounds to zero', () => {
    expect(formatNumber(-0.001)).toBe('0.00');
  });

  it('refuses an impossible decimal count', () => {
    expect(() => formatNumber(1, -1)).toThrow(RangeError);
    expect(() => formatNumber(1, 1.5)).toThrow(RangeError);
  });

  it('reads numbers only from finite numbers and numeric strings', () => {
    expect(toNumberOrNull('1e3')).toBe(1000);
    expect(toNumberOrNull('12abc')).toBeNull();
  });
});
