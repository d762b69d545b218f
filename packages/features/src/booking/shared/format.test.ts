import { describe, expect, it } from 'vitest';
import { cellWords } from '../calendar/reschedule.tsx';
import { thaiDay } from './format.ts';

describe('a day in words, in the reader’s era', () => {
  it('says the Gregorian year unless told the Buddhist era', () => {
    expect(thaiDay('2025-01-08')).toBe('พ. 8 ม.ค. 2025');
    expect(thaiDay('2025-01-08', { buddhistEra: true })).toBe('พ. 8 ม.ค. 2568');
    expect(thaiDay('2024-12-31', { buddhistEra: false })).toBe('อ. 31 ธ.ค. 2024');
  });

  it('names a calendar cell with the day as it is given', () => {
    const cell = { date: '2025-01-08', shiftName: 'กะเช้า', vehicleTypeName: 'รถ 6 ล้อ' };
    expect(cellWords(cell)).toBe('พ. 8 ม.ค. 2025 กะเช้า รถ 6 ล้อ');
    expect(cellWords(cell, (day) => thaiDay(day, { buddhistEra: true }))).toBe(
      'พ. 8 ม.ค. 2568 กะเช้า รถ 6 ล้อ',
    );
  });
});
