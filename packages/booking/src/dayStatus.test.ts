import { describe, expect, it } from 'vitest';
import { daysFrom } from './dates.ts';
import { suggest } from './suggest.ts';
import { order, request, slot, world } from './testing/fixtures.ts';
import type { TruckBanConfig } from './world.ts';

/** The calendar's day status: can anything be booked that day, and if not, which rule stops it. */

const WEEK = daysFrom('2025-01-08', 6);
const everyShift = (date: string) =>
  ['V4', 'V6', 'V10'].flatMap((vehicleTypeId) =>
    ['MORNING', 'AFTERNOON'].map((shiftOfDayId) => slot({ date, vehicleTypeId, shiftOfDayId })),
  );

describe('day status', () => {
  it('marks a day bookable when it has room, even when the five best options all fall on an earlier day', () => {
    // One small order and six free slots a day: the five options are all on the 8th.
    const w = world({ slots: WEEK.flatMap(everyShift), orders: [order('D1', [['CEMENT', 10, 500, 0.4]])] });
    const answer = suggest(w, request(['D1']));
    expect(new Set(answer.options.flatMap((option) => option.allocations.map((a) => a.date)))).toEqual(
      new Set(['2025-01-08']),
    );
    const week = answer.days.filter((day) => WEEK.includes(day.date));
    expect(week.map((day) => day.bookable)).toEqual(WEEK.map(() => true));
    // Days with no slot at all are not bookable, and say so.
    expect(answer.days.find((day) => day.date === '2025-01-20')).toMatchObject({
      bookable: false,
      rule: 'CAPACITY',
      ruleLabel: 'ความจุ',
    });
  });

  it('names the rule of the vehicle type that came closest, not of a type the order could never use', () => {
    // Glass cannot ride a 4-wheeler (VEHICLE_TYPE every day); the 6-wheeler of the 9th is full.
    const w = world({
      slots: [slot({ date: '2025-01-08' }), slot({ date: '2025-01-09' })],
      orders: [order('D1', [['GLASS', 10, 500, 1]])],
      booked: [{ slotId: slot({ date: '2025-01-09' }).id, usedWeight: 9000, usedVolume: 0, usedMinute: 0 }],
    });
    const days = suggest(w, request(['D1'])).days;
    expect(days.find((day) => day.date === '2025-01-08')?.bookable).toBe(true);
    const ninth = days.find((day) => day.date === '2025-01-09');
    expect(ninth).toMatchObject({ bookable: false, rule: 'CAPACITY' });
    expect(ninth?.message).toContain('รถ 6 ล้อ เต็มแล้ว');
  });

  it('says "กะ" once before a shift named กะ… in a ban', () => {
    const ban: TruckBanConfig = {
      id: 'BAN',
      name: 'ห้ามรถใหญ่',
      branchId: 'B1',
      vehicleTypeId: 'V6',
      subDistrictId: 'SD1',
      startTime: '07:00',
      endTime: '10:00',
      banDayPattern: 'WEEKDAYS',
    };
    const base = world({
      slots: [slot({ date: '2025-01-08' })],
      orders: [order('D1', [['CEMENT', 1, 50, 0.04]])],
    });
    const w = {
      ...base,
      truckBans: [ban],
      shifts: base.shifts.map((shift) => (shift.id === 'MORNING' ? { ...shift, name: 'กะเช้า' } : shift)),
    };
    const day = suggest(w, request(['D1'])).days.find((d) => d.date === '2025-01-08');
    expect(day).toMatchObject({ bookable: false, rule: 'BAN' });
    expect(day?.message).toContain('กะเช้า');
    expect(day?.message).not.toContain('กะกะ');
    // A shift named without the word gets it once.
    const plain = suggest({ ...w, shifts: base.shifts }, request(['D1'])).days.find(
      (d) => d.date === '2025-01-08',
    );
    expect(plain?.message).toContain('(ห้ามรถใหญ่) กะเช้า');
  });
});
