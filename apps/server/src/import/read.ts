import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { HttpError } from '../http/httpError.ts';
import { tsWorker } from '../tsWorker.ts';
import { csvRows } from './csv.ts';
import type { SheetMessage } from './sheetWorker.ts';

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

/** A sheet row: its number in the sheet and its cells as read. */
export interface SheetRow {
  readonly row: number;
  readonly cells: readonly unknown[];
}

/**
 * A sheet as it is read: the header row, then the data rows a chunk at a time (never the whole
 * sheet in memory), and how much of the file is read so far (0–1, for a progress estimate).
 */
export interface Sheet {
  readonly headers: readonly string[];
  readonly chunks: AsyncIterable<readonly SheetRow[]>;
  readonly read: () => number;
  /** Stops reading (a sheet refused for its headers is never read on). */
  readonly close: () => Promise<void>;
}

/** Sheet rows handed on together (the core checks and writes a chunk at a time). */
const SHEET_CHUNK = 1000;

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

/** Slices the reader pulls one at a time, so the bytes handed over tell how far it has read. */
const SLICE = 256 * 1024;

async function* streamFirstSheet(bytes: Buffer, pulled: { bytes: number }): AsyncGenerator<SheetRow> {
  const slices = (function* () {
    for (let at = 0; at < bytes.length; at += SLICE) {
      pulled.bytes = Math.min(bytes.length, at + SLICE);
      yield bytes.subarray(at, at + SLICE);
    }
  })();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(slices), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // dates are numbers with a date format: the styles tell them apart
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet)
      yield { row: row.number, cells: (row.values as unknown[]).slice(1).map(plain) };
    break; // the first sheet only (the template's second sheet explains the columns)
  }
}

async function* loadFirstSheet(bytes: Buffer): AsyncGenerator<SheetRow> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: SheetRow[] = [];
  workbook.worksheets[0]?.eachRow((row, number) =>
    rows.push({ row: number, cells: (row.values as unknown[]).slice(1).map(plain) }),
  );
  yield* rows;
}

/**
 * An .xlsx streamed (exceljs' streaming reader fails when a sheet is zipped before workbook.xml —
 * some writers, exceljs itself at times, do so: such a file is read whole instead, when the
 * failure comes before the first row). Anything unreadable is a 415.
 */
async function* xlsxRows(bytes: Buffer, pulled: { bytes: number }): AsyncGenerator<SheetRow> {
  let yielded = false;
  try {
    for await (const row of streamFirstSheet(bytes, pulled)) {
      yielded = true;
      yield row;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (yielded) throw unsupported(readMessages.notSpreadsheet);
    try {
      yield* loadFirstSheet(bytes);
    } catch (second) {
      if (second instanceof HttpError) throw second;
      throw unsupported(readMessages.notSpreadsheet);
    }
  }
}

function* csvSheetRows(text: string, at: { row: number }): Generator<SheetRow> {
  for (const cells of csvRows(text)) yield { row: ++at.row, cells };
}

/** The header (the first row with anything in it), then the data rows in chunks, at most 100,000. */
async function sheetOf(
  rows: AsyncIterator<SheetRow> | Iterator<SheetRow>,
  read: () => number,
): Promise<Sheet> {
  let first: IteratorResult<SheetRow>;
  do first = await rows.next();
  while (!first.done && isEmpty(first.value.cells));
  if (first.done) throw new HttpError(422, [readMessages.empty]);
  const headers = first.value.cells.map((c) => String(plain(c) ?? '').trim());
  async function* chunks(): AsyncGenerator<SheetRow[]> {
    let chunk: SheetRow[] = [];
    let count = 0;
    try {
      for (let next = await rows.next(); !next.done; next = await rows.next()) {
        if (isEmpty(next.value.cells)) continue;
        if (++count > MAX_IMPORT_ROWS) throw new HttpError(413, [readMessages.tooManyRows]);
        chunk.push(next.value);
        if (chunk.length === SHEET_CHUNK) {
          yield chunk;
          chunk = [];
        }
      }
      if (chunk.length) yield chunk;
    } finally {
      await rows.return?.();
    }
  }
  return { headers, chunks: chunks(), read, close: async () => void (await rows.return?.()) };
}

/** An .xlsx at least this large is parsed in a worker thread (sheetWorker.ts), beside the checks. */
export const OFF_THREAD_BYTES = 512 * 1024;
/** Sheets parsed in a worker thread so far (for the tests). */
export const sheetReaderStats = { offThread: 0 };

/**
 * Opens the first sheet of an .xlsx with exceljs' streaming reader (row by row, never the whole
 * workbook as objects), or a UTF-8 CSV (with or without BOM). The kind is told by the bytes,
 * not the name; anything else is a 415. Answers once the header is read. A large .xlsx is parsed
 * in a worker thread, so that parsing (a third of an import's CPU) runs on the second core.
 */
export async function readSheet(bytes: Buffer, fileName: string): Promise<Sheet> {
  if (
    bytes.length >= OFF_THREAD_BYTES &&
    bytes.length <= MAX_IMPORT_BYTES &&
    bytes.subarray(0, 4).equals(ZIP)
  )
    return readOffThread(bytes, fileName);
  return readSheetHere(bytes, fileName);
}

/** `readSheet` on this thread. */
export async function readSheetHere(bytes: Buffer, fileName: string): Promise<Sheet> {
  if (bytes.length > MAX_IMPORT_BYTES) throw new HttpError(413, [readMessages.tooLarge]);
  if (bytes.length === 0) throw new HttpError(422, [readMessages.empty]);
  if (bytes.subarray(0, 4).equals(OLE)) throw unsupported(readMessages.oldExcel);
  if (bytes.subarray(0, 4).equals(ZIP)) {
    const pulled = { bytes: 0 };
    return sheetOf(xlsxRows(bytes, pulled), () => pulled.bytes / bytes.length);
  }
  if (bytes.includes(0) || !/\.(csv|txt)$/i.test(fileName)) throw unsupported(readMessages.notSpreadsheet);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unsupported(readMessages.notUtf8);
  }
  // How far: rows read against the lines of the text (a quoted line break makes it an estimate).
  const at = { row: 0 };
  const lines = (text.match(/\n/g)?.length ?? 0) + 1;
  return sheetOf(csvSheetRows(text, at), () => Math.min(1, at.row / lines));
}

/** The sheet parsed by sheetWorker.ts: its messages as the same `Sheet`; the thread ends with the rows. */
async function readOffThread(bytes: Buffer, fileName: string): Promise<Sheet> {
  sheetReaderStats.offThread++;
  const worker = tsWorker(new URL('./sheetWorker.ts', import.meta.url), { workerData: { bytes, fileName } });
  const queue: SheetMessage[] = [];
  let waiting: ((message: SheetMessage) => void) | undefined;
  const deliver = (message: SheetMessage) => {
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(message);
    } else queue.push(message);
  };
  worker.on('message', deliver);
  worker.on('error', (error) => deliver({ type: 'failed', message: String(error) }));
  worker.on('exit', () => deliver({ type: 'failed', message: 'sheet reader stopped' }));
  const next = async (): Promise<SheetMessage> => {
    const message = queue.shift() ?? (await new Promise<SheetMessage>((resolve) => (waiting = resolve)));
    if (message.type === 'refused') throw new HttpError(message.status, [...message.messages]);
    if (message.type === 'failed') throw new Error(message.message);
    return message;
  };
  let read = 0;
  const first = await next().catch(async (error) => {
    await worker.terminate();
    throw error;
  });
  if (first.type !== 'headers') throw new Error('sheet reader: no header');
  async function* chunks(): AsyncGenerator<readonly SheetRow[]> {
    try {
      for (let message = await next(); message.type === 'rows'; message = await next()) {
        read = message.read;
        worker.postMessage('more');
        yield message.rows;
      }
    } finally {
      worker.removeAllListeners('exit');
      await worker.terminate();
    }
  }
  return {
    headers: first.headers,
    chunks: chunks(),
    read: () => read,
    close: () => worker.terminate().then(() => {}),
  };
}
