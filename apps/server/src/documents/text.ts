import {
  bookingLines,
  entityByName,
  formatDate,
  formatDateTime,
  formatQuantityNumber,
  formatTime,
  optionLabel,
  QUANTITY_FORMATS,
  UI_TEXT,
} from '@lms/domain';
import type { BookingLineRow } from './load.ts';
import type { DocumentHeader, DocumentModel } from './model.ts';

/** What every kind's model is made with: the printed words, the screens' labels, the shared cells. */

export interface DocumentContext {
  readonly header: DocumentHeader;
  /** The company's setting (`CompanySettings.buddhistEra`, พ.ศ. by default): every date on the document follows it. */
  readonly buddhistEra: boolean;
  readonly printedAt: Date;
}

export const documentText = {
  printedAt: 'พิมพ์เมื่อ',
  era: (buddhistEra: boolean) => (buddhistEra ? 'ปี พ.ศ.' : 'ปี ค.ศ.'),
  address: 'ที่อยู่',
  tel: 'โทรศัพท์',
  appointments: 'วันและเวลานัดส่ง',
  shift: 'กะ',
  shiftHours: 'เวลากะ',
  deliveryOrders: 'ใบส่งสินค้า (DO)',
  total: 'รวม',
  line: 'ที่',
  unit: 'หน่วย',
  plate: 'ทะเบียนรถ',
  driver: 'คนขับรถ',
  blank: '.............................................',
  stops: 'จุดส่งสินค้า',
  stop: 'สถานที่ส่งและที่อยู่',
  contact: 'ผู้ติดต่อ / โทรศัพท์',
  plannedArrival: 'เวลานัดถึง',
  plannedDistance: 'ระยะทางตามแผน',
  dosAndQty: 'DO และจำนวน',
  signAndTime: 'ลงชื่อผู้รับ / เวลา',
  stages: 'เวลาตามขั้นตอน (กรอกเมื่อถึงขั้นตอน)',
  stage: 'ขั้นตอน',
  planned: 'เวลาตามแผน',
  actual: 'เวลาจริง',
  signature: 'ลงชื่อ',
  dispatcher: 'ผู้ตรวจปล่อยรถ',
  items: 'รายการสินค้า',
  sender: 'ผู้ส่งสินค้า',
  receiver: 'ผู้รับสินค้า',
  booking: 'เลขที่การจอง',
  appointment: 'วันเวลานัดส่ง',
  notTaxInvoice: 'เอกสารนี้ใช้ยืนยันการส่งมอบสินค้าเท่านั้น มิใช่ใบกำกับภาษีหรือใบเสร็จรับเงิน',
  bookings: 'รายการจองของกะนี้',
  noBookings: 'ไม่มีการจองในวันและกะนี้',
  dock: 'ช่องขึ้นสินค้า / หมายเหตุ',
  trucks: 'ประเภทรถ',
  vehicles: 'จำนวนรถ (คัน)',
  vehiclesOfTypes: 'ประเภทและจำนวนรถ',
  typeCount: (type: string, vehicles: number) => `${type} × ${vehicles} คัน`,
  fee: 'ค่าขนส่ง',
} as const;

export const bookingFields = entityByName('bookingReport').fields;
export const deliveryOrderFields = entityByName('deliveryOrder').fields;
export const lineFields = bookingLines.fields;

/** A field's label as the screens show it: one name for one thing. */
export const label = (fields: typeof bookingFields, name: string) =>
  fields.find((f) => f.name === name)?.label ?? name;

/** An option's label on paper: the document's dash where the value has none. */
export const optionText = (options: readonly { value: string; label: string }[], value: string | null) =>
  optionLabel(options, value) ?? UI_TEXT.empty;

export const weightHeader = `${label(deliveryOrderFields, 'weight')} (${QUANTITY_FORMATS.weight.unit})`;
export const volumeHeader = `${label(deliveryOrderFields, 'volume')} (${QUANTITY_FORMATS.volume.unit})`;

/** A kind's model under what tops every document: the branch's header, and when it was printed in the reader's era. */
export function onLetterhead(
  ctx: DocumentContext,
  model: Omit<DocumentModel, 'header' | 'subtitle'>,
): DocumentModel {
  const options = { buddhistEra: ctx.buddhistEra };
  const subtitle = `${documentText.printedAt} ${formatDateTime(ctx.printedAt, options)} (${documentText.era(ctx.buddhistEra)})`;
  return { ...model, header: ctx.header, subtitle };
}

export const sum = <T>(rows: readonly T[], pick: (row: T) => number | null) =>
  rows.reduce((s, r) => s + (pick(r) ?? 0), 0);

/** The weight and volume booking lines use, as the two cells under weightHeader and volumeHeader. */
export const usedLoadCells = (lines: readonly BookingLineRow[]) => [
  formatQuantityNumber(
    'weight',
    sum(lines, (l) => l.used_weight),
  ),
  formatQuantityNumber(
    'volume',
    sum(lines, (l) => l.used_volume),
  ),
];

/** The delivery times booking lines name, each once, in their order. */
export const deliveryTimes = (lines: readonly BookingLineRow[]) =>
  [...new Set(lines.map((l) => formatTime(l.delivery_time)))].join(', ');

/** A shift as read from the database: its name and hours. */
export interface ShiftHours {
  readonly name: string;
  readonly start_time: string;
  readonly end_time: string;
}

/** A shift as every document prints it: `กะเช้า 08:00–12:00`. */
export const shiftText = (shift: ShiftHours) =>
  `${shift.name} ${formatTime(shift.start_time)}–${formatTime(shift.end_time)}`;

/** A day and, when known, its shift: `25/11/2569 กะเช้า 08:00–12:00`. */
export const dayAndShift = (day: string | null, shift: ShiftHours | null, era: { buddhistEra: boolean }) =>
  shift ? `${formatDate(day, era)} ${shiftText(shift)}` : formatDate(day, era);
