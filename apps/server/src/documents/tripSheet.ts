import {
  documentKinds,
  formatDate,
  formatNumber,
  formatQuantity,
  formatTime,
  shipmentStages,
  stageFieldNames,
  UI_TEXT,
  unitName,
} from '@lms/domain';
import { snake } from '../entities/naming.ts';
import type { ShipmentDocumentRows } from './loadShipments.ts';
import type { DocumentModel } from './model.ts';
import {
  bookingFields,
  type DocumentContext,
  dayAndShift,
  deliveryOrderFields,
  deliveryTimes,
  documentText,
  label,
  onLetterhead,
  sum,
} from './text.ts';

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
  { shipment, stops, distanceKm }: ShipmentDocumentRows,
  ctx: DocumentContext,
): DocumentModel {
  const era = { buddhistEra: ctx.buddhistEra };
  const lines = stops.flatMap((s) => s.lines);
  const day = shipment.shift_date;
  const column = (name: string) => shipment.columns[snake(name)] ?? null;
  return onLetterhead(ctx, {
    title: documentKinds.tripSheet.title,
    number: shipment.doc_no,
    qr: true,
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
                ? dayAndShift(
                    day,
                    { name: shipment.shift, start_time: shipment.start_time, end_time: shipment.end_time },
                    era,
                  )
                : UI_TEXT.empty,
          },
          { label: documentText.stops, value: String(stops.length) },
          {
            label: documentText.plannedDistance,
            value: distanceKm === null ? UI_TEXT.empty : `${formatNumber(distanceKm, 1)} กม. (ไป-กลับ)`,
          },
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
  });
}
