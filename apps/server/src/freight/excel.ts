import {
  type FreightStatement,
  formatMonth,
  freightStateLabel,
  freightText,
  tripRateText,
} from '@lms/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { sheetName } from '../crud/sheetName.ts';
import { spreadsheetRow } from '../crud/spreadsheetText.ts';

/**
 * The statement as a workbook for accounting (docs/freight.md): one sheet, its header, the trips,
 * the adjustments and the totals, numbers as numbers (baht to the satang) and days as dates, every
 * text through `spreadsheetRow` (a reason typed as `=…` stays text). ExcelJS, as the lists' export.
 */

const MONEY = '#,##0.00';
const KM = '#,##0.00';
const DAY = 'dd/mm/yyyy';

/** An ISO day as a spreadsheet date (UTC midnight: Excel dates have no time zone). */
const dayCell = (day: string) => new Date(`${day}T00:00:00Z`);
/** An instant as Bangkok's wall-clock time (UTC+7 all year), for the same reason. */
const bangkokCell = (at: string) => new Date(Date.parse(at) + 7 * 60 * 60 * 1000);

export async function freightWorkbook(statement: FreightStatement, buddhistEra: boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LMS';
  const sheet = workbook.addWorksheet(sheetName(statement.number));
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
  };
  const { totals } = statement;

  bold(sheet.addRow([freightText.title]));
  for (const [label, value] of [
    [freightText.number, statement.number],
    [freightText.branch, statement.branchLabel],
    [freightText.contractor, statement.contractorLabel],
    [freightText.month, formatMonth(statement.month, { buddhistEra })],
    [freightText.state, freightStateLabel(statement.state)],
  ] as const)
    sheet.addRow(spreadsheetRow([label, value]));
  sheet.addRow([]);

  bold(sheet.addRow([freightText.trips]));
  bold(
    sheet.addRow([
      freightText.line,
      freightText.day,
      freightText.shipment,
      freightText.plate,
      freightText.vehicleType,
      freightText.driver,
      freightText.drops,
      freightText.distance,
      freightText.tier,
      freightText.distanceFee,
      freightText.extraDrops,
      freightText.extraDropFee,
      freightText.fee,
      freightText.late,
    ]),
  );
  statement.trips.forEach((trip, i) => {
    const row = sheet.addRow(
      spreadsheetRow([
        i + 1,
        dayCell(trip.day),
        trip.docNo,
        trip.licensePlate,
        trip.vehicleTypeLabel,
        trip.driverName,
        trip.drops,
        trip.distanceKm,
        tripRateText(trip),
        trip.distanceFee,
        trip.extraDrops,
        trip.extraDropFee,
        trip.fee,
        trip.late ? 'ใช่' : '',
      ]),
    );
    row.getCell(2).numFmt = DAY;
    row.getCell(8).numFmt = KM;
    for (const cell of [10, 12, 13]) row.getCell(cell).numFmt = MONEY;
  });
  const tripTotal = sheet.addRow([
    freightText.tripCount,
    totals.trips,
    '',
    '',
    '',
    '',
    '',
    totals.distanceKm,
  ]);
  tripTotal.getCell(13).value = totals.tripFees;
  tripTotal.getCell(8).numFmt = KM;
  tripTotal.getCell(13).numFmt = MONEY;
  bold(tripTotal);
  sheet.addRow([]);

  bold(sheet.addRow([freightText.adjustments]));
  bold(
    sheet.addRow([
      freightText.line,
      freightText.day,
      freightText.reason,
      freightText.adjustedBy,
      freightText.amount,
    ]),
  );
  statement.adjustments.forEach((adjustment, i) => {
    const row = sheet.addRow(
      spreadsheetRow([
        i + 1,
        bangkokCell(adjustment.at),
        adjustment.reason,
        adjustment.userLabel,
        adjustment.amount,
      ]),
    );
    row.getCell(2).numFmt = 'dd/mm/yyyy hh:mm';
    row.getCell(5).numFmt = MONEY;
  });
  sheet.addRow([]);

  for (const [label, value] of [
    [freightText.tripFees, totals.tripFees],
    [freightText.adjustmentsTotal, totals.adjustments],
    [freightText.total, totals.total],
  ] as const) {
    const row = sheet.addRow([label, value]);
    row.getCell(2).numFmt = MONEY;
    if (label === freightText.total) bold(row);
  }
  sheet.columns.forEach((column, i) => {
    column.width = [6, 14, 18, 12, 18, 18, 8, 12, 24, 16, 10, 16, 16, 14][i] ?? 12;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The workbook as an attachment named by the statement's number. */
export function sendWorkbook(reply: FastifyReply, name: string, bytes: Buffer) {
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'Content-Disposition',
      `attachment; filename="${name}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`,
    )
    .send(bytes);
}
