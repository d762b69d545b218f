import ExcelJS from 'exceljs';

/** Every cell value of every sheet of a workbook, row by row (numbers stay numbers). */
export async function workbookCells(bytes: ArrayBuffer | Uint8Array): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  return workbook.worksheets.flatMap((sheet) => {
    const values: unknown[] = [];
    sheet.eachRow((row) => values.push(...(row.values as unknown[]).slice(1)));
    return values;
  });
}
