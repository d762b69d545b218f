import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { HttpError } from '../http/errors.ts';
import { csvRows } from './csv.ts';

/** Issue 18: at most 20 MB and 100,000 rows per file. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

export const readMessages = {
  tooLarge: 'ไฟล์มีขนาดเกิน 20 MB กรุณาแบ่งเป็นหลายไฟล์',
  tooManyRows: `ไฟล์มีข้อมูลเกิน ${MAX_IMPORT_ROWS.toLocaleString('en-US')} แถว กรุณาแบ่งเป็นหลายไฟล์`,
  notSpreadsheet: 'ไฟล์นี้ไม่ใช่ไฟล์ Excel (.xlsx) หรือ CSV',
  oldExcel: 'ไฟล์ Excel รุ่นเก่า (.xls) นำเข้าไม่ได้ กรุณาบันทึกเป็น .xlsx ก่อน',
  notUtf8: 'ไฟล์ CSV ต้องเข้ารหัสแบบ UTF-8',
  empty: 'ไฟล์ไม่มีข้อมูล',
} as const;

/** A sheet as text-ish cells: the header row and the data rows with their sheet row numbers. */
export interface Sheet {
  readonly headers: readonly string[];
  readonly rows: readonly { readonly row: number; readonly cells: readonly unknown[] }[];
}

const unsupported = (message: string) => new HttpError(415, [message]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** A cell as exceljs reads it → a plain value: a formula's cached result, rich text's text. */
function plain(value: unknown): unknown {
  if (value === null || value === undefined || typeof value !== 'object' || value instanceof Date)
    return value;
  const v = value as Record<string, unknown>;
  if ('result' in v || 'formula' in v || 'sharedFormula' in v) return plain(v.result);
  if (Array.isArray(v.richText)) return (v.richText as { text: string }[]).map((r) => r.text).join('');
  if ('text' in v) return plain(v.text);
  if ('error' in v) return null;
  return String(value);
}

const isEmpty = (cells: readonly unknown[]) =>
  cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));

class Collector {
  headers: string[] | undefined;
  rows: { row: number; cells: unknown[] }[] = [];
  add(row: number, cells: unknown[]) {
    if (isEmpty(cells)) return;
    if (!this.headers) {
      this.headers = cells.map((c) => String(plain(c) ?? '').trim());
      return;
    }
    if (this.rows.length >= MAX_IMPORT_ROWS) throw new HttpError(413, [readMessages.tooManyRows]);
    this.rows.push({ row, cells });
  }
  sheet(): Sheet {
    if (!this.headers) throw new HttpError(422, [readMessages.empty]);
    return { headers: this.headers, rows: this.rows };
  }
}

async function streamFirstSheet(bytes: Buffer, collector: Collector): Promise<void> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // dates are numbers with a date format: the styles tell them apart
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet)
      collector.add(row.number, (row.values as unknown[]).slice(1).map(plain));
    break; // the first sheet only (the template's second sheet explains the columns)
  }
}

async function loadFirstSheet(bytes: Buffer, collector: Collector): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  workbook.worksheets[0]?.eachRow((row, number) =>
    collector.add(number, (row.values as unknown[]).slice(1).map(plain)),
  );
}

/**
 * Reads the first sheet of an .xlsx with exceljs' streaming reader (row by row, never the whole
 * workbook as objects), or a UTF-8 CSV (with or without BOM). The kind is told by the bytes,
 * not the name; anything else is a 415.
 */
export async function readSheet(bytes: Buffer, fileName: string): Promise<Sheet> {
  if (bytes.length > MAX_IMPORT_BYTES) throw new HttpError(413, [readMessages.tooLarge]);
  if (bytes.length === 0) throw new HttpError(422, [readMessages.empty]);
  if (bytes.subarray(0, 4).equals(OLE)) throw unsupported(readMessages.oldExcel);
  const collector = new Collector();
  if (bytes.subarray(0, 4).equals(ZIP)) {
    try {
      await streamFirstSheet(bytes, collector);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // exceljs' streaming reader fails when a sheet is zipped before workbook.xml (some writers,
      // exceljs itself at times, do): such a file is read whole instead.
      try {
        const fallback = new Collector();
        await loadFirstSheet(bytes, fallback);
        return fallback.sheet();
      } catch (second) {
        if (second instanceof HttpError) throw second;
        throw unsupported(readMessages.notSpreadsheet);
      }
    }
    return collector.sheet();
  }
  if (bytes.includes(0) || !/\.(csv|txt)$/i.test(fileName)) throw unsupported(readMessages.notSpreadsheet);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unsupported(readMessages.notUtf8);
  }
  let number = 0;
  for (const cells of csvRows(text)) collector.add(++number, cells);
  return collector.sheet();
}
