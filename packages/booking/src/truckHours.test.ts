import { describe, expect, it } from 'vitest';
import type { BranchTruck } from './truckDays.ts';
import { truckHoursOf } from './truckHours.ts';
import type { TruckLoad } from './truckUse.ts';
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
const load = (vehicleId: string, trips: number, tripMs: number): TruckLoad => {
  const truck = trucks.find((t) => t.vehicleId === vehicleId)!;
  return { ...truck, trips, weight: 0, volume: 0, overloadedTrips: 0, tripMs };
};
const loads = [load('a', 2, 5.5 * hour + 8 * hour), load('c', 1, 2 * hour)];
const available = new Map([['six', 3 * 480 + 240]]);

describe('hours used against the shifts’ hours', () => {
  const hours = truckHoursOf(trucks, loads, available, thresholds);

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
