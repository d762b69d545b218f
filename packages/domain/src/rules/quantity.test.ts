import { describe, expect, it } from 'vitest';
import { formatQuantity, formatQuantityNumber, unitName } from './quantity.ts';

describe('quantities', () => {
  it('shows weights with the spec’s 2 decimals and volumes with 3, with their Thai units', () => {
    expect(formatQuantity('weight', 1234.567)).toBe('1,234.57 กก.');
    expect(formatQuantityNumber('weight', '12.5')).toBe('12.50');
    expect(formatQuantity('volume', 1.5)).toBe('1.500 ลบ.ม.');
  });

  it('names the ERP’s unit codes as the product does', () => {
    expect(unitName('KG')).toBe('กก.');
    expect(unitName('m3')).toBe('ลบ.ม.');
    expect(unitName('EA')).toBe('EA');
  });
});
