import { describe, expect, it } from 'vitest';
import { formatNumber } from './formatNumber.ts';

describe('formatNumber', () => {
  it('uses English grouping with 2 fixed decimals by default', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(0)).toBe('0.00');
  });
  it('takes a scale', () => {
    expect(formatNumber(1234.567, 0)).toBe('1,235');
    expect(formatNumber(1.5, 3)).toBe('1.500');
  });
  it("shows '-' for empty values", () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber(Number.NaN)).toBe('-');
  });
});
