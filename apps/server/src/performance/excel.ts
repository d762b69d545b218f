import {
  type FigureTable,
  type PerformanceAnswer,
  type Period,
  performanceTables,
  periodWords,
} from '@lms/domain';
import ExcelJS from 'exceljs';
import { sheetName } from '../crud/sheetName.ts';
import { spreadsheetRow } from '../crud/spreadsheetText.ts';

/**
 * The performance figures as a workbook (docs/performance-figures.md): the period on top of each
 * sheet, then one table of the domain's `performanceTables` per sheet, numbers as numbers and
 * "nothing to judge" as an empty cell. ExcelJS, as the lists' and the freight statement's export.
 */
/** Excel's format of `formatChange`: signed, one decimal. */
const CHANGE_FORMAT = '+#,##0.0;-#,##0.0;0.0';

export function performanceWorkbook(
  answer: PerformanceAnswer,
  branchLabel: string,
  buddhistEra: boolean,
): Promise<Buffer> {
  return figuresWorkbook(performanceTables(answer), answer, branchLabel, buddhistEra);
}

/** Any of the domain's figure tables (one branch's, or several branches' `branchesTables`) as the workbook above. */
export async function figuresWorkbook(
  tables: readonly FigureTable[],
  answer: { period: Period; previousPeriod: Period },
  branchLabel: string,
  /** The company's era of paper (settings/company.ts), as printed documents and the freight statement's workbook. */
  buddhistEra: boolean,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LMS';
  for (const table of tables) {
    const sheet = workbook.addWorksheet(sheetName(table.title));
    sheet.addRow(spreadsheetRow([`${table.title} ${branchLabel}`])).font = { bold: true };
    sheet.addRow(
      spreadsheetRow([
        'ช่วงนี้',
        answer.period.from,
        answer.period.to,
        periodWords(answer.period, { buddhistEra }),
      ]),
    );
    // The period before is the month before for a month (`previousPeriod`); its words say which.
    sheet.addRow(
      spreadsheetRow([
        'ช่วงก่อน',
        answer.previousPeriod.from,
        answer.previousPeriod.to,
        periodWords(answer.previousPeriod, { buddhistEra }),
      ]),
    );
    // The days counted, in a period still running (FigureTable's note); an empty row otherwise, so the table starts on row 5 either way.
    sheet.addRow(table.note ? spreadsheetRow([table.note]) : []);
    sheet.addRow(spreadsheetRow([...table.columns])).font = { bold: true };
    for (const row of table.rows) sheet.addRow(spreadsheetRow(row.map((cell) => cell ?? undefined)));
    sheet.columns.forEach((column, index) => {
      column.width = index === 0 ? 40 : 16;
      // A change from the period before, signed as the screen shows it (formatChange).
      if (table.changeColumns?.includes(index)) column.numFmt = CHANGE_FORMAT;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
