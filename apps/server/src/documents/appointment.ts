import {
  type BookingDelivery,
  bookingStatusOptions,
  callStatusOptions,
  documentKinds,
  formatDate,
  formatNumber,
  formatQuantity,
  formatQuantityNumber,
  formatTime,
  QUANTITY_FORMATS,
  UI_TEXT,
  unitName,
} from '@lms/domain';
import { stopTimesBlocks } from './deliveries.ts';
import type { BookingDocumentRows, BookingLineRow, BookingRow } from './load.ts';
import type { Block, Column, DocumentModel, Field } from './model.ts';
import {
  bookingFields,
  type DocumentContext,
  deliveryOrderFields,
  deliveryTimes,
  documentText,
  label,
  lineFields,
  onLetterhead,
  optionText,
  sum,
  usedLoadCells,
  volumeHeader,
  weightHeader,
} from './text.ts';

/** The slots a booking uses: day, shift and its hours, vehicle type, with what they carry. */
function slotsOf(lines: readonly BookingLineRow[]) {
  const slots = new Map<string, BookingLineRow[]>();
  for (const line of lines) slots.set(line.slot_id, [...(slots.get(line.slot_id) ?? []), line]);
  return [...slots.values()];
}

const hours = (line: BookingLineRow) => `${formatTime(line.start_time)}–${formatTime(line.end_time)}`;

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
  rows.push(['', documentText.total, '', '', '', '', ...usedLoadCells(lines)]);
  return { type: 'table', columns, rows };
}

/** ใบนัดส่งสินค้า: what the planner sends the customer; once trips carried it, each stop's actual times. */
export function appointmentModel(
  { booking, lines, allocations }: BookingDocumentRows,
  ctx: DocumentContext,
  deliveries: readonly BookingDelivery[] = [],
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
  return onLetterhead(ctx, {
    title: documentKinds.appointment.title,
    number: booking.doc_no ?? UI_TEXT.empty,
    qr: true,
    blocks: [
      {
        type: 'fields',
        fields: [
          ...bookingPartyFields(booking),
          { label: label(bookingFields, 'docDate'), value: formatDate(booking.doc_date, era) },
          { label: label(bookingFields, 'status'), value: optionText(bookingStatusOptions, booking.status) },
          {
            label: label(bookingFields, 'distance'),
            value: formatQuantityNumber('distance', booking.distance),
          },
          {
            label: label(bookingFields, 'callStatus'),
            value: optionText(callStatusOptions, booking.call_status),
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
            ...usedLoadCells(slot),
            allocation?.fee != null ? formatQuantityNumber('money', allocation.fee) : UI_TEXT.empty,
          ];
        }),
      },
      { type: 'heading', text: documentText.deliveryOrders },
      deliveryOrderTable(lines, ctx),
      ...stopTimesBlocks(deliveries, ctx.buddhistEra),
    ],
  });
}
