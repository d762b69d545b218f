import { describe, expect, it } from 'vitest';
import type { BranchTruck, TruckDayLoad } from './truckDays.ts';
import { type ShiftDayMinutes, truckHoursOf } from './truckHours.ts';
import type { UtilizationThreshold } from './world.ts';

/**
 * By hand. The branch opened 6-wheel trucks in its morning shift (480 min) on three days and its
 * afternoon shift (240 min) on one: 3 × 480 + 240 = 1,680 min = 28 h per truck. 4-wheel: no shift.
 * 6W bands on hours: AVAILABLE 0–40, NORMAL 40–70, NEARLY_FULL 70–95, FULL 95+.
 *   70-1001 6W: trips of 5.5 h and 8 h = 13.5 h of 28 = 48.21 % → NORMAL
 *   70-2001 6W: no trip → 0 h of 28 = 0 % → AVAILABLE
 *   70-1002 4W: one trip of 2 h, no shift open → nothing to judge
 *   6W: 13.5 h of 2 × 28 = 56 h → 24.11 % → AVAILABLE; 4W: 2 h of 0 → nothing to judge
 */
const band = (status: UtilizationThreshold['status'], min: number, max: number): UtilizationThreshold => ({
  vehicleTypeId: 'six',
  status,
  minWeightPercent: 0,
  maxWeightPercent: 100,
  minVolumePercent: 0,
  maxVolumePercent: 100,
  minHourPercent: min,
  maxHourPercent: max,
});
const thresholds = [
  band('AVAILABLE', 0, 40),
  band('NORMAL', 40, 70),
  band('NEARLY_FULL', 70, 95),
  band('FULL', 95, 100),
];
const six = { vehicleTypeId: 'six', vehicleTypeLabel: 'รถ 6 ล้อ', capacityWeight: 5500, capacityVolume: 22 };
const four = { vehicleTypeId: 'four', vehicleTypeLabel: 'รถ 4 ล้อ', capacityWeight: 1500, capacityVolume: 6 };
const trucks: BranchTruck[] = [
  { vehicleId: 'a', vehicleLabel: '70-1001', ...six },
  { vehicleId: 'b', vehicleLabel: '70-2001', ...six },
  { vehicleId: 'c', vehicleLabel: '70-1002', ...four },
];
const hour = 3_600_000;
const day = (vehicleId: string, date: string, trips: number, tripMs: number): TruckDayLoad => ({
  vehicleId,
  day: date,
  trips,
  weight: 0,
  volume: 0,
  tripMs,
});
// 70-1001: 5.5 h on the 5th, 8 h on the 6th; 70-1002: 2 h on the 5th.
const loads = [
  day('a', '2026-10-05', 1, 5.5 * hour),
  day('a', '2026-10-06', 1, 8 * hour),
  day('c', '2026-10-05', 1, 2 * hour),
];
const shift = (date: string, minutes: number): ShiftDayMinutes => ({
  vehicleTypeId: 'six',
  day: date,
  minutes,
});
// Mornings of 480 min on the 5th, 6th and 7th, and an afternoon of 240 on the 6th.
const shifts = [shift('2026-10-05', 480), shift('2026-10-06', 480 + 240), shift('2026-10-07', 480)];
const october = { from: '2026-10-01', to: '2026-10-31' };
describe('hours used against the shifts’ hours', () => {
  const hours = truckHoursOf(trucks, loads, shifts, thresholds, october, '2026-11-02');

  it('counts the whole month once it is over', () => {
    expect(hours.until).toBe('2026-10-31');
  });

  it('bands each truck’s hours by its type’s hour thresholds', () => {
    expect(
      hours.byTruck.map((r) => [r.label, r.trips, r.hours, r.availableHours, r.percent, r.status]),
    ).toEqual([
      ['70-1001', 2, 13.5, 28, 48.21, 'NORMAL'],
      ['70-1002', 1, 2, 0, null, null],
      ['70-2001', 0, 0, 28, 0, 'AVAILABLE'],
    ]);
    expect(hours.byTruck[1]?.statusLabel).toBe('ไม่มีกะที่เปิด');
  });

  it('gives a vehicle type its trucks’ hours against each truck’s shifts', () => {
    expect(hours.byVehicleType).toEqual([
      {
        id: 'four',
        label: 'รถ 4 ล้อ',
        trips: 1,
        hours: 2,
        availableHours: 0,
        percent: null,
        status: null,
        statusLabel: 'ไม่มีกะที่เปิด',
        colour: '',
      },
      {
        id: 'six',
        label: 'รถ 6 ล้อ',
        trips: 2,
        hours: 13.5,
        availableHours: 56,
        percent: 24.11,
        status: 'AVAILABLE',
        statusLabel: 'ว่าง',
        colour: 'green',
      },
    ]);
  });
});

/**
 * By hand, the same month still running on the 6th: the 7th's morning (480 min) is ahead, so 70-1001
 * had 480 + 720 = 1,200 min = 20 h, and its 13.5 h are 67.5 % → NORMAL (not 48.21 %). On the 5th,
 * only the 5th counts: 8 h available, 5.5 h used (the 6th's 8 h trip is planned, not yet run) =
 * 68.75 % → NORMAL; 70-2001 0 of 8; the 6W type 5.5 of 16 h = 34.38 % → AVAILABLE.
 */
describe('hours in a month still running', () => {
  it('leave out the shifts still ahead of today', () => {
    const hours = truckHoursOf(trucks, loads, shifts, thresholds, october, '2026-10-06');
    expect(hours.until).toBe('2026-10-06');
    expect(hours.byTruck[0]).toMatchObject({
      label: '70-1001',
      hours: 13.5,
      availableHours: 20,
      percent: 67.5,
    });
  });

  it('leave out the trips planned ahead of today too', () => {
    const hours = truckHoursOf(trucks, loads, shifts, thresholds, october, '2026-10-05');
    expect(
      hours.byTruck.map((r) => [r.label, r.trips, r.hours, r.availableHours, r.percent, r.status]),
    ).toEqual([
      ['70-1001', 1, 5.5, 8, 68.75, 'NORMAL'],
      ['70-1002', 1, 2, 0, null, null],
      ['70-2001', 0, 0, 8, 0, 'AVAILABLE'],
    ]);
    expect(hours.byVehicleType.find((r) => r.id === 'six')).toMatchObject({
      availableHours: 16,
      percent: 34.38,
    });
  });

  it('count nothing before the period begins', () => {
    const hours = truckHoursOf(trucks, loads, shifts, thresholds, october, '2026-09-30');
    expect(hours.until).toBeNull();
    expect(hours.byTruck.every((r) => r.hours === 0 && r.availableHours === 0 && r.percent === null)).toBe(
      true,
    );
  });
});
