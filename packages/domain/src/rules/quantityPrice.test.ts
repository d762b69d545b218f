import { describe, expect, it } from 'vitest';
import { quantityPrice } from './quantityPrice.ts';

describe('quantityPrice', () => {
  it('costs nothing for no vehicle and the unit price for one', () => {
    expect(quantityPrice(0, 2500)).toBe(0);
    expect(quantityPrice(0, 2500, 10)).toBe(0);
    expect(quantityPrice(1, 2500)).toBe(2500);
    expect(quantityPrice(1, 2500, 10)).toBe(2500);
  });

  it('multiplies without a step percent', () => {
    expect(quantityPrice(3, 2500)).toBe(7500);
    expect(quantityPrice(3, 2500, null)).toBe(7500);
  });

  it('raises each unit after the first by the step percent', () => {
    // 2500 + 2 × 2500 × 1.10
    expect(quantityPrice(3, 2500, 10)).toBe(8000);
    // a discount step: 1000 + 1000 × 0.8
    expect(quantityPrice(2, 1000, -20)).toBe(1800);
    expect(quantityPrice(4, 100, 0)).toBe(400);
  });

  it('rounds to the satang', () => {
    expect(quantityPrice(2, 0.1, 10)).toBe(0.21);
    expect(quantityPrice(3, 33.333)).toBe(100);
  });

  it('refuses a negative or fractional quantity', () => {
    expect(() => quantityPrice(-1, 100)).toThrow(RangeError);
    expect(() => quantityPrice(1.5, 100)).toThrow(RangeError);
    expect(() => quantityPrice(2, Number.NaN)).toThrow(RangeError);
  });
});
