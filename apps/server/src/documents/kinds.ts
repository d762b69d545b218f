import {
  bookingLines,
  bookingStatusOptions,
  callStatusOptions,
  daySheetTitle,
  documentKinds,
  entityByName,
  formatDate,
  formatDateTime,
  formatNumber,
  formatQuantity,
  formatQuantityNumber,
  formatTime,
  QUANTITY_FORMATS,
  shipmentStages,
  stageFieldNames,
  UI_TEXT,
  unitName,
} from '@lms/domain';
import { snake } from '../entities/naming.ts';
import type { BookingDocumentRows, BookingLineRow, BookingRow } from './load.ts';
import type { DeliveryOrderRow } from './loadDeliveryOrders.ts';
import type { ShipmentDocumentRows } from './loadShipments.ts';
import type { Block, Column, DocumentHeader, DocumentModel, Field } from './model.ts';

/** Each kind's document model, from the rows load.ts reads: pure, so a test can read it. */

export interface DocumentContext {
  readonly header: DocumentHeader;
  /** The reader's setting (appUser.buddhistEra): every date on the document follows it. */
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

const bookingFields = entityByName('bookingReport').fields;
const deliveryOrderFields = entityByName('deliveryOrder').fields;
const lineFields = bookingLines.fields;
/** A field's label as the screens show it: one name for one thing. */
const label = (fields: typeof bookingFields, name: string) =>
  fields.find((f) => f.name === name)?.label ?? name;
const optionLabel = (options: readonly { value: string; label: string }[], value: string | null) =>
  options.find((o) => o.value === value)?.label ?? UI_TEXT.empty;

const weightHeader = `${label(deliveryOrderFields, 'weight')} (${QUANTITY_FORMATS.weight.unit})`;
const volumeHeader = `${label(deliveryOrderFields, 'volume')} (${QUANTITY_FORMATS.volume.unit})`;

function subtitle(ctx: DocumentContext) {
  const options = { buddhistEra: ctx.buddhistEra };
  return `${documentText.printedAt} ${formatDateTime(ctx.printedAt, options)} (${documentText.era(ctx.buddhistEra)})`;
}

const sum = <T>(rows: readonly T[], pick: (row: T) => number | null) =>
  rows.reduce((s, r) => s + (pick(r) ?? 0), 0);

/** The slots a booking uses: day, shift and its hours, vehicle type, with what they carry. */
function slotsOf(lines: readonly BookingLineRow[]) {
  const slots = new Map<string, BookingLineRow[]>();
  for (const line of lines) slots.set(line.slot_id, [...(slots.get(line.slot_id) ?? []), line]);
  return [...slots.values()];
}

const hours = (line: BookingLineRow) => `${formatTime(line.start_time)}–${formatTime(line.end_time)}`;
const deliveryTimes = (lines: readonly BookingLineRow[]) =>
  [...new Set(lines.map((l) => formatTime(l.delivery_time)))].join(', ');

function bookingPartyFields(booking: BookingRow): Field[] {
  return [
    { label: label(bookingFields, 'customerId'), value: booking.customer },
    { label: label(bookingFields, 'shipToId'), value: booking.ship_to },
    { label: documentText.address, value: booking.ship_to_address || UI_TEXT.empty },
    { label: documentText.tel, value: booking.ship_to_tel ?? UI_TEXT.empty },
  ];
}

function deliveryOrderTable(lines: readonly BookingLineRow[], ctx: DocumentContext): Block {
  const era = { buddhistEra: ctx.buddhistEra };
  const columns: Column[] = [
    { header: '#', width: 0.5, align: 'right' },
    { header: label(deliveryOrderFields, 'docNo'), width: 1.8 },
    { header: label(deliveryOrderFields, 'articleUomId'), width: 2.8 },
    { header: label(deliveryOrderFields, 'qty'), width: 1.1, align: 'right' },
    { header: documentText.unit, width: 0.8 },
    { header: label(lineFields, 'deliveryDate'), width: 1.3 },
    { header: weightHeader, width: 1.4, align: 'right' },
    { header: volumeHeader, width: 1.6, align: 'right' },
  ];
  const rows = lines.map((line, i) => [
    String(i + 1),
    line.do_no,
    line.article || UI_TEXT.empty,
    formatNumber(line.qty),
    line.unit ? unitName(line.unit) : UI_TEXT.empty,
    `${formatDate(line.delivery_date, era)} ${line.delivery_time ? formatTime(line.delivery_time) : ''}`.trim(),
    formatQuantityNumber('weight', line.used_weight),
    formatQuantityNumber('volume', line.used_volume),
  ]);
  rows.push([
    '',
    documentText.total,
    '',
    '',
    '',
    '',
    formatQuantityNumber(
      'weight',
      sum(lines, (l) => l.used_weight),
    ),
    formatQuantityNumber(
      'volume',
      sum(lines, (l) => l.used_volume),
    ),
  ]);
  return { type: 'table', columns, rows };
}

/** ใบนัดส่งสินค้า: what the planner sends the customer. */
export function appointmentModel(
  { booking, lines, allocations }: BookingDocumentRows,
  ctx: DocumentContext,
): DocumentModel {
  const era = { buddhistEra: ctx.buddhistEra };
  const slots = slotsOf(lines);
  const allocationOf = (slotId: string) => allocations.find((a) => a.slot_id === slotId);
  // Vehicles per type over all slots ("6 ล้อ × 2 คัน"); blank when confirm stored none (before 0019).
  const perType = new Map<string, number>();
  for (const slot of slots) {
    const vehicles = allocationOf(slot[0]!.slot_id)?.vehicles;
    if (vehicles) perType.set(slot[0]!.vehicle_type, (perType.get(slot[0]!.vehicle_type) ?? 0) + vehicles);
  }
  const priced = allocations.length > 0 && allocations.every((a) => a.fee !== null);
  const moneyHeader = `${documentText.fee} (${QUANTITY_FORMATS.money.unit})`;
  return {
    title: documentKinds.appointment.title,
    number: booking.doc_no ?? UI_TEXT.empty,
    qr: true,
    header: ctx.header,
    subtitle: subtitle(ctx),
    blocks: [
      {
        type: 'fields',
        fields: [
          ...bookingPartyFields(booking),
          { label: label(bookingFields, 'docDate'), value: formatDate(booking.doc_date, era) },
          { label: label(bookingFields, 'status'), value: optionLabel(bookingStatusOptions, booking.status) },
          {
            label: label(bookingFields, 'distance'),
            value: formatQuantityNumber('distance', booking.distance),
          },
          {
            label: label(bookingFields, 'callStatus'),
            value: optionLabel(callStatusOptions, booking.call_status),
          },
          {
            label: documentText.vehiclesOfTypes,
            value:
              [...perType].map(([type, vehicles]) => documentText.typeCount(type, vehicles)).join(', ') ||
              UI_TEXT.empty,
          },
          {
            label: documentText.fee,
            value: priced
              ? formatQuantity(
                  'money',
                  sum(allocations, (a) => a.fee ?? 0),
                )
              : UI_TEXT.empty,
          },
        ],
      },
      { type: 'heading', text: documentText.appointments },
      {
        type: 'table',
        columns: [
          { header: label(lineFields, 'deliveryDate'), width: 1.1 },
          { header: documentText.shift, width: 1 },
          { header: documentText.shiftHours, width: 1.3 },
          { header: documentText.plannedArrival, width: 0.9 },
          { header: documentText.trucks, width: 1.3 },
          { header: documentText.vehicles, width: 0.8, align: 'right' },
          { header: weightHeader, width: 1.2, align: 'right' },
          { header: volumeHeader, width: 1.1, align: 'right' },
          { header: moneyHeader, width: 1.2, align: 'right' },
        ],
        rows: slots.map((slot) => {
          const first = slot[0]!;
          const allocation = allocationOf(first.slot_id);
          return [
            formatDate(first.shift_date, era),
            first.shift,
            hours(first),
            deliveryTimes(slot),
            first.vehicle_type,
            allocation ? formatNumber(allocation.vehicles, 0) : UI_TEXT.empty,
            formatQuantityNumber(
              'weight',
              sum(slot, (l) => l.used_weight),
            ),
            formatQuantityNumber(
              'volume',
              sum(slot, (l) => l.used_volume),
            ),
            allocation?.fee != null ? formatQuantityNumber('money', allocation.fee) : UI_TEXT.empty,
          ];
        }),
      },
      { type: 'heading', text: documentText.deliveryOrders },
      deliveryOrderTable(lines, ctx),
    ],
  };
}

/** A date and time as printed: the date only when it is not the trip's day (a shift past midnight). */
function instant(
  at: { date: string | null; time: string | null },
  day: string | null,
  era: { buddhistEra: boolean },
) {
  if (!at.date || !at.time) return '';
  return at.date === day ? formatTime(at.time) : `${formatDate(at.date, era)} ${formatTime(at.time)}`;
}

/** ใบคุมรถ: what the driver carries — the truck, its stops in order, a box to sign at each, the stage times. */
export function tripSheetModel(
  { shipment, stops }: ShipmentDocumentRows,
  ctx: DocumentContext,
): DocumentModel {
  const era = { buddhistEra: ctx.buddhistEra };
  const lines = stops.flatMap((s) => s.lines);
  const day = shipment.shift_date;
  const column = (name: string) => shipment.columns[snake(name)] ?? null;
  return {
    title: documentKinds.tripSheet.title,
    number: shipment.doc_no,
    qr: true,
    header: ctx.header,
    subtitle: subtitle(ctx),
    blocks: [
      {
        type: 'fields',
        fields: [
          { label: documentText.plate, value: shipment.plate ?? documentText.blank },
          {
            label: documentText.driver,
            value: shipment.driver
              ? [shipment.driver, shipment.driver_tel].filter(Boolean).join(' โทร ')
              : documentText.blank,
          },
          { label: documentText.trucks, value: shipment.vehicle_type ?? UI_TEXT.empty },
          {
            label: documentText.appointment,
            value:
              day && shipment.shift && shipment.start_time && shipment.end_time
                ? `${formatDate(day, era)} ${shipment.shift} ${formatTime(shipment.start_time)}–${formatTime(shipment.end_time)}`
                : UI_TEXT.empty,
          },
          { label: documentText.stops, value: String(stops.length) },
          {
            label: `${label(deliveryOrderFields, 'weight')} / ${label(deliveryOrderFields, 'volume')}`,
            value: `${formatQuantity(
              'weight',
              sum(lines, (l) => l.used_weight),
            )} / ${formatQuantity(
              'volume',
              sum(lines, (l) => l.used_volume),
            )}`,
          },
        ],
      },
      { type: 'heading', text: documentText.stops },
      {
        type: 'table',
        rowHeight: 64,
        columns: [
          { header: documentText.line, width: 0.5, align: 'right' },
          { header: documentText.stop, width: 2.6 },
          { header: documentText.contact, width: 1.3 },
          { header: documentText.plannedArrival, width: 1 },
          { header: documentText.dosAndQty, width: 2.5 },
          { header: documentText.signAndTime, width: 1.8 },
        ],
        rows: stops.map(({ booking, lines, arrival }, i) => [
          String(i + 1),
          `${booking.ship_to}\n${booking.ship_to_address}\n${label(bookingFields, 'docNo')} ${booking.doc_no ?? UI_TEXT.empty}`,
          booking.ship_to_tel ?? UI_TEXT.empty,
          (arrival ? instant(arrival, day, era) : deliveryTimes(lines)) || UI_TEXT.empty,
          lines
            .map((l) => `${l.do_no} × ${formatNumber(l.qty)} ${l.unit ? unitName(l.unit) : ''}`.trim())
            .join('\n'),
          '',
        ]),
      },
      { type: 'heading', text: documentText.stages },
      {
        type: 'table',
        rowHeight: 22,
        columns: [
          { header: documentText.stage, width: 2 },
          { header: documentText.planned, width: 1.5 },
          { header: documentText.actual, width: 1.5 },
          { header: documentText.signature, width: 2 },
        ],
        // Planned times from the confirmed plan; actual ones written in by hand, or printed once recorded.
        rows: shipmentStages.map((stage) => {
          const names = stageFieldNames(stage.key);
          return [
            stage.label,
            instant({ date: column(names.planDate), time: column(names.planTime) }, day, era),
            instant({ date: column(names.actDate), time: column(names.actTime) }, day, era),
            '',
          ];
        }),
      },
      { type: 'signatures', boxes: [documentText.dispatcher, documentText.driver] },
    ],
  };
}

/** ใบส่งสินค้า: what the customer signs on delivery. Not a tax invoice (those stay with the ERP). */
export function deliveryNoteModel(row: DeliveryOrderRow, ctx: DocumentContext): DocumentModel {
  const era = { buddhistEra: ctx.buddhistEra };
  const appointment = row.delivery_date ?? row.doc_delivery_at;
  return {
    title: documentKinds.deliveryNote.title,
    number: row.doc_no,
    qr: true,
    header: ctx.header,
    subtitle: subtitle(ctx),
    blocks: [
      {
        type: 'fields',
        fields: [
          { label: label(deliveryOrderFields, 'customerId'), value: row.customer },
          { label: label(deliveryOrderFields, 'soShipToId'), value: row.ship_to ?? UI_TEXT.empty },
          { label: documentText.address, value: row.ship_to_address || UI_TEXT.empty },
          { label: documentText.tel, value: row.ship_to_tel ?? UI_TEXT.empty },
          { label: documentText.booking, value: row.booking_no ?? UI_TEXT.empty },
          {
            label: documentText.appointment,
            value:
              `${formatDate(appointment, era)} ${row.delivery_time ? formatTime(row.delivery_time) : ''}`.trim(),
          },
        ],
      },
      { type: 'heading', text: documentText.items },
      {
        type: 'table',
        columns: [
          { header: '#', width: 0.5, align: 'right' },
          { header: label(deliveryOrderFields, 'articleUomId'), width: 4 },
          { header: label(deliveryOrderFields, 'qty'), width: 1.2, align: 'right' },
          { header: documentText.unit, width: 1 },
          { header: weightHeader, width: 1.5, align: 'right' },
          { header: volumeHeader, width: 1.5, align: 'right' },
        ],
        rows: [
          [
            '1',
            row.article || UI_TEXT.empty,
            formatNumber(row.qty),
            row.unit ? unitName(row.unit) : UI_TEXT.empty,
            formatQuantityNumber('weight', row.weight),
            formatQuantityNumber('volume', row.volume),
          ],
        ],
      },
      { type: 'paragraph', text: documentText.notTaxInvoice },
      { type: 'signatures', boxes: [documentText.sender, documentText.receiver] },
    ],
  };
}

/** ใบงานประจำวัน: every booking of a branch's day and shift and its trucks, for the loading dock. */
export function daySheetModel(
  day: { date: string; shiftOfDayId: string; shift: { name: string; start_time: string; end_time: string } },
  bookings: readonly { booking: BookingRow; lines: BookingLineRow[] }[],
  ctx: DocumentContext,
): DocumentModel {
  const era = { buddhistEra: ctx.buddhistEra };
  const shift = `${day.shift.name} ${formatTime(day.shift.start_time)}–${formatTime(day.shift.end_time)}`;
  const inShift = (lines: readonly BookingLineRow[]) =>
    lines.filter((l) => l.shift_date === day.date && l.shift_of_day_id === day.shiftOfDayId);
  return {
    title: daySheetTitle,
    number: `${formatDate(day.date, era)} ${day.shift.name}`,
    qr: false,
    landscape: true,
    header: ctx.header,
    subtitle: subtitle(ctx),
    blocks: [
      {
        type: 'fields',
        columns: 3,
        fields: [
          { label: label(lineFields, 'deliveryDate'), value: formatDate(day.date, era) },
          { label: documentText.shift, value: shift },
          { label: documentText.bookings, value: String(bookings.length) },
        ],
      },
      bookings.length === 0
        ? { type: 'paragraph', text: documentText.noBookings }
        : {
            type: 'table',
            rowHeight: 30,
            columns: [
              { header: documentText.line, width: 0.5, align: 'right' },
              { header: label(bookingFields, 'docNo'), width: 1.4 },
              { header: label(bookingFields, 'customerId'), width: 2 },
              { header: label(bookingFields, 'shipToId'), width: 2.6 },
              { header: documentText.trucks, width: 1.4 },
              { header: documentText.plannedArrival, width: 0.9 },
              { header: documentText.deliveryOrders, width: 1.8 },
              { header: weightHeader, width: 1.1, align: 'right' },
              { header: volumeHeader, width: 1.3, align: 'right' },
              { header: label(bookingFields, 'callStatus'), width: 1 },
              { header: documentText.dock, width: 1.5 },
            ],
            rows: bookings.map(({ booking, lines }, i) => {
              const own = inShift(lines);
              return [
                String(i + 1),
                booking.doc_no ?? UI_TEXT.empty,
                booking.customer,
                `${booking.ship_to}\n${booking.ship_to_address}`,
                [...new Set(own.map((l) => l.vehicle_type))].join(', '),
                deliveryTimes(own),
                own.map((l) => l.do_no).join(', '),
                formatQuantityNumber(
                  'weight',
                  sum(own, (l) => l.used_weight),
                ),
                formatQuantityNumber(
                  'volume',
                  sum(own, (l) => l.used_volume),
                ),
                optionLabel(callStatusOptions, booking.call_status),
                '',
              ];
            }),
          },
      { type: 'signatures', boxes: [documentText.dispatcher, documentText.signature] },
    ],
  };
}
