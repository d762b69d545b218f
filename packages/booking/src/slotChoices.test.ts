import { describe, expect, it } from 'vitest';
import { slotChoices } from './slotChoices.ts';
import { order, request, slot, world } from './testing/fixtures.ts';

const cement = order('D1', [['CEMENT', 10, 500, 0.4]]);

describe('slotChoices (fine tune: where an allocation may move)', () => {
  it('lists every slot of the branch and ship cond from the earliest date to the end of the horizon (wanted date + 29 days), in search order', () => {
    const slots = [
      slot({ date: '2025-01-09', shiftOfDayId: 'AFTERNOON', vehicleTypeId: 'V4' }),
      slot({ date: '2025-01-09' }),
      slot({ date: '2025-01-08', vehicleTypeId: 'V4' }),
      slot({ date: '2025-01-08', vehicleTypeId: 'V10' }),
      // Before the SLA's earliest date (8th), another ship cond, after the horizon: not offered.
      slot({ date: '2025-01-07' }),
      slot({ date: '2025-01-08', shipCondId: 'SC29' }),
      slot({ date: '2025-02-20' }),
    ];
    const choices = slotChoices(
      world({ slots, orders: [cement] }),
      request(['D1'], { wantedDate: '2025-01-09' }),
    );
    expect(choices).toMatchObject({ from: '2025-01-08', to: '2025-02-07', problem: null });
    expect(choices.slots.map((c) => `${c.date} ${c.shiftName} ${c.vehicleTypeName}`)).toEqual([
      '2025-01-08 เช้า รถ 10 ล้อ',
      '2025-01-08 เช้า รถ 4 ล้อ',
      '2025-01-09 เช้า รถ 6 ล้อ',
      '2025-01-09 บ่าย รถ 4 ล้อ',
    ]);
    expect(choices.slots[3]).toMatchObject({
      shiftStartTime: '13:00',
      shiftEndTime: '17:00',
      timeSlotCode: 'B',
      vehicles: 2,
    });
  });

  it('tells what each slot has left now and its status', () => {
    const sixWheeler = slot({ date: '2025-01-08' });
    const w = world({
      slots: [sixWheeler],
      orders: [cement],
      // 2 × 4,500 kg, 2 × 20 m³, 2 × 240 min; 7,200 kg used = 80 % → ใกล้เต็ม (V6's bands).
      booked: [{ slotId: sixWheeler.id, usedWeight: 7200, usedVolume: 4, usedMinute: 100 }],
    });
    const [choice] = slotChoices(w, request(['D1'])).slots;
    expect(choice?.remaining).toEqual({ weight: 1800, volume: 36, minute: 380 });
    expect(choice?.utilization).toMatchObject({ percent: 80, status: 'NEARLY_FULL', statusLabel: 'ใกล้เต็ม' });
    expect(choice?.ruleBreak).toBeNull();
  });

  it('names the first rule a slot breaks for this order, and keeps the slot for the server to judge', () => {
    const banned = world({
      slots: [slot({ date: '2025-01-08' }), slot({ date: '2025-01-08', shiftOfDayId: 'AFTERNOON' })],
      orders: [cement],
      overrides: {
        truckBans: [
          {
            id: 'BAN',
            name: 'ห้ามเช้า',
            branchId: 'B1',
            vehicleTypeId: 'V6',
            subDistrictId: 'SD1',
            startTime: '06:00',
            endTime: '09:00',
            banDayPattern: 'EVERY_DAY',
          },
        ],
      },
    });
    const [morning, afternoon] = slotChoices(banned, request(['D1'])).slots;
    expect(morning?.ruleBreak).toEqual({
      rule: 'BAN',
      ruleLabel: 'ห้ามวิ่ง',
      message: 'รถ 6 ล้อ ห้ามวิ่งในพื้นที่นี้ (ห้ามเช้า) กะเช้า',
    });
    expect(afternoon?.ruleBreak).toBeNull();
  });

  it('says why a request cannot be served', () => {
    expect(slotChoices(world({ orders: [cement] }), request(['D1'], { shipToId: 'X' }))).toEqual({
      from: null,
      to: null,
      slots: [],
      problem: 'ไม่พบสถานที่ส่งสินค้า (X)',
    });
  });
});
