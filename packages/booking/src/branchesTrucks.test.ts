import type { TruckHoursRow, VehicleTypeDaysRow } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { addTruckDays } from './truckDays.ts';
import { addTruckHours } from './truckHours.ts';
import type { UtilizationThreshold } from './world.ts';

/**
 * By hand. Two branches; the 6-wheel type runs in both, the 4-wheel in branch B only.
 * 6W hour bands: AVAILABLE 0–40, NORMAL 40–70, NEARLY_FULL 70–95, FULL 95+.
 *   Days  A 6W: 2 trucks, 62 truck-days, 50 empty, 3 full;  B 6W: 1 truck, 31, 20 empty, 4 full
 *         → 6W: 3 trucks, 93 truck-days, 70 empty, 7 full;   4W: B's own 1, 31, 31, 0
 *   Hours A 6W: 2 trips, 13.5 h of 56 h (24.11 %, AVAILABLE); B 6W: 5 trips, 25 h of 30 h (83.33 %, NEARLY_FULL)
 *         → 6W: 7 trips, 38.5 h of 86 h = 44.77 % → NORMAL (neither branch's status: judged on the sums)
 *         4W: B's 0 h of 0 h → no shift open, nothing to judge
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
const days = (id: string, trucks: number, truckDays: number, emptyDays: number, fullDays: number) => ({
  id,
  label: id === 'six' ? 'รถ 6 ล้อ' : 'รถ 4 ล้อ',
  trucks,
  truckDays,
  emptyDays,
  fullDays,
});
const hours = (id: string, trips: number, used: number, available: number): TruckHoursRow => ({
  id,
  label: id === 'six' ? 'รถ 6 ล้อ' : 'รถ 4 ล้อ',
  trips,
  hours: used,
  availableHours: available,
  // A branch's own judgement: the company's is made again on the sums, never added.
  percent: null,
  status: null,
  statusLabel: '',
  colour: '',
});

describe('the company adds its branches up per vehicle type', () => {
  it('sums days per type, a type of one branch as that branch has it', () => {
    const a: VehicleTypeDaysRow[] = [days('six', 2, 62, 50, 3)];
    const b: VehicleTypeDaysRow[] = [days('six', 1, 31, 20, 4), days('four', 1, 31, 31, 0)];
    expect(addTruckDays([a, b])).toEqual([days('four', 1, 31, 31, 0), days('six', 3, 93, 70, 7)]);
    expect(addTruckDays([])).toEqual([]);
  });

  it('sums hours per type and judges the sums with the type thresholds', () => {
    const a = [hours('six', 2, 13.5, 56)];
    const b = [hours('six', 5, 25, 30), hours('four', 0, 0, 0)];
    const [four, six] = addTruckHours([a, b], thresholds);
    expect(six).toMatchObject({ id: 'six', trips: 7, hours: 38.5, availableHours: 86, percent: 44.77 });
    expect(six?.status).toBe('NORMAL');
    expect(four).toMatchObject({
      id: 'four',
      trips: 0,
      hours: 0,
      availableHours: 0,
      percent: null,
      status: null,
    });
    expect(four?.statusLabel).toBe('ไม่มีกะที่เปิด');
  });

  it('keeps hours to the hundredth when sums of hundredths drift', () => {
    const [six] = addTruckHours([[hours('six', 1, 0.1, 0.1)], [hours('six', 1, 0.2, 0.2)]], thresholds);
    expect(six).toMatchObject({ hours: 0.3, availableHours: 0.3, percent: 100, status: 'FULL' });
  });
});
