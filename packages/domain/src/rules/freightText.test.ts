import { describe, expect, it } from 'vitest';
import { freightEventText, tripRateText } from './freightText.ts';

describe('freight statement words', () => {
  it('names the rate a trip was charged, or why it has none', () => {
    expect(tripRateText({ tier: 'upTo75Km', minimumApplied: false, problem: null })).toBe('ไม่เกิน 75 กม.');
    expect(tripRateText({ tier: 'upTo75Km', minimumApplied: true, problem: null })).toBe(
      'ไม่เกิน 75 กม. (ขั้นต่ำ)',
    );
    expect(tripRateText({ tier: 'beyond150Km', minimumApplied: false, problem: null })).toBe(
      'เกิน 150 กม. (ตามสัดส่วน)',
    );
    expect(tripRateText({ tier: null, minimumApplied: false, problem: 'คิดค่าขนส่งไม่ได้: x' })).toBe(
      'คิดค่าขนส่งไม่ได้: x',
    );
  });

  it('tells each change of the history in Thai, with its numbers', () => {
    expect(freightEventText({ action: 'create', changes: { state: 'DRAFT', trips: 4, total: 12360 } })).toBe(
      'จัดทำใบสรุป: 4 เที่ยว ยอด 12,360.00 บาท',
    );
    expect(
      freightEventText({
        action: 'recalculate',
        changes: { trips: { from: 2, to: 3 }, total: { from: 4800, to: 6400 } },
      }),
    ).toBe('คำนวณใหม่: 2 → 3 เที่ยว ยอด 4,800.00 → 6,400.00 บาท');
    expect(freightEventText({ action: 'adjust', changes: { amount: -500, reason: 'สินค้าเสียหาย' } })).toBe(
      'เพิ่มรายการปรับยอด -500.00 บาท: สินค้าเสียหาย',
    );
    expect(freightEventText({ action: 'removeAdjustment', changes: { amount: 99, reason: 'พิมพ์ผิด' } })).toBe(
      'ลบรายการปรับยอด 99.00 บาท: พิมพ์ผิด',
    );
    expect(
      freightEventText({
        action: 'transition',
        changes: { state: { from: 'CHECKED', to: 'APPROVED' }, total: 1 },
      }),
    ).toBe('เปลี่ยนสถานะ ตรวจแล้ว → อนุมัติแล้ว');
  });
});
