import { describe, expect, it } from 'vitest';
import { stopStatusOptions } from '../entities/deliveryOutcomes.ts';
import { optionLabel } from './types.ts';

describe('optionLabel', () => {
  it('gives the label declared for a value, and nothing for a value the list does not hold', () => {
    expect(optionLabel(stopStatusOptions, 'FAILED')).toBe('ส่งไม่สำเร็จ');
    expect(optionLabel(stopStatusOptions, 'NO_SUCH')).toBeUndefined();
    expect(optionLabel(stopStatusOptions, null)).toBeUndefined();
    expect(optionLabel(undefined, 'FAILED')).toBeUndefined();
  });

  it('compares values exactly, so a number is not its text', () => {
    const options = [
      { value: 1, label: 'หนึ่ง' },
      { value: '1', label: 'ข้อความหนึ่ง' },
    ];
    expect(optionLabel(options, 1)).toBe('หนึ่ง');
    expect(optionLabel(options, '1')).toBe('ข้อความหนึ่ง');
  });
});
