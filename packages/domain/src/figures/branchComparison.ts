import type { BranchesAnswer, BranchFigures, BranchTruckUse, TruckUseRow } from '../api/performance.ts';
import { phrase } from '../text/phrase.ts';
import { ratio } from './deliveryPerformance.ts';
import {
  CHANGE,
  type FigureCell,
  type FigureTable,
  type FigureTableKey,
  figureChange,
  figureValue,
  headlineFigures,
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

/** Per truck, the tables are a branch's (its fleet): open its screen. */
const notForCompany: readonly FigureTableKey[] = ['byTruck', 'daysByTruck', 'hoursByTruck'];

/** A branch's trucks of every type as one: summed weight and volume over summed capacities. */
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

interface BranchColumn {
  readonly header: string;
  readonly cell: (branch: BranchFigures) => FigureCell;
  /** A change from the period before: shown as the branch screen shows one (`formatChange`). */
  readonly change?: true;
}

/**
 * A headline figure the table puts side by side, then its change from the period before: the
 * branch screen's `figureChange` of the same figure, under the branch screen's word for it.
 */
function compared(key: string, header: string): BranchColumn[] {
  const figure = headlineFigures.find((f) => f.key === key);
  if (!figure) throw new Error(`no headline figure ${key}`);
  return [
    { header, cell: (b) => figureValue(figure.value(b.current)) },
    {
      header: phrase(CHANGE, header),
      cell: (b) => figureChange(figure.value(b.current), figure.value(b.previous)),
      change: true,
    },
  ];
}

const branchColumns: readonly BranchColumn[] = [
  { header: 'สาขา', cell: (b) => b.label },
  ...compared('otifStops', 'OTIF ต่อจุดส่ง %'),
  ...compared('onTimeStops', 'ส่งตรงเวลา %'),
  ...compared('inFullStops', 'ส่งครบ %'),
  ...compared('firstAttempt', 'ส่งสำเร็จในครั้งแรก %'),
  { header: 'ใช้น้ำหนักรถ %', cell: (b) => b.truckUse.weightPercent },
  { header: 'ใช้ปริมาตรรถ %', cell: (b) => b.truckUse.volumePercent },
  ...compared('kmPerDrop', 'กม. ต่อจุดส่ง'),
  { header: 'จุดส่งที่มีผล', cell: (b) => b.current.stops.otif.of },
  { header: 'เที่ยว', cell: (b) => b.truckUse.trips },
];

/** The side-by-side table: one row per branch, its id the branch's (what a row opens). */
export function branchComparisonTable(answer: BranchesAnswer): FigureTable {
  return {
    key: 'branches',
    title: 'เทียบสาขา',
    columns: branchColumns.map((column) => column.header),
    rows: answer.branches.map((branch) => branchColumns.map((column) => column.cell(branch))),
    rowIds: answer.branches.map((b) => b.branchId),
    changeColumns: branchColumns.flatMap((column, index) => (column.change ? [index] : [])),
  };
}

/**
 * What the across-branches screen shows and its workbook writes: the company's tables of
 * `performanceTables` (no per-truck table: trucks belong to a branch, open its screen; the empty
 * and full days and the hours per vehicle type each branch's own added up), then the
 * branches' table.
 */
export function branchesTables(answer: BranchesAnswer): FigureTable[] {
  return [
    // No per-truck table; the days and hours per vehicle type are the branches' own added up.
    ...performanceTables(answer.company).filter((table) => !notForCompany.includes(table.key)),
    branchComparisonTable(answer),
  ];
}
