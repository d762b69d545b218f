import type { FreightEvent, FreightTripLine } from '../api/freightStatements.ts';
import { distanceTierLabels } from './freightPrice.ts';
import { type FreightStatementState, freightStateLabel } from './freightStatement.ts';
import { formatNumber } from './numberFormat.ts';

/**
 * The words of a freight statement, one set for its screen, its PDF and its Excel (docs/freight.md):
 * a column is named the same wherever it is read.
 */
export const freightText = {
  title: 'ใบสรุปค่าขนส่งผู้รับเหมา',
  menu: 'ค่าขนส่งผู้รับเหมา',
  contractor: 'ผู้รับเหมาขนส่ง',
  branch: 'สาขา',
  month: 'เดือน',
  state: 'สถานะ',
  number: 'เลขที่ใบสรุป',
  trips: 'เที่ยวรถ',
  tripCount: 'จำนวนเที่ยว',
  noTrips: 'ไม่มีเที่ยวรถของผู้รับเหมารายนี้ในเดือนนี้',
  line: 'ที่',
  day: 'วันที่',
  shipment: 'เลขที่ใบขนส่ง',
  plate: 'ทะเบียนรถ',
  vehicleType: 'ประเภทรถ',
  driver: 'คนขับรถ',
  drops: 'จุดส่ง',
  distance: 'ระยะทาง (กม.)',
  totalDistance: 'ระยะทางรวม (กม.)',
  tier: 'อัตรา',
  distanceFee: 'ค่าขนส่งตามระยะ (บาท)',
  extraDrops: 'จุดส่งเพิ่ม',
  extraDropFee: 'ค่าจุดส่งเพิ่ม (บาท)',
  fee: 'ค่าขนส่ง (บาท)',
  late: 'ค้างจากเดือนก่อน',
  minimum: 'ขั้นต่ำ',
  tripFees: 'ค่าขนส่งรวม (บาท)',
  adjustments: 'รายการปรับยอด',
  noAdjustments: 'ไม่มีรายการปรับยอด',
  amount: 'จำนวนเงิน (บาท)',
  reason: 'เหตุผล',
  adjustedBy: 'ผู้ปรับยอด',
  adjustmentsTotal: 'ปรับยอดรวม (บาท)',
  total: 'ยอดที่ต้องจ่าย (บาท)',
  created: 'ผู้จัดทำ',
  checked: 'ผู้ตรวจ',
  approved: 'ผู้อนุมัติ',
  exported: 'ผู้ส่งออกให้ฝ่ายบัญชี',
  contractorSigns: 'ผู้รับเหมาขนส่ง (รับทราบ)',
  notFinal: 'ใบสรุปนี้ยังไม่ได้อนุมัติ ตัวเลขอาจเปลี่ยนได้',
  history: 'ประวัติการเปลี่ยนแปลง',
  recalculate: 'คำนวณใหม่',
  addAdjustment: 'เพิ่มรายการปรับยอด',
  removeAdjustment: 'ลบรายการปรับยอด',
  create: 'สร้างใบสรุป',
  pdf: 'พิมพ์ PDF',
  excel: 'ส่งออก Excel',
} as const;

/** The rate a trip was charged, in words: "ไม่เกิน 75 กม.", "ขั้นต่ำ", or why it has none. */
export function tripRateText(trip: Pick<FreightTripLine, 'tier' | 'minimumApplied' | 'problem'>): string {
  if (trip.problem !== null || trip.tier === null) return trip.problem ?? '';
  const tier = distanceTierLabels[trip.tier];
  return trip.minimumApplied ? `${tier} (${freightText.minimum})` : tier;
}

/** Baht as the statement shows it: 2 decimals, English separators (spec §9). */
export const formatBaht = (value: number) => formatNumber(value, 2);

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value));
const fromTo = (value: unknown) => (value ?? {}) as { readonly from?: unknown; readonly to?: unknown };

/** One change of a statement in words, for its history (what `freight_statement_event` recorded). */
export function freightEventText(event: Pick<FreightEvent, 'action' | 'changes'>): string {
  const { changes } = event;
  switch (event.action) {
    case 'create':
      return `จัดทำใบสรุป: ${num(changes.trips)} เที่ยว ยอด ${formatBaht(num(changes.total))} บาท`;
    case 'recalculate': {
      const trips = fromTo(changes.trips);
      const total = fromTo(changes.total);
      return `คำนวณใหม่: ${num(trips.from)} → ${num(trips.to)} เที่ยว ยอด ${formatBaht(num(total.from))} → ${formatBaht(num(total.to))} บาท`;
    }
    case 'adjust':
      return `เพิ่มรายการปรับยอด ${formatBaht(num(changes.amount))} บาท: ${String(changes.reason ?? '')}`;
    case 'removeAdjustment':
      return `ลบรายการปรับยอด ${formatBaht(num(changes.amount))} บาท: ${String(changes.reason ?? '')}`;
    case 'transition': {
      const state = fromTo(changes.state);
      return `เปลี่ยนสถานะ ${freightStateLabel(state.from as FreightStatementState)} → ${freightStateLabel(state.to as FreightStatementState)}`;
    }
  }
}
