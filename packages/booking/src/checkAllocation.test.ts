import { describe, expect, it } from 'vitest';
import { type AllocationEdit, checkAllocation } from './checkAllocation.ts';
import { order, slot, TODAY, world } from './testing/fixtures.ts';

const morning = slot({ date: '2025-01-08' });
const tuesday = slot({ date: '2025-01-07' });
// 20:00–02:00 (fixtures): a shift that runs past midnight.
const night = slot({ date: '2025-01-08', shiftOfDayId: 'NIGHT' });
const w = world({
  slots: [morning, tuesday, night],
  orders: [
    order('D1', [
      ['CEMENT', 100, 5000, 4],
      ['FRIDGE', 2, 160, 3],
    ]),
    order('D2', [
      ['CHEM', 10, 100, 0.5],
      ['FOOD', 10, 100, 0.5],
    ]),
  ],
});
const edit = (changes: Partial<AllocationEdit>): AllocationEdit => ({
  branchId: 'B1',
  shipToId: 'S1',
  shipCondId: 'SC1',
  today: TODAY,
  slotId: morning.id,
  vehicles: 2,
  lines: [{ deliveryOrderId: 'D1', lineId: 'D1-1', qty: 100 }],
  ...changes,
});

describe('checkAllocation', () => {
  it('answers the new figures of a valid edit', () => {
    // 100 bags = 5,000 kg over two 4,500 kg vehicles: 90 + 10 bags; 2 trips × 148 min; fee 2 × 2,000.
    const check = checkAllocation(w, edit({}));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.allocation).toMatchObject({ vehicles: 2, usedWeight: 5000, usedMinute: 296, fee: 4000 });
    expect(check.allocation.loads.map((load) => load.lines[0]?.qty)).toEqual([90, 10]);
  });

  it('names the broken rule in Thai', () => {
    expect(checkAllocation(w, edit({ slotId: tuesday.id }))).toMatchObject({ ok: false, rule: 'SLA' });
    expect(checkAllocation(w, edit({ vehicles: 1 }))).toEqual({
      ok: false,
      rule: 'CAPACITY',
      message: 'ต้องใช้ รถ 6 ล้อ อย่างน้อย 2 คัน (ขอ 1 คัน) — เพิ่มจำนวนรถเป็น 2 คัน',
    });
    expect(checkAllocation(w, edit({ vehicles: 3 }))).toEqual({
      ok: false,
      rule: 'INPUT',
      message: 'ขอรถ 3 คัน แต่มีให้จองเพียง 2 คัน',
    });
    expect(checkAllocation(w, edit({ lines: [{ deliveryOrderId: 'D1', lineId: 'D1-2', qty: 1 }] }))).toEqual({
      ok: false,
      rule: 'SPLIT',
      message: 'สินค้า ตู้เย็น แยกส่งไม่ได้ ต้องส่งครบทั้งจำนวน',
    });
    expect(
      checkAllocation(w, edit({ lines: [{ deliveryOrderId: 'D1', lineId: 'D1-1', qty: 2.5 }] })),
    ).toMatchObject({
      rule: 'SPLIT',
      message: 'สินค้า ปูนซีเมนต์ ต้องแบ่งเป็นจำนวนเต็มของหน่วยนับ',
    });
    const together = [
      { deliveryOrderId: 'D2', lineId: 'D2-1', qty: 10 },
      { deliveryOrderId: 'D2', lineId: 'D2-2', qty: 10 },
    ];
    expect(checkAllocation(w, edit({ vehicles: 1, lines: together }))).toEqual({
      ok: false,
      rule: 'PROHIBITED',
      message: 'สินค้าที่ห้ามไปด้วยกันต้องใช้รถแยกกันอย่างน้อย 2 คัน',
    });
    expect(checkAllocation(w, edit({ vehicles: 2, lines: together })).ok).toBe(true);
  });

  it('re-checks the route, the ban and the vehicle type of the edited slot', () => {
    const banned = world({
      slots: [morning],
      orders: [...w.deliveryOrders],
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
    expect(checkAllocation(banned, edit({}))).toMatchObject({ ok: false, rule: 'BAN' });
    const glass = world({
      slots: [slot({ date: '2025-01-08', vehicleTypeId: 'V4' })],
      orders: [order('G', [['GLASS', 1, 10, 0.1]])],
    });
    const onFourWheeler = edit({
      slotId: slot({ date: '2025-01-08', vehicleTypeId: 'V4' }).id,
      vehicles: 1,
      lines: [{ deliveryOrderId: 'G', lineId: 'G-1', qty: 1 }],
    });
    expect(checkAllocation(glass, onFourWheeler)).toMatchObject({ ok: false, rule: 'VEHICLE_TYPE' });
    expect(checkAllocation(w, edit({ shipCondId: 'SC29' }))).toMatchObject({ ok: false, rule: 'INPUT' });
  });

  it('keeps the delivery time within the shift, both ends included', () => {
    for (const deliveryTime of ['08:00', '10:15', '12:00', null, undefined])
      expect(checkAllocation(w, edit({ deliveryTime })).ok, String(deliveryTime)).toBe(true);
    expect(checkAllocation(w, edit({ deliveryTime: '13:30' }))).toEqual({
      ok: false,
      rule: 'DELIVERY_TIME',
      message: 'เวลาส่งสินค้า 13:30 ไม่อยู่ในช่วงเวลาของกะที่เลือก: เช้า 08:00–12:00',
    });
    expect(checkAllocation(w, edit({ deliveryTime: '07:59' }))).toMatchObject({ rule: 'DELIVERY_TIME' });
    expect(checkAllocation(w, edit({ deliveryTime: '25:00' }))).toEqual({
      ok: false,
      rule: 'INPUT',
      message: 'เวลาส่งสินค้า 25:00 ไม่ถูกต้อง ต้องเป็นเวลาในรูปแบบ HH:mm',
    });
  });

  it('takes a delivery time after midnight in a shift that runs past it', () => {
    const atNight = (deliveryTime: string) => checkAllocation(w, edit({ slotId: night.id, deliveryTime }));
    for (const time of ['20:00', '23:30', '00:45', '02:00']) expect(atNight(time).ok, time).toBe(true);
    expect(atNight('03:00')).toEqual({
      ok: false,
      rule: 'DELIVERY_TIME',
      message: 'เวลาส่งสินค้า 03:00 ไม่อยู่ในช่วงเวลาของกะที่เลือก: กลางคืน 20:00–02:00 (ข้ามเที่ยงคืน)',
    });
  });

  it('reports the slot’s own rules before the delivery time, and the time before the lines', () => {
    expect(checkAllocation(w, edit({ slotId: tuesday.id, deliveryTime: '13:30' }))).toMatchObject({
      rule: 'SLA',
    });
    const fridgePart = [{ deliveryOrderId: 'D1', lineId: 'D1-2', qty: 1 }];
    expect(checkAllocation(w, edit({ lines: fridgePart, deliveryTime: '13:30' }))).toMatchObject({
      rule: 'DELIVERY_TIME',
    });
  });

  it('answers the shift’s hours with the allocation', () => {
    const check = checkAllocation(w, edit({ slotId: night.id }));
    expect(check.ok && check.allocation).toMatchObject({
      shiftName: 'กลางคืน',
      shiftStartTime: '20:00',
      shiftEndTime: '02:00',
    });
  });
});
