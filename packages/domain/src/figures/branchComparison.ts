import type { BranchesAnswer, BranchTruckUse, TruckUseRow } from '../api/performance.ts';
import { ratio } from './deliveryPerformance.ts';
import {
  type FigureTable,
  type FigureTableKey,
  figureValue,
  performanceTables,
} from './performanceTables.ts';

/**
 * Several branches side by side (docs/performance-figures.md "ทุกสาขาที่ดูได้"). The company's
 * figures are never an average of the branches' ratios: the server adds the branches' tallies
 * (`addTallies`) and divides once (`figuresOf`), and truck use below adds loads and capacities
 * before dividing, so a branch with ten times the trips weighs ten times as much.
 */

/** Sums in thousandths (the loads' own precision), so the totals are exact in any order. */
const thousandths = (value: number) => Math.round(value * 1000);

/** A branch's trucks of every type as one: summed weight and volume over summed capacities. */
const notForCompany: readonly FigureTableKey[] = [
  'byTruck',
  'daysByVehicleType',
  'daysByTruck',
  'hoursByVehicleType',
  'hoursByTruck',
];

export function truckUseTotal(rows: readonly TruckUseRow[]): BranchTruckUse {
  const sum = (pick: (row: TruckUseRow) => number) =>
    rows.reduce((total, row) => total + thousandths(pick(row)), 0);
  return {
    trips: rows.reduce((total, row) => total + row.trips, 0),
    weightPercent: ratio(
      sum((r) => r.weight),
      sum((r) => r.capacityWeight),
    ).percent,
    volumePercent: ratio(
      sum((r) => r.volume),
      sum((r) => r.capacityVolume),
    ).percent,
    overloadedTrips: rows.reduce((total, row) => total + row.overloadedTrips, 0),
  };
}

/** The side-by-side table: one row per branch, its id the branch's (what a row opens). */
export function branchComparisonTable(answer: BranchesAnswer): FigureTable {
  return {
    key: 'branches',
    title: 'เทียบสาขา',
    columns: [
      'สาขา',
      'OTIF ต่อจุดส่ง %',
      'ส่งตรงเวลา %',
      'ส่งครบ %',
      'ส่งสำเร็จในครั้งแรก %',
      'ใช้น้ำหนักรถ %',
      'ใช้ปริมาตรรถ %',
      'กม. ต่อจุดส่ง',
      'จุดส่งที่มีผล',
      'เที่ยว',
    ],
    rows: answer.branches.map((b) => [
      b.label,
      figureValue(b.current.stops.otif),
      figureValue(b.current.stops.onTime),
      figureValue(b.current.stops.inFull),
      figureValue(b.current.firstAttempt),
      b.truckUse.weightPercent,
      b.truckUse.volumePercent,
      figureValue(b.current.kmPerDrop),
      b.current.stops.otif.of,
      b.truckUse.trips,
    ]),
    rowIds: answer.branches.map((b) => b.branchId),
  };
}

/**
 * What the across-branches screen shows and its workbook writes: the company's tables of
 * `performanceTables` (no per-truck table: trucks belong to a branch, open its screen), then the
 * branches' table.
 */
export function branchesTables(answer: BranchesAnswer): FigureTable[] {
  return [
    // No per-truck table, nor the days and hours (one branch's fleet and shifts) for the company.
    ...performanceTables(answer.company).filter((table) => !notForCompany.includes(table.key)),
    branchComparisonTable(answer),
  ];
}
