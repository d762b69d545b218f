import { describe, expect, it } from 'vitest';
import { type BranchTruck, truckDayLoads, truckDaysOf } from './truckDays.ts';
import type { UtilizationThreshold } from './world.ts';

/**
 * By hand, 1–4 October. 6-wheel (5,500 kg, 22 m³) has the branch's bands, FULL from 95 %;
 * 4-wheel (1,500 kg, 6 m³) has none, so the default bands (FULL from 100 %).
 *   70-1001 6W: 1st two trips 5,000 + 5,500 kg of 11,000 = 95.45 % → FULL; 2nd 5,000 kg 90.91 % → not;
 *               3rd 1,000 kg, 21 m³ of 22 = 95.45 % by volume → FULL; 4th no trip → empty.
 *   70-1002 4W: 2nd 1,500 kg = 100 % → FULL (the default top band takes 100); no trip 1st, 3rd, 4th.
 *   70-3003 4W: no trip at all → four empty days.
 *   6W: 1 truck, 4 truck-days, 1 empty, 2 full; 4W: 2 trucks, 8 truck-days, 7 empty, 1 full.
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
  band('NEARLY_FULL', 70, 95),
  band('FULL', 95, 100),
];
const six = { vehicleTypeId: 'six', vehicleTypeLabel: 'รถ 6 ล้อ', capacityWeight: 5500, capacityVolume: 22 };
const four = { vehicleTypeId: 'four', vehicleTypeLabel: 'รถ 4 ล้อ', capacityWeight: 1500, capacityVolume: 6 };
const trucks: BranchTruck[] = [
  { vehicleId: 'a', vehicleLabel: '70-1001', ...six },
  { vehicleId: 'c', vehicleLabel: '70-1002', ...four },
  { vehicleId: 'd', vehicleLabel: '70-3003', ...four },
];
const trip = (shipmentId: string, vehicleId: string, day: string, weight: number, volume: number) => ({
  shipmentId,
  vehicleId,
  vehicleLabel: '',
  day,
  ...(vehicleId === 'a' ? six : four),
  weight,
  volume,
  tripMs: 0,
});
const trips = [
  trip('s1', 'a', '2026-10-01', 5000, 10),
  trip('s2', 'a', '2026-10-01', 5500, 10),
  trip('s3', 'a', '2026-10-02', 5000, 10),
  trip('s4', 'a', '2026-10-03', 1000, 21),
  trip('s5', 'c', '2026-10-02', 1500, 1),
  // Outside the period: counts nowhere.
  trip('s6', 'c', '2026-10-05', 9000, 1),
];
const period = { from: '2026-10-01', to: '2026-10-04' };

describe('empty and full truck days', () => {
  const days = truckDaysOf(trucks, truckDayLoads(trips), period, thresholds);

  it('adds a truck’s trips of a day before banding the day', () => {
    expect(truckDayLoads(trips).find((d) => d.vehicleId === 'a' && d.day === '2026-10-01')).toEqual({
      vehicleId: 'a',
      day: '2026-10-01',
      trips: 2,
      weight: 10500,
      volume: 20,
      tripMs: 0,
    });
  });

  it('lists each truck’s days without a trip and its days in the FULL band, by its type’s thresholds', () => {
    expect(days.byTruck.map((t) => [t.label, t.tripDays, t.emptyDays, t.fullDays])).toEqual([
      ['70-1001', 3, ['2026-10-04'], ['2026-10-01', '2026-10-03']],
      ['70-1002', 1, ['2026-10-01', '2026-10-03', '2026-10-04'], ['2026-10-02']],
      ['70-3003', 0, ['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04'], []],
    ]);
  });

  it('judges the days up to today only: a day still ahead is neither empty nor run', () => {
    // Today the 2nd: 70-1001 ran the 1st and the 2nd; the 3rd's planned trip and the empty 4th are ahead.
    const sofar = truckDaysOf(trucks, truckDayLoads(trips), period, thresholds, '2026-10-02');
    expect(sofar.until).toBe('2026-10-02');
    expect(sofar.byTruck.map((t) => [t.label, t.tripDays, t.emptyDays, t.fullDays])).toEqual([
      ['70-1001', 2, [], ['2026-10-01']],
      ['70-1002', 1, ['2026-10-01'], ['2026-10-02']],
      ['70-3003', 0, ['2026-10-01', '2026-10-02'], []],
    ]);
    expect(sofar.byVehicleType.map((t) => [t.label, t.truckDays, t.emptyDays])).toEqual([
      ['รถ 4 ล้อ', 4, 3],
      ['รถ 6 ล้อ', 2, 0],
    ]);
    // A period wholly ahead judges no day; one wholly past, every day.
    const ahead = truckDaysOf(trucks, [], period, thresholds, '2026-09-30');
    expect(ahead.until).toBeNull();
    expect(ahead.byTruck.every((t) => t.emptyDays.length === 0)).toBe(true);
    expect(truckDaysOf(trucks, [], period, thresholds, '2026-11-29').until).toBe('2026-10-04');
  });

  it('counts a vehicle type’s truck-days, empty and full', () => {
    expect(days.byVehicleType).toEqual([
      { id: 'four', label: 'รถ 4 ล้อ', trucks: 2, truckDays: 8, emptyDays: 7, fullDays: 1 },
      { id: 'six', label: 'รถ 6 ล้อ', trucks: 1, truckDays: 4, emptyDays: 1, fullDays: 2 },
    ]);
  });
});
