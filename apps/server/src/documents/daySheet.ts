import { callStatusOptions, daySheetTitle, formatDate, UI_TEXT } from '@lms/domain';
import type { BookingLineRow, BookingRow } from './load.ts';
import type { DocumentModel } from './model.ts';
import {
  bookingFields,
  type DocumentContext,
  deliveryTimes,
  documentText,
  label,
  lineFields,
  onLetterhead,
  optionText,
  type ShiftHours,
  shiftText,
  usedLoadCells,
  volumeHeader,
  weightHeader,
} from './text.ts';

/** ใบงานประจำวัน: every booking of a branch's day and shift and its trucks, for the loading dock. */
export function daySheetModel(
  day: { date: string; shiftOfDayId: string; shift: ShiftHours },
  bookings: readonly { booking: BookingRow; lines: BookingLineRow[] }[],
  ctx: DocumentContext,
): DocumentModel {
  const era = { buddhistEra: ctx.buddhistEra };
  const shift = shiftText(day.shift);
  const inShift = (lines: readonly BookingLineRow[]) =>
    lines.filter((l) => l.shift_date === day.date && l.shift_of_day_id === day.shiftOfDayId);
  return onLetterhead(ctx, {
    title: daySheetTitle,
    number: `${formatDate(day.date, era)} ${day.shift.name}`,
    qr: false,
    landscape: true,
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
                ...usedLoadCells(own),
                optionText(callStatusOptions, booking.call_status),
                '',
              ];
            }),
          },
      { type: 'signatures', boxes: [documentText.dispatcher, documentText.signature] },
    ],
  });
}
