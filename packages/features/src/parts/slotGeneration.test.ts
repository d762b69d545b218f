import { describe, expect, it } from 'vitest';
import { daysBetween, generateSlots, generationErrors, MAX_GENERATION_DAYS } from './slotGeneration.ts';

describe('vehicle date slot generation', () => {
  const template = [
    { vehicleTypeId: 'vt1', shiftOfDayId: 's1', total: 3, special: 1 },
    { vehicleTypeId: 'vt2', shiftOfDayId: 's2', total: 2 },
  ];

  it('makes one slot per day of the range and template row, in date order', () => {
    const slots = generateSlots({ dateFrom: '2026-11-29', dateTo: '2026-12-01', shipCondId: 'sc', template });
    expect(slots).toHaveLength(6);
    expect(slots.map((slot) => slot.shiftDate)).toEqual([
      '2026-11-29',
      '2026-11-29',
      '2026-11-30',
      '2026-11-30',
      '2026-12-01',
      '2026-12-01',
    ]);
    expect(slots[0]).toEqual({
      shiftDate: '2026-11-29',
      vehicleTypeId: 'vt1',
      shiftOfDayId: 's1',
      total: 3,
      special: 1,
      shipCondId: 'sc',
      routeConfigId: null,
    });
  });

  it('counts calendar days across a month end and a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('explains in Thai what is missing or wrong', () => {
    expect(generationErrors({})).toMatchObject({
      dateFrom: 'กรุณาระบุ วันที่เริ่มต้น',
      dateTo: 'กรุณาระบุ วันที่สิ้นสุด',
      shipCondId: 'กรุณาระบุ Ship Cond',
      template: 'กรุณาเพิ่มแม่แบบอย่างน้อย 1 แถว',
    });
    expect(
      generationErrors({ dateFrom: '2026-11-10', dateTo: '2026-11-01', shipCondId: 'x', template }).dateTo,
    ).toBe('วันที่สิ้นสุด ต้องไม่ก่อนวันที่เริ่มต้น');
    expect(
      generationErrors({ dateFrom: '2026-01-01', dateTo: '2026-12-31', shipCondId: 'x', template }).dateTo,
    ).toBe(`สร้างได้ครั้งละไม่เกิน ${MAX_GENERATION_DAYS} วัน`);
  });
});
