import { failureReasonOptions, stopStatusOptions } from '../api/delivery.ts';
import type { BranchBooking, BranchStop, BranchTrip } from '../api/performance.ts';
import { callStatusOptions } from '../entities/options.ts';
import { optionLabel } from '../entity/types.ts';
import { formatNumber } from '../rules/numberFormat.ts';
import type { CompanyRecords } from './figureLinks.ts';

/**
 * The columns of the records behind a company figure (docs/performance-figures.md "ทุกสาขาที่ดูได้"),
 * defined once for the screen's list (BranchRecordsList) and its workbook (`GET
 * /performance/branches/{stops,trips,bookings}.xlsx`): a cell is a text, a number (the workbook keeps
 * it a number, the screen formats it to `decimals`), a day (ISO; the screen writes it in the
 * user's era) or days, or null for nothing.
 */

export type RecordCell =
  | { readonly text: string }
  | { readonly number: number | null; readonly decimals: number }
  | { readonly days: readonly string[] };

export interface RecordColumn<T> {
  readonly key: string;
  readonly header: string;
  /** The screen's column width (px); the workbook's is from the header and the cells. */
  readonly width: number;
  readonly cell: (row: T) => RecordCell;
}

type BranchRow = { readonly branchLabel: string };

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  optionLabel(options, value) ?? '';
const text = (value: string): RecordCell => ({ text: value });
const yesNo = (value: boolean): RecordCell => text(value ? 'ใช่' : 'ไม่');
const days = (...values: (string | null)[]): RecordCell => ({
  days: [...new Set(values.filter((d): d is string => d !== null))],
});

/** Every row names its branch first. */
export const branchColumn: RecordColumn<BranchRow> = {
  key: 'branch',
  header: 'สาขา',
  width: 200,
  cell: (r) => text(r.branchLabel),
};

/** Each kind's columns after the branch: what its figures count, as the one-branch lists show it. */
export const branchRecordsColumns = {
  stops: [
    { key: 'day', header: 'วันที่ของกะ', width: 120, cell: (r) => days(r.shiftDate) },
    { key: 'shipTo', header: 'สถานที่ส่ง', width: 240, cell: (r) => text(r.shipToName) },
    { key: 'status', header: 'ผลการส่ง', width: 130, cell: (r) => text(labelOf(stopStatusOptions, r.status)) },
    {
      key: 'reason',
      header: 'สาเหตุที่ส่งไม่สำเร็จ',
      width: 180,
      cell: (r) => text(labelOf(failureReasonOptions, r.reason)),
    },
    { key: 'onTime', header: 'ตรงเวลา', width: 90, cell: (r) => yesNo(r.onTime) },
    { key: 'inFull', header: 'ส่งครบ', width: 90, cell: (r) => yesNo(r.inFull) },
  ] satisfies RecordColumn<BranchStop>[],
  trips: [
    { key: 'day', header: 'วันที่ของกะ', width: 120, cell: (r) => days(r.shiftDate) },
    { key: 'truck', header: 'รถ', width: 140, cell: (r) => text(r.vehicleLabel) },
    { key: 'drops', header: 'จุดที่ส่งได้', width: 110, cell: (r) => ({ number: r.drops, decimals: 0 }) },
    { key: 'km', header: 'ระยะทาง กม.', width: 120, cell: (r) => ({ number: r.distanceKm, decimals: 1 }) },
    { key: 'minutes', header: 'เวลาวิ่ง นาที', width: 120, cell: (r) => ({ number: r.minutes, decimals: 0 }) },
  ] satisfies RecordColumn<BranchTrip>[],
  bookings: [
    { key: 'shipTo', header: 'สถานที่ส่ง', width: 240, cell: (r) => text(r.shipToName) },
    // Where the DO → booking lead time starts: each DO's own date (one per DO, the same day once).
    { key: 'orders', header: 'วันที่ DO เข้าระบบ', width: 150, cell: (r) => days(...r.orderDates) },
    { key: 'confirmed', header: 'วันที่จอง', width: 120, cell: (r) => days(r.confirmedOn) },
    { key: 'delivery', header: 'วันที่ส่ง', width: 120, cell: (r) => days(r.deliveryDate) },
    {
      key: 'call',
      header: 'การนัดหมาย',
      width: 150,
      cell: (r) => text(labelOf(callStatusOptions, r.callStatus)),
    },
  ] satisfies RecordColumn<BranchBooking>[],
} as const;

/** A cell in words, as the screen shows it (days through `day`, the user's era). */
export function recordCellText(cell: RecordCell, day: (iso: string) => string): string {
  if ('text' in cell) return cell.text;
  if ('days' in cell) return cell.days.map(day).join(', ');
  return cell.number === null ? '' : formatNumber(cell.number, cell.decimals);
}

/**
 * Rows one workbook of records across branches may hold (docs/performance-figures.md): the list's
 * count is read first and a longer list refused with a Thai 422 before the workbook starts. Ten
 * thousand rows is a month of some thirty branches' trips, or a fortnight of ten busy branches' stops.
 */
export const BRANCHES_RECORDS_EXCEL_MAX_ROWS = 10_000;

export const recordsWorkbookTooLong = (max: number, total: number) =>
  `ส่งออก Excel ได้ครั้งละไม่เกิน ${formatNumber(max, 0)} รายการ (รายการนี้มี ${formatNumber(total, 0)} รายการ) กรุณาเลือกช่วงวันที่หรือสาขาให้น้อยลง`;

/** The workbook's sheet name and file name of each kind of records. */
export const branchRecordsSheet: Record<CompanyRecords['kind'], { title: string; file: string }> = {
  stops: { title: 'จุดส่ง', file: 'stops' },
  trips: { title: 'เที่ยวรถที่มีจุดส่ง', file: 'trips' },
  bookings: { title: 'รายการจอง', file: 'bookings' },
};
