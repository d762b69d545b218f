import { describe, expect, it } from 'vitest';
import { suggest } from './suggest.ts';
import { order, request, SC1, slot, world } from './testing/fixtures.ts';
import { whyNot } from './whyNot.ts';
import type { TruckBanConfig } from './world.ts';

const cement = (id: string, bags: number) => order(id, [['CEMENT', bags, bags * 50, bags * 0.04]]);
const slotIds = (result: ReturnType<typeof suggest>) =>
  result.options.flatMap((option) => option.allocations.map((allocation) => allocation.slotId));

describe('rule 1: SLA', () => {
  const w = world({
    slots: [slot({ date: '2025-01-07' }), slot({ date: '2025-01-08' })],
    orders: [cement('D1', 10)],
  });

  it('offers nothing before today + sla (Monday 6 + 2 days = Wednesday 8)', () => {
    const result = suggest(w, request(['D1']));
    expect(result.earliestDate).toBe('2025-01-08');
    expect(result.options.every((option) => option.firstDate >= '2025-01-08')).toBe(true);
    expect(slotIds(result)).not.toContain(slot({ date: '2025-01-07' }).id);
  });

  it('explains a wanted day before the SLA', () => {
    const reasons = whyNot(w, request(['D1'], { wantedDate: '2025-01-07' }));
    expect(
      reasons.find((reason) => reason.date === '2025-01-07' && reason.vehicleTypeId === 'V6'),
    ).toMatchObject({
      rule: 'SLA',
      message: 'ก่อนวันที่เริ่มจองได้ตาม SLA (08/01/2025)',
    });
  });

  it('reads an instant in Bangkok: 20:00 UTC on the 6th is the 7th there, so the earliest is the 9th', () => {
    const result = suggest(w, request(['D1'], { today: new Date('2025-01-06T20:00:00Z') }));
    expect(result.earliestDate).toBe('2025-01-09');
    expect(result.options).toEqual([]);
  });

  it('starts at a wanted date after the earliest, for HORIZON_DAYS days', () => {
    const later = world({
      slots: [slot({ date: '2025-01-08' }), slot({ date: '2025-01-10' })],
      orders: [cement('D1', 10)],
    });
    const result = suggest(later, request(['D1'], { wantedDate: '2025-01-10' }));
    expect(result.from).toBe('2025-01-10');
    expect(result.to).toBe('2025-02-08');
    expect(result.options.map((option) => option.firstDate)).toEqual(['2025-01-10']);
  });
});

describe('rule 2: distance', () => {
  it('a ship cond with maxDistance 100 km does not serve a ship-to 216.83 km away', () => {
    // 1.5° × π/180 × 6371.0088 × 1.3 = 216.83 km.
    const w = world({ slots: [slot({ date: '2025-01-08' })], orders: [cement('D1', 10)] });
    const result = suggest(w, request(['D1'], { shipToId: 'S_FAR' }));
    expect(result.distanceKm).toBeCloseTo(216.83, 2);
    expect(result.options).toEqual([]);
    expect(result.whyNot[0]).toMatchObject({ date: '2025-01-08', rule: 'DISTANCE' });
    expect(result.whyNot[0]?.message).toContain('216.83');
  });
});

describe('rule 3: vehicle type', () => {
  const slots = ['V4', 'V6', 'VX'].map((vehicleTypeId) => slot({ date: '2025-01-08', vehicleTypeId }));

  it('rules out a type the article does not support, and one not allowed for the ship cond', () => {
    const w = world({ slots, orders: [order('D1', [['GLASS', 1, 10, 0.1]])] });
    const result = suggest(w, request(['D1']));
    expect(new Set(result.options.flatMap((o) => o.allocations.map((a) => a.vehicleTypeId)))).toEqual(
      new Set(['V6']),
    );
    const day = result.whyNot.filter((reason) => reason.date === '2025-01-08');
    expect(day.find((reason) => reason.vehicleTypeId === 'V4')?.message).toBe(
      'ประเภทรถ รถ 4 ล้อ ไม่รองรับการขนส่งสินค้า กระจก',
    );
    expect(day.find((reason) => reason.vehicleTypeId === 'VX')?.message).toBe(
      'ประเภทรถ รถพ่วงเก่า ไม่ได้กำหนดให้ใช้กับ Ship Cond นี้',
    );
  });

  it('rules out a type not valid for planning, and one too small for a cannot-split line', () => {
    const shipConds = [{ ...SC1, vehicleTypeIds: ['V4', 'V6', 'VX'] }];
    // A 1,200 kg boiler cannot split: a 4-wheeler takes 1,000 kg.
    const w = world({ slots, orders: [order('D1', [['BOILER', 1, 1200, 1]])], overrides: { shipConds } });
    const reasons = whyNot(w, request(['D1']));
    expect(reasons.find((r) => r.vehicleTypeId === 'VX')).toMatchObject({
      rule: 'VEHICLE_TYPE',
      message: 'ประเภทรถ รถพ่วงเก่า ไม่ใช้ในการวางแผน',
    });
    expect(reasons.find((r) => r.vehicleTypeId === 'V4')?.message).toBe(
      'สินค้า หม้อต้ม แยกส่งไม่ได้ และใหญ่เกินกว่า รถ 4 ล้อ หนึ่งคัน',
    );
  });
});

describe('rule 4: truck ban', () => {
  // Weekdays 07:00–10:00 overlaps the morning shift (08–12), not the afternoon (13–17).
  const ban: TruckBanConfig = {
    id: 'BAN1',
    name: 'ห้ามรถใหญ่เข้าเมือง',
    branchId: 'B1',
    vehicleTypeId: 'V10',
    subDistrictId: 'SD1',
    startTime: '07:00',
    endTime: '10:00',
    banDayPattern: 'WEEKDAYS',
  };
  const wednesdayMorning = slot({ date: '2025-01-08', vehicleTypeId: 'V10' });
  const wednesdayAfternoon = slot({ date: '2025-01-08', vehicleTypeId: 'V10', shiftOfDayId: 'AFTERNOON' });
  const saturdayMorning = slot({ date: '2025-01-11', vehicleTypeId: 'V10' });

  it('removes the vehicle type from an overlapping shift on a banned weekday only', () => {
    const w = world({
      slots: [wednesdayMorning, wednesdayAfternoon, saturdayMorning],
      orders: [cement('D1', 10)],
      overrides: { truckBans: [ban] },
    });
    const used = slotIds(suggest(w, request(['D1'])));
    expect(used).not.toContain(wednesdayMorning.id);
    expect(used).toContain(wednesdayAfternoon.id);
    expect(used).toContain(saturdayMorning.id);
  });

  it('names the ban and the shift when it closes the whole day', () => {
    const w = world({
      slots: [wednesdayMorning],
      orders: [cement('D1', 10)],
      overrides: { truckBans: [ban] },
    });
    expect(
      whyNot(w, request(['D1'])).find((r) => r.date === '2025-01-08' && r.vehicleTypeId === 'V10'),
    ).toMatchObject({
      rule: 'BAN',
      message: 'รถ 10 ล้อ ห้ามวิ่งในพื้นที่นี้ (ห้ามรถใหญ่เข้าเมือง) กะเช้า',
    });
  });

  it('does not apply to another sub-district', () => {
    const w = world({
      slots: [wednesdayMorning],
      orders: [cement('D1', 10)],
      overrides: { truckBans: [{ ...ban, subDistrictId: 'SD2' }] },
    });
    expect(slotIds(suggest(w, request(['D1'])))).toContain(wednesdayMorning.id);
  });
});

describe('rule 5: prohibited together', () => {
  const chemAndFood = order('D1', [
    ['CHEM', 10, 100, 0.5],
    ['FOOD', 10, 100, 0.5],
  ]);

  it('puts chemicals and food on separate vehicles although 200 kg would fit one', () => {
    const w = world({ slots: [slot({ date: '2025-01-08' })], orders: [chemAndFood] });
    const [best] = suggest(w, request(['D1'])).options;
    expect(best?.vehicles).toBe(2);
    for (const load of best?.allocations[0]?.loads ?? [])
      expect(new Set(load.lines.map((l) => l.articleId)).size).toBe(1);
  });

  it('spills to the next shift when the slot has one vehicle', () => {
    const w = world({
      slots: [
        slot({ date: '2025-01-08', total: 1 }),
        slot({ date: '2025-01-08', total: 1, shiftOfDayId: 'AFTERNOON' }),
      ],
      orders: [chemAndFood],
    });
    const [best] = suggest(w, request(['D1'])).options;
    expect(best?.allocations.map((a) => [a.shiftOfDayId, a.lines.map((l) => l.articleId)])).toEqual([
      ['MORNING', ['CHEM']],
      ['AFTERNOON', ['FOOD']],
    ]);
  });
});

describe('rule 6: capacity', () => {
  it('fills the morning 6-wheeler to 4,500 kg and spills the rest to the afternoon', () => {
    // 150 bags × 50 kg = 7,500 kg; one vehicle at 90 % takes 4,500 kg = 90 bags; 60 bags spill.
    const w = world({
      slots: [
        slot({ date: '2025-01-08', total: 1 }),
        slot({ date: '2025-01-08', total: 1, shiftOfDayId: 'AFTERNOON' }),
      ],
      orders: [cement('D1', 150)],
    });
    const [best] = suggest(w, request(['D1'])).options;
    expect(best?.allocations.map((a) => [a.shiftOfDayId, a.lines[0]?.qty, a.usedWeight])).toEqual([
      ['MORNING', 90, 4500],
      ['AFTERNOON', 60, 3000],
    ]);
  });

  it('counts existing bookings: 4,000 kg booked leaves room for 10 bags, the rest spills to the next day', () => {
    const morning = slot({ date: '2025-01-08', total: 1 });
    const w = world({
      slots: [morning, slot({ date: '2025-01-09', total: 1 })],
      orders: [cement('D1', 30)],
      booked: [{ slotId: morning.id, usedWeight: 4000, usedVolume: 1, usedMinute: 0 }],
    });
    const { options } = suggest(w, request(['D1']));
    // One vehicle on the 9th beats two vehicles finishing the same day (fewest vehicles).
    expect(options[0]?.allocations.map((a) => [a.date, a.lines[0]?.qty])).toEqual([['2025-01-09', 30]]);
    const spill = options.find((option) => option.firstDate === '2025-01-08');
    expect(spill?.allocations.map((a) => [a.date, a.lines[0]?.qty])).toEqual([
      ['2025-01-08', 10],
      ['2025-01-09', 20],
    ]);
  });

  it('says a day is full', () => {
    const morning = slot({ date: '2025-01-08', total: 1 });
    const w = world({
      slots: [morning],
      orders: [cement('D1', 30)],
      booked: [{ slotId: morning.id, usedWeight: 4500, usedVolume: 1, usedMinute: 0 }],
    });
    const reasons = whyNot(w, request(['D1'])).filter((r) => r.date === '2025-01-08');
    expect(reasons.find((r) => r.vehicleTypeId === 'V6')).toMatchObject({
      rule: 'CAPACITY',
      message: 'รถ 6 ล้อ เต็มแล้วทุกกะของวันนี้',
    });
    // SC1 allows 4-wheelers, but the day has none.
    expect(reasons.find((r) => r.vehicleTypeId === 'V4')?.message).toBe('ไม่มี รถ 4 ล้อ ให้จองในวันนี้');
  });
});

describe('rule 7: route-based ship cond 29', () => {
  // SC29's SLA is 1 day: earliest Tuesday 7th. Route R1 serves SD1 and SD2, R2 serves SD3.
  const north = slot({ date: '2025-01-07', shipCondId: 'SC29', routeConfigId: 'R1-b' });
  const south = slot({
    date: '2025-01-07',
    shipCondId: 'SC29',
    routeConfigId: 'R2-a',
    shiftOfDayId: 'AFTERNOON',
  });
  const w = world({ slots: [north, south], orders: [cement('D1', 10)] });
  const routed = (shipToId: string) => request(['D1'], { shipCondId: 'SC29', shipToId });

  it("uses only the slots of the ship-to's route", () => {
    expect(new Set(slotIds(suggest(w, routed('S1'))))).toEqual(new Set([north.id]));
    expect(new Set(slotIds(suggest(w, routed('S_SOUTH'))))).toEqual(new Set([south.id]));
  });

  it('explains a ship-to on no route', () => {
    const result = suggest(w, routed('S_FAR'));
    expect(result.options).toEqual([]);
    expect(result.whyNot[0]).toMatchObject({
      rule: 'ROUTE',
      message: 'ตำบลของสถานที่ส่งสินค้าไม่อยู่ในเส้นทางใดของ Ship Cond แบบตามเส้นทาง',
    });
  });
});
