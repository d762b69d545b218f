import { HttpError } from '../http/httpError.ts';
import { tsWorker } from '../tsWorker.ts';
import { isEmptyRow, isLongCell, MAX_IMPORT_BYTES, RowBounds, readMessages, shortText } from './bounds.ts';
import { csvRows } from './csv.ts';
import type { SheetMessage } from './sheetMessages.ts';
import { inflatedSize, type SheetRow, xlsxRows } from './xlsx.ts';

export type { SheetRow } from './xlsx.ts';

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

/** Sheet rows handed on together (the core checks and writes a chunk at a time)… */
const SHEET_CHUNK = 1000;
/** …or fewer, once they hold this many characters (rows of long cells stay a few MB a chunk). */
const CHUNK_CHARS = 4_000_000;

const unsupported = (message: string) => new HttpError(415, [message]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** A header cell as text (a long one as its start: it names no column). */
const headerText = (cell: unknown) =>
  isLongCell(cell) ? shortText(`${cell.start}…`) : String(cell ?? '').trim();

const charsOf = (cells: readonly unknown[]) => {
  let chars = 0;
  for (const cell of cells) if (typeof cell === 'string') chars += cell.length;
  return chars;
};

type Batches = AsyncIterator<readonly SheetRow[]> | Iterator<readonly SheetRow[]>;

/** The header (the first row with anything in it), then the data rows in chunks; rows arrive in batches. */
async function sheetOf(batches: Batches, read: () => number): Promise<Sheet> {
  let batch: readonly SheetRow[] = [];
  let at = 0;
  let header: SheetRow | undefined;
  while (!header) {
    if (at === batch.length) {
      const next = await batches.next();
      if (next.done) throw new HttpError(422, [readMessages.empty]);
      [batch, at] = [next.value, 0];
    } else if (!isEmptyRow(batch[at]!.cells)) header = batch[at++];
    else at++;
  }
  const headers = Array.from(header.cells, headerText);
  async function* chunks(): AsyncGenerator<SheetRow[]> {
    let chunk: SheetRow[] = [];
    let chars = 0;
    try {
      for (let rows: readonly SheetRow[] = batch.slice(at); ; ) {
        for (const row of rows) {
          if (isEmptyRow(row.cells)) continue;
          chunk.push(row);
          chars += charsOf(row.cells);
          if (chunk.length === SHEET_CHUNK || chars >= CHUNK_CHARS) {
            yield chunk;
            chunk = [];
            chars = 0;
          }
        }
        const next = await batches.next();
        if (next.done) break;
        rows = next.value;
      }
      if (chunk.length) yield chunk;
    } finally {
      await batches.return?.();
    }
  }
  return { headers, chunks: chunks(), read, close: async () => void (await batches.return?.()) };
}

/** A file at least this large (an .xlsx or a CSV), or an .xlsx whose parts inflate to this much, is parsed in a worker thread (sheetWorker.ts). */
export const OFF_THREAD_BYTES = 512 * 1024;
const OFF_THREAD_INFLATED = 4 * 1024 * 1024;
/** The sheet reader thread's heap, at most. */
const READER_HEAP_MB = 512;
/** Sheets parsed in a worker thread so far (for the tests). */
export const sheetReaderStats = { offThread: 0 };

/**
 * Opens the first sheet of an .xlsx (xlsx.ts: streamed, row by row, never the whole workbook), or
 * a UTF-8 CSV (with or without BOM), within the bounds of bounds.ts. The kind is told by the bytes,
 * not the name; anything else is a 415. Answers once the header is read. A large file of either
 * kind, or a small .xlsx that inflates to much, is parsed in a worker thread, so that parsing (a
 * third of an import's CPU; a CSV's decoding and a long field's assembly are single steps) runs on
 * the second core and never on the event loop's.
 */
export async function readSheet(bytes: Buffer, fileName: string): Promise<Sheet> {
  // Takes `bytes`: a large file's memory moves to the reader's thread (readOffThread).
  if (
    bytes.length <= MAX_IMPORT_BYTES &&
    (bytes.length >= OFF_THREAD_BYTES ||
      (bytes.subarray(0, 4).equals(ZIP) && (await inflatedSize(bytes)) >= OFF_THREAD_INFLATED))
  )
    return readOffThread(bytes, fileName);
  return readSheetHere(bytes, fileName);
}

/** `readSheet` on this thread. */
export async function readSheetHere(bytes: Buffer, fileName: string): Promise<Sheet> {
  if (bytes.length > MAX_IMPORT_BYTES) throw new HttpError(413, [readMessages.tooLarge]);
  if (bytes.length === 0) throw new HttpError(422, [readMessages.empty]);
  if (bytes.subarray(0, 4).equals(OLE)) throw unsupported(readMessages.oldExcel);
  const bounds = new RowBounds();
  if (bytes.subarray(0, 4).equals(ZIP)) {
    let read = 0;
    return sheetOf(
      xlsxRows(bytes, bounds, (share) => (read = share)),
      () => read,
    );
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
  const batches = (async function* () {
    const batch: SheetRow[] = [];
    for await (const cells of csvRows(text, bounds)) {
      batch.push({ row: ++at.row, cells });
      if (batch.length === SHEET_CHUNK) yield batch.splice(0);
    }
    yield batch;
  })();
  return sheetOf(batches, () => Math.min(1, at.row / lines));
}

/** The sheet parsed by sheetWorker.ts: its messages as the same `Sheet`; the thread ends with the rows. */
async function readOffThread(bytes: Buffer, fileName: string): Promise<Sheet> {
  sheetReaderStats.offThread++;
  // A file that owns its whole memory (a large upload does) moves to the thread instead of being
  // copied there: copying 20 MB holds the event loop for a tenth of a second. It is unusable here after.
  const memory = bytes.buffer;
  const owned =
    memory instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === memory.byteLength;
  const worker = tsWorker(new URL('./sheetWorker.ts', import.meta.url), {
    workerData: { bytes, fileName },
    transferList: owned ? [memory] : [],
    // A backstop behind the bounds: a reader past this heap ends alone, never the server.
    resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
  });
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
  worker.on('error', (error) =>
    deliver(
      (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? { type: 'refused', status: 413, messages: [readMessages.tooMuchMemory(READER_HEAP_MB)] }
        : { type: 'failed', message: String(error) },
    ),
  );
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
