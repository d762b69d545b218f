import { describe, expect, it } from 'vitest';
import type { BranchesAnswer, TruckUseRow } from '../api/performance.ts';
import { branchComparisonTable, branchesTables, truckUseTotal } from './branchComparison.ts';
import { emptyTally, figuresOf } from './deliveryPerformance.ts';
import { changeTrend, figureChange, formatChange, headlineFigures } from './performanceTables.ts';

/**
 * By hand. Truck use of a branch with two vehicle types:
 *   6W 2 trips 4,000 of 5,000 kg, 10 of 20 m³; 4W 3 trips 500 of 3,000 kg, 9 of 10 m³, 1 overloaded.
 *   Weight (4,000 + 500) / (5,000 + 3,000) = 56.25 % → 56.3; volume (10 + 9) / 30 = 63.3 %.
 *   The mean of the types' percents would be (80 + 16.7) / 2 = 48.3 % and (50 + 90) / 2 = 70 %: not these.
 */
const type = (
  id: string,
  trips: number,
  load: [number, number, number, number],
  overloaded = 0,
): TruckUseRow => ({
  id,
  label: id,
  trips,
  weight: load[0],
  capacityWeight: load[1],
  volume: load[2],
  capacityVolume: load[3],
  weightPercent: (load[0] / load[1]) * 100,
  volumePercent: (load[2] / load[3]) * 100,
  status: 'NORMAL',
  statusLabel: 'ปกติ',
  colour: 'blue',
  overloadedTrips: overloaded,
});

describe('truckUseTotal', () => {
  it('divides summed loads by summed capacities, never averaging the types', () => {
    expect(
      truckUseTotal([type('6W', 2, [4000, 5000, 10, 20]), type('4W', 3, [500, 3000, 9, 10], 1)]),
    ).toEqual({
      trips: 5,
      weightPercent: 56.3,
      volumePercent: 63.3,
      overloadedTrips: 1,
    });
  });

  it('has nothing to judge without trips', () => {
    expect(truckUseTotal([])).toEqual({
      trips: 0,
      weightPercent: null,
      volumePercent: null,
      overloadedTrips: 0,
    });
  });

  it('adds fractional loads exactly (thousandths)', () => {
    const rows = [type('a', 1, [0.1, 0.3, 0.2, 0.6]), type('b', 1, [0.2, 0.3, 0.1, 0.3])];
    expect(truckUseTotal(rows).weightPercent).toBe(50);
    expect(truckUseTotal(rows).volumePercent).toBe(33.3);
  });
});

describe('branchComparisonTable', () => {
  const figures = figuresOf({ ...emptyTally, settledStops: 4, otifStops: 3, onTimeStops: 3, inFullStops: 4 });
  const answer = {
    company: {} as BranchesAnswer['company'],
    branches: [
      {
        branchId: '00000000-0000-4000-8000-000000000001',
        label: 'BKK: กรุงเทพ',
        current: figures,
        previous: figuresOf(emptyTally),
        truckUse: { trips: 5, weightPercent: 56.3, volumePercent: 63.3, overloadedTrips: 1 },
      },
      {
        branchId: '00000000-0000-4000-8000-000000000002',
        label: 'CNX: เชียงใหม่',
        current: figuresOf(emptyTally),
        previous: figuresOf(emptyTally),
        truckUse: { trips: 0, weightPercent: null, volumePercent: null, overloadedTrips: 0 },
      },
    ],
  } satisfies BranchesAnswer;

  it('puts each branch on a row, its id the branch (what the row opens), nothing to judge as null', () => {
    const table = branchComparisonTable(answer);
    expect(table.rowIds).toEqual(answer.branches.map((b) => b.branchId));
    // Each compared figure then its change; the period before had nothing to judge, so no change.
    expect(table.rows[0]).toEqual([
      'BKK: กรุงเทพ',
      75,
      null,
      75,
      null,
      100,
      null,
      null,
      null,
      56.3,
      63.3,
      null,
      null,
      4,
      5,
    ]);
    expect(table.rows[1]).toEqual(['CNX: เชียงใหม่', ...Array(12).fill(null), 0, 0]);
    expect(table.columns).toHaveLength(table.rows[0]!.length);
  });

  it('compares each branch with its period before, as the branch screen does', () => {
    // By hand. Bangkok before: 4 settled, 2 OTIF / on time, 3 in full, 100 km over 4 drops = 25.
    // Now 75 / 75 / 100 (above), km 90 over 4 = 22.5: changes +25, +25, +25, km -2.5.
    const before = figuresOf({
      ...emptyTally,
      settledStops: 4,
      otifStops: 2,
      onTimeStops: 2,
      inFullStops: 3,
      kmDrops: 4,
      kmHundredths: 10_000,
    });
    const now = figuresOf({
      ...emptyTally,
      settledStops: 4,
      otifStops: 3,
      onTimeStops: 3,
      inFullStops: 4,
      kmDrops: 4,
      kmHundredths: 9_000,
    });
    const bangkok = { ...answer.branches[0]!, current: now, previous: before };
    const table = branchComparisonTable({ ...answer, branches: [bangkok] });
    const column = (header: string) => table.rows[0]![table.columns.indexOf(header)];
    expect(column('เปลี่ยนแปลง OTIF ต่อจุดส่ง %')).toBe(25);
    expect(column('เปลี่ยนแปลงส่งตรงเวลา %')).toBe(25);
    expect(column('เปลี่ยนแปลงส่งครบ %')).toBe(25);
    expect(column('เปลี่ยนแปลงกม. ต่อจุดส่ง')).toBe(-2.5);
    // The same number the branch screen's headline table gives the same figure.
    const headline = (key: string) => headlineFigures.find((f) => f.key === key)!;
    expect(column('เปลี่ยนแปลงกม. ต่อจุดส่ง')).toBe(
      figureChange(headline('kmPerDrop').value(now), headline('kmPerDrop').value(before)),
    );
    expect(table.changeColumns?.map((i) => table.columns[i])).toEqual([
      'เปลี่ยนแปลง OTIF ต่อจุดส่ง %',
      'เปลี่ยนแปลงส่งตรงเวลา %',
      'เปลี่ยนแปลงส่งครบ %',
      'เปลี่ยนแปลงส่งสำเร็จในครั้งแรก %',
      'เปลี่ยนแปลงกม. ต่อจุดส่ง',
    ]);
    expect(formatChange(25)).toBe('+25.0');
    expect(formatChange(-2.5)).toBe('-2.5');
    // A change that rounds to nothing shows unsigned and is neither better nor worse.
    expect(formatChange(0.04)).toBe('0.0');
    expect(formatChange(-0.04)).toBe('0.0');
    expect(changeTrend(0.04, false)).toBe('same');
    expect(changeTrend(0.05, false)).toBe('down');
    expect(changeTrend(-0.3, false)).toBe('up');
    expect(changeTrend(null, true)).toBe('same');
  });

  it('follows the company tables (no per-truck table; days and hours per type) in the workbook and on the screen', () => {
    const company = {
      period: { from: '2026-10-01', to: '2026-10-31' },
      previousPeriod: { from: '2026-08-31', to: '2026-09-30' },
      current: figures,
      previous: figuresOf(emptyTally),
      truckUse: { byVehicleType: [], byTruck: [] },
      truckDays: { until: '2026-10-12', byVehicleType: [], byTruck: [] },
      truckHours: { until: '2026-10-12', byVehicleType: [], byTruck: [] },
    };
    const tables = branchesTables({ ...answer, company });
    expect(tables.map((t) => t.key)).toEqual([
      'headline',
      'failures',
      'byVehicleType',
      'daysByVehicleType',
      'hoursByVehicleType',
      'branches',
    ]);
    // A month still running says, as a branch's does, the last day counted.
    expect(tables.find((t) => t.key === 'daysByVehicleType')?.note).toBe('นับถึงวันที่ 12/10 วันที่ยังไม่ถึงยังไม่นับ');
    expect(tables.find((t) => t.key === 'hoursByVehicleType')?.note).toBe('นับถึงวันที่ 12/10 วันที่ยังไม่ถึงยังไม่นับ');
  });
});
