import { describe, expect, it } from 'vitest';
import { phrase } from './phrase.ts';

describe('phrase', () => {
  it('puts a space where a Thai word meets an English name, on either side', () => {
    expect(phrase('ค้นหา', 'DO Report')).toBe('ค้นหา DO Report');
    expect(phrase('แก้ไข', 'Time Slot Code')).toBe('แก้ไข Time Slot Code');
    expect(phrase('ไม่พบ', 'Ship Cond', 'ที่ตรงกับเงื่อนไข')).toBe('ไม่พบ Ship Cond ที่ตรงกับเงื่อนไข');
  });

  it('runs Thai words together as Thai is written, and never doubles a space', () => {
    expect(phrase('ค้นหา', 'จังหวัด')).toBe('ค้นหาจังหวัด');
    expect(phrase('รายละเอียด', 'จังหวัด', ' 10: กรุงเทพ')).toBe('รายละเอียดจังหวัด 10: กรุงเทพ');
    expect(phrase('ค้นหา ', 'DO Report')).toBe('ค้นหา DO Report');
    expect(phrase('', 'DO Report', '')).toBe('DO Report');
  });
});
