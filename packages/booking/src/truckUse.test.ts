import { describe, expect, it } from 'vitest';
import { type TripLoad, truckUse } from './truckUse.ts';
import type { UtilizationThreshold } from './world.ts';

/**
 * By hand. 6-wheel (5,500 kg, 22 m³) has the branch's own bands: AVAILABLE 0–40, NORMAL 40–70,
 * NEARLY_FULL 70–100, FULL 100+; 4-wheel (1,500 kg, 6 m³) has none, so the default bands.
 *   70-1001 6W: 4,000 kg 10 m³ + 4,250 kg 12 m³ → 8,250 / 11,000 = 75 %, 22 / 44 = 50 % → NEARLY_FULL
 *   70-2001 6W: 6,000 kg 20 m³ → 109.09 %, 90.91 % → FULL, overloaded
 *   70-1002 4W:   600 kg 4.5 m³ → 40 %, 75 % → NORMAL (default 50–80)
 *   6W: 14,250 / 16,500 = 86.36 %, 42 / 66 = 63.64 % → NEARLY_FULL, 1 overloaded of 3
 */
const band = (status: UtilizationThreshold['status'], min: number, max: number): UtilizationThreshold => ({
  vehicleTypeId: 'six',
  status,
  minWeightPercent: min,
  maxWeightPercent: max,
  minVolumePercent: min,
  maxVolumePercent: max,
  minHourPercent: min,
  maxHourPercent: max,
});
const thresholds = [
  band('AVAILABLE', 0, 40),
  band('NORMAL', 40, 70),
  band('NEARLY_FULL', 70, 100),
  band('FULL', 100, 100),
];
const six = { vehicleTypeId: 'six', vehicleTypeLabel: 'รถ 6 ล้อ', capacityWeight: 5500, capacityVolume: 22 };
const four = { vehicleTypeId: 'four', vehicleTypeLabel: 'รถ 4 ล้อ', capacityWeight: 1500, capacityVolume: 6 };
const loads: TripLoad[] = [
  {
    shipmentId: 's1',
    vehicleId: 'a',
    vehicleLabel: '70-1001',
    ...six,
    weight: 4000,
    volume: 10,
    tripMs: 3_600_000,
  },
  {
    shipmentId: 's2',
    vehicleId: 'a',
    vehicleLabel: '70-1001',
    ...six,
    weight: 4250,
    volume: 12,
    tripMs: 3_600_000,
  },
  {
    shipmentId: 's3',
    vehicleId: 'b',
    vehicleLabel: '70-2001',
    ...six,
    weight: 6000,
    volume: 20,
    tripMs: 3_600_000,
  },
  {
    shipmentId: 's4',
    vehicleId: 'c',
    vehicleLabel: '70-1002',
    ...four,
    weight: 600,
    volume: 4.5,
    tripMs: 3_600_000,
  },
];

describe('truck use', () => {
  const use = truckUse(loads, thresholds);

  it('bands each truck by its type’s thresholds, the calendar’s rule', () => {
    expect(use.byTruck.map((row) => [row.label, row.weightPercent, row.volumePercent, row.status])).toEqual([
      ['70-1001', 75, 50, 'NEARLY_FULL'],
      ['70-1002', 40, 75, 'NORMAL'],
      ['70-2001', 109.09, 90.91, 'FULL'],
    ]);
    expect(use.byTruck.find((row) => row.id === 'b')?.overloadedTrips).toBe(1);
  });

  it('sums a vehicle type over its trips', () => {
    expect(use.byVehicleType).toEqual([
      expect.objectContaining({ id: 'four', trips: 1, status: 'NORMAL', overloadedTrips: 0 }),
      {
        id: 'six',
        label: 'รถ 6 ล้อ',
        trips: 3,
        weight: 14250,
        capacityWeight: 16500,
        volume: 42,
        capacityVolume: 66,
        weightPercent: 86.36,
        volumePercent: 63.64,
        status: 'NEARLY_FULL',
        statusLabel: 'ใกล้เต็ม',
        colour: 'orange',
        overloadedTrips: 1,
      },
    ]);
  });
});
