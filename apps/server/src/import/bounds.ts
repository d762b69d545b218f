import { HttpError } from '../http/httpError.ts';

/**
 * What an import reads at most (docs/import.md "Bounds"): a small file must not expand into work or
 * memory without end. Imported by the sheet reader's thread too: no domain, only HttpError.
 */

const MB = 1024 * 1024;
const count = (n: number) => n.toLocaleString('en-US');

/** Issue 18: at most 20 MB and 100,000 rows per file. */
export const MAX_IMPORT_BYTES = 20 * MB;
/** Rows after the header; every row read counts, empty ones too (issue "Hardening 2", item 6). */
export const MAX_IMPORT_ROWS = 100_000;
/** Excel's own limit of a cell: nothing Excel or the export writes is longer. */
export const MAX_CELL_CHARS = 32_767;
/** Excel's own limit of columns (A to XFD). */
export const MAX_COLUMNS = 16_384;
/** A header cell longer than this names no column (labels are a few dozen characters). */
const HEADER_CELL_CHARS = 256;
/** Decompressed bytes read of each part of an .xlsx (a zip: 300 KB can hold 300 MB of XML). */
export const MAX_SHEET_XML_BYTES = 256 * MB;
export const MAX_SHARED_STRINGS_BYTES = 64 * MB;
export const MAX_OTHER_PART_BYTES = 16 * MB;
/** Entries an .xlsx may list (Excel writes a few dozen). */
export const MAX_ZIP_ENTRIES = 10_000;
/** Characters of a value an answer or report shows back, at most (then "…"). */
export const ECHO_CHARS = 100;

export const readMessages = {
  tooLarge: 'ไฟล์มีขนาดเกิน 20 MB กรุณาแบ่งเป็นหลายไฟล์',
  tooManyRows: `ไฟล์มีเกิน ${count(MAX_IMPORT_ROWS)} แถว (นับแถวว่างด้วย) กรุณาแบ่งเป็นหลายไฟล์`,
  tooManyColumns: `ไฟล์มีเกิน ${count(MAX_COLUMNS)} คอลัมน์`,
  partTooLarge: (part: string, bytes: number) =>
    `ไฟล์ Excel ส่วน ${part} เมื่อแตกออกมามีขนาดเกิน ${count(bytes / MB)} MB กรุณาแบ่งเป็นหลายไฟล์`,
  tooManyEntries: `ไฟล์ Excel มีส่วนประกอบเกิน ${count(MAX_ZIP_ENTRIES)} รายการ`,
  tooMuchMemory: (mb: number) => `การอ่านไฟล์นี้ต้องใช้หน่วยความจำเกิน ${count(mb)} MB กรุณาแบ่งเป็นหลายไฟล์`,
  cellTooLong: (length: number) =>
    `ข้อความในช่องนี้ยาว ${count(length)} ตัวอักษร เกินที่รับได้ ${count(MAX_CELL_CHARS)} ตัวอักษรต่อช่อง`,
  notSpreadsheet: 'ไฟล์นี้ไม่ใช่ไฟล์ Excel (.xlsx) หรือ CSV',
  oldExcel: 'ไฟล์ Excel รุ่นเก่า (.xls) นำเข้าไม่ได้ กรุณาบันทึกเป็น .xlsx ก่อน',
  notUtf8: 'ไฟล์ CSV ต้องเข้ารหัสแบบ UTF-8',
  csvMalformed: (line: number) =>
    `ไฟล์ CSV อ่านไม่ได้ที่บรรทัด ${count(line)}: เครื่องหมาย " เปิดแล้วไม่ได้ปิด หรือมีข้อความต่อท้ายเครื่องหมาย " ที่ปิด`,
  empty: 'ไฟล์ไม่มีข้อมูล',
} as const;

/** A cell longer than it may be: only its length and first characters are kept, never the whole. */
export interface LongCell {
  readonly longCell: number;
  readonly start: string;
}

export const isLongCell = (value: unknown): value is LongCell =>
  typeof value === 'object' && value !== null && 'longCell' in value;

/** A value as an answer shows it back: at most ECHO_CHARS characters, then "…". */
export const shortText = (text: string): string =>
  text.length > ECHO_CHARS ? `${text.slice(0, ECHO_CHARS)}…` : text;

const isBlank = (cell: unknown) =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

export const isEmptyRow = (cells: readonly unknown[]) => cells.every(isBlank);

/**
 * A cell's text as it arrives in pieces (XML text events, CSV characters): kept up to its cap; past
 * it only the length grows and the first ECHO_CHARS characters stay.
 */
export class CellText {
  private text = '';
  private length = 0;
  private cap = 0;

  start(cap: number): void {
    this.text = '';
    this.length = 0;
    this.cap = cap;
  }

  add(piece: string): void {
    this.length += piece.length;
    if (this.length <= this.cap) this.text += piece;
    else if (this.text.length < ECHO_CHARS) this.text += piece.slice(0, ECHO_CHARS - this.text.length);
  }

  value(): string | LongCell {
    return this.length > this.cap
      ? { longCell: this.length, start: this.text.slice(0, ECHO_CHARS) }
      : this.text;
  }
}

/**
 * The bounds a reader applies while it reads, row by row: every row read counts against the row
 * cap (the 100,001st after the header stops the read); the first row with anything in it is the
 * header, and from then on only the columns it names are kept, each cell at most MAX_CELL_CHARS.
 */
export class RowBounds {
  private rows = 0;
  private named: ReadonlySet<number> | undefined;

  /** Characters kept of a cell in `column` (0: the cell is skipped unread). */
  cap(column: number): number {
    if (column >= MAX_COLUMNS) throw new HttpError(413, [readMessages.tooManyColumns]);
    if (this.named === undefined) return HEADER_CELL_CHARS;
    return this.named.has(column) ? MAX_CELL_CHARS : 0;
  }

  /** A row has been read (`cells` by column, possibly sparse). */
  row(cells: readonly unknown[]): void {
    if (++this.rows > MAX_IMPORT_ROWS + 1) throw new HttpError(413, [readMessages.tooManyRows]);
    if (this.named === undefined && !isEmptyRow(cells))
      this.named = new Set(cells.flatMap((cell, column) => (isBlank(cell) ? [] : [column])));
  }
}
