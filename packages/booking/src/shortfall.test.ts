import { describe, expect, it } from 'vitest';
import { type AllocationEdit, checkAllocation } from './checkAllocation.ts';
import { hoursAndMinutes } from './messages.ts';
import { order, request, slot, TODAY, world } from './testing/fixtures.ts';
import { whyNot } from './whyNot.ts';

/**
 * Each refusal names the limit that refused it, with its numbers (issue "The day as one flow",
 * item 3): every case below breaks exactly one limit. A 6-wheeler's trip costs 148 minutes; the
 * morning and afternoon shifts are 240 minutes, the night 360; booking may use 4,500 kg of it.
 */

const day = '2025-01-08';
const morning = slot({ date: day });
const afternoon = slot({ date: day, shiftOfDayId: 'AFTERNOON' });
const night = slot({ date: day, shiftOfDayId: 'NIGHT' });
// Four fridges go whole (cannot split): 4 × 30 min of installation + the 148-minute trip = 268 minutes.
const fridges = order('D1', [['FRIDGE', 4, 320, 2]]);

const edit = (changes: Partial<AllocationEdit>): AllocationEdit => ({
  branchId: 'B1',
  shipToId: 'S1',
  shipCondId: 'SC1',
  today: TODAY,
  slotId: morning.id,
  vehicles: 1,
  lines: [{ deliveryOrderId: 'D1', lineId: 'D1-1', qty: 4 }],
  ...changes,
});

const dayReason = (w: ReturnType<typeof world>) =>
  whyNot(w, request(['D1'])).find((r) => r.date === day && r.vehicleTypeId === 'V6');

describe('a refusal names the limit that refused it', () => {
  it('formats minutes as hours and minutes', () => {
    expect([hoursAndMinutes(430), hoursAndMinutes(360), hoursAndMinutes(45), hoursAndMinutes(0)]).toEqual([
      '7 ชม. 10 นาที',
      '6 ชม.',
      '45 นาที',
      '0 นาที',
    ]);
  });

  it('an order longer than every shift of the day is "longer than the longest shift", not "full"', () => {
    const reason = dayReason(world({ slots: [morning, afternoon], orders: [fridges] }));
    expect(reason).toMatchObject({
      rule: 'CAPACITY',
      message:
        'ต้องใช้ รถ 6 ล้อ คันเดียว 4 ชม. 28 นาที (ติดตั้ง 2 ชม.) แต่กะยาวที่สุดของวันนี้มี 4 ชม. — ต้องมีกะที่ยาวอย่างน้อย 4 ชม. 28 นาที',
    });
    // A longer shift that day takes it: the day is offered.
    expect(dayReason(world({ slots: [morning, afternoon, night], orders: [fridges] }))).toBeUndefined();
  });

  it('the same order put into one short shift by hand names that shift', () => {
    expect(checkAllocation(world({ slots: [morning], orders: [fridges] }), edit({}))).toEqual({
      ok: false,
      rule: 'CAPACITY',
      message:
        'ต้องใช้ รถ 6 ล้อ คันเดียว 4 ชม. 28 นาที (ติดตั้ง 2 ชม.) แต่ กะเช้า มี 4 ชม. — ต้องมีกะที่ยาวอย่างน้อย 4 ชม. 28 นาที',
    });
  });

  it('one unit heavier than a vehicle takes names the weight, not the slot', () => {
    const w = world({ slots: [morning], orders: [order('D1', [['CEMENT', 1, 5000, 1]])] });
    expect(checkAllocation(w, edit({ lines: [{ deliveryOrderId: 'D1', lineId: 'D1-1', qty: 1 }] }))).toEqual({
      ok: false,
      rule: 'CAPACITY',
      message: 'สินค้า ปูนซีเมนต์ น้ำหนัก 5,000.00 กก. เกินที่ รถ 6 ล้อ หนึ่งคันรับได้ (4,500.00 กก.) — ต้องใช้รถที่ใหญ่กว่า',
    });
  });

  it('a slot others have filled names what is short and what is left, and nothing else', () => {
    const w = world({
      slots: [morning],
      orders: [order('D1', [['CEMENT', 40, 2000, 1]])],
      booked: [{ slotId: morning.id, usedWeight: 8000, usedVolume: 1, usedMinute: 0 }],
    });
    expect(checkAllocation(w, edit({ lines: [{ deliveryOrderId: 'D1', lineId: 'D1-1', qty: 40 }] }))).toEqual(
      {
        ok: false,
        rule: 'CAPACITY',
        message: 'ความจุไม่พอ: น้ำหนักต้องใช้ 2,000.00 กก. เหลือ 1,000.00 กก.',
      },
    );
    // The day's verdict for a slot with room for no single bag names the shift and its figures.
    const full = world({
      slots: [morning],
      orders: [order('D1', [['CEMENT', 40, 2000, 1]])],
      booked: [{ slotId: morning.id, usedWeight: 9000, usedVolume: 1, usedMinute: 0 }],
    });
    expect(dayReason(full)?.message).toBe('รถ 6 ล้อ เต็มแล้วทุกกะของวันนี้');
  });
});
