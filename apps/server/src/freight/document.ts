import {
  type FreightSignOff,
  type FreightStatement,
  formatBaht,
  formatDate,
  formatDateTime,
  formatMonth,
  formatNumber,
  freightStateLabel,
  freightText,
  isFreightStatementFinal,
  tripRateText,
  UI_TEXT,
} from '@lms/domain';
import type { Block } from '../documents/model.ts';
import { type DocumentContext, onLetterhead } from '../documents/text.ts';

/** ใบสรุปค่าขนส่งผู้รับเหมา: the statement in the documents' style (docs/documents.md, docs/freight.md). */
export function freightStatementModel(statement: FreightStatement, ctx: DocumentContext) {
  const era = { buddhistEra: ctx.buddhistEra };
  const { totals } = statement;
  const signOff = (label: string, who: FreightSignOff) => ({
    label,
    value: who ? `${who.userLabel ?? UI_TEXT.empty} ${formatDateTime(who.at, era)}` : UI_TEXT.empty,
  });
  const trips: Block =
    statement.trips.length === 0
      ? { type: 'paragraph', text: freightText.noTrips }
      : {
          type: 'table',
          columns: [
            { header: freightText.line, width: 0.45, align: 'right' },
            { header: freightText.day, width: 1 },
            { header: freightText.shipment, width: 1.15 },
            { header: freightText.plate, width: 0.95 },
            { header: freightText.vehicleType, width: 1.3 },
            { header: freightText.driver, width: 1.2 },
            { header: freightText.drops, width: 0.55, align: 'right' },
            { header: freightText.distance, width: 0.85, align: 'right' },
            { header: freightText.tier, width: 1.75 },
            { header: freightText.distanceFee, width: 1.05, align: 'right' },
            { header: freightText.extraDropFee, width: 1, align: 'right' },
            { header: freightText.fee, width: 1.05, align: 'right' },
          ],
          rows: [
            ...statement.trips.map((trip, i) => [
              String(i + 1),
              `${formatDate(trip.day, era)}${trip.late ? `\n(${freightText.late})` : ''}`,
              trip.docNo,
              trip.licensePlate ?? UI_TEXT.empty,
              trip.vehicleTypeLabel ?? UI_TEXT.empty,
              trip.driverName ?? UI_TEXT.empty,
              String(trip.drops),
              formatNumber(trip.distanceKm, 2),
              tripRateText(trip),
              formatBaht(trip.distanceFee),
              trip.extraDrops > 0
                ? `${trip.extraDrops} จุด = ${formatBaht(trip.extraDropFee)}`
                : formatBaht(0),
              formatBaht(trip.fee),
            ]),
            [
              '',
              freightText.tripCount,
              String(totals.trips),
              '',
              '',
              '',
              '',
              formatNumber(totals.distanceKm, 2),
              '',
              '',
              '',
              formatBaht(totals.tripFees),
            ],
          ],
        };
  const adjustments: Block =
    statement.adjustments.length === 0
      ? { type: 'paragraph', text: freightText.noAdjustments }
      : {
          type: 'table',
          columns: [
            { header: freightText.line, width: 0.45, align: 'right' },
            { header: freightText.day, width: 1.4 },
            { header: freightText.reason, width: 5 },
            { header: freightText.adjustedBy, width: 2 },
            { header: freightText.amount, width: 1.2, align: 'right' },
          ],
          rows: statement.adjustments.map((a, i) => [
            String(i + 1),
            formatDateTime(a.at, era),
            a.reason,
            a.userLabel ?? UI_TEXT.empty,
            formatBaht(a.amount),
          ]),
        };
  return onLetterhead(ctx, {
    title: freightText.title,
    number: statement.number,
    qr: true,
    landscape: true,
    blocks: [
      {
        type: 'fields',
        columns: 3,
        fields: [
          { label: freightText.contractor, value: statement.contractorLabel },
          { label: freightText.month, value: formatMonth(statement.month, era) },
          { label: freightText.state, value: freightStateLabel(statement.state) },
          { label: freightText.tripCount, value: String(totals.trips) },
          { label: freightText.totalDistance, value: formatNumber(totals.distanceKm, 2) },
          { label: freightText.branch, value: statement.branchLabel },
        ],
      },
      ...(isFreightStatementFinal(statement.state)
        ? []
        : [{ type: 'paragraph', text: freightText.notFinal } as const]),
      { type: 'heading', text: freightText.trips },
      trips,
      { type: 'heading', text: freightText.adjustments },
      adjustments,
      {
        type: 'fields',
        columns: 3,
        fields: [
          { label: freightText.tripFees, value: formatBaht(totals.tripFees) },
          { label: freightText.adjustmentsTotal, value: formatBaht(totals.adjustments) },
          { label: freightText.total, value: formatBaht(totals.total) },
          signOff(freightText.created, statement.created),
          signOff(freightText.checked, statement.checked),
          signOff(freightText.approved, statement.approved),
        ],
      },
      { type: 'signatures', boxes: [freightText.checked, freightText.approved, freightText.contractorSigns] },
    ],
  });
}
