import { StringDecoder } from 'node:string_decoder';
import sax from 'sax';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { HttpError } from '../http/httpError.ts';
import {
  CellText,
  type LongCell,
  MAX_CELL_CHARS,
  MAX_OTHER_PART_BYTES,
  MAX_SHARED_STRINGS_BYTES,
  MAX_SHEET_XML_BYTES,
  MAX_ZIP_ENTRIES,
  type RowBounds,
  readMessages,
} from './bounds.ts';

/**
 * The first sheet of an .xlsx, streamed within bounds (docs/import.md "Bounds"). An .xlsx is a zip
 * of XML parts: yauzl opens the parts by name from the central directory (any order in the zip)
 * and inflates one as a stream, counted against its part's cap; sax parses it as it comes and, unlike
 * exceljs' reader, hands long text over in pieces (64 KB at most), so no cell is ever held whole
 * past its cap. Cells come out as plain values: text, number, boolean, Date (a number formatted as
 * a date), null, or a LongCell.
 */

export interface SheetRow {
  readonly row: number;
  readonly cells: readonly unknown[];
}

type Attributes = Readonly<Record<string, string>>;

interface XmlHandlers {
  open(name: string, attributes: Attributes): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** Without the namespace prefix some writers put on every tag (`x:row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

function xmlParser(handlers: XmlHandlers): sax.SAXParser {
  const parser = sax.parser(true, { trim: false, normalize: false, position: false });
  parser.onopentag = (tag) => handlers.open(local(tag.name), tag.attributes as Attributes);
  if (handlers.text) parser.ontext = parser.oncdata = handlers.text;
  if (handlers.close) parser.onclosetag = (name) => handlers.close!(local(name));
  // OOXML parts have no DTD: one could only be there to expand entities.
  parser.ondoctype = () => {
    throw new Error('DOCTYPE in a workbook part');
  };
  parser.onerror = (error) => {
    throw error;
  };
  return parser;
}

const tooLarge = (part: string, cap: number) => new HttpError(413, [readMessages.partTooLarge(part, cap)]);

/** A part's text as it is inflated, refused past `cap` bytes (before inflating, when it says so). */
async function* partText(
  zip: ZipFile,
  entry: Entry,
  cap: number,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<string> {
  if (entry.uncompressedSize > cap) throw tooLarge(entry.fileName, cap);
  const stream = await zip.openReadStreamPromise(entry);
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > cap) throw tooLarge(entry.fileName, cap);
      onBytes?.(bytes);
      yield decoder.write(chunk);
    }
    yield decoder.end();
  } finally {
    stream.destroy();
  }
}

async function parsePart(zip: ZipFile, entry: Entry | undefined, cap: number, handlers: XmlHandlers) {
  if (!entry) return;
  const parser = xmlParser(handlers);
  for await (const text of partText(zip, entry, cap)) parser.write(text);
  parser.close();
}

/** `Id → Target` of a relationships part, targets resolved against the folder of its source part. */
async function relationships(zip: ZipFile, entries: Map<string, Entry>, source: string) {
  const folder = source.slice(0, source.lastIndexOf('/') + 1);
  const part = `${folder}_rels/${source.slice(folder.length)}.rels`;
  const targets = new Map<string, { target: string; type: string }>();
  await parsePart(zip, entries.get(part), MAX_OTHER_PART_BYTES, {
    open(name, a) {
      if (name !== 'Relationship' || !a.Id || !a.Target) return;
      const target = a.Target.startsWith('/') ? a.Target.slice(1) : normalise(folder + a.Target);
      targets.set(a.Id, { target, type: a.Type ?? '' });
    },
  });
  return targets;
}

function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/'))
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  return parts.join('/');
}

// Built-in number formats that are dates or times: ECMA-376 §18.8.30, East Asian (27–36, 50–58) and Thai (71–81) included.
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81,
]);

/** A custom format is a date's when, outside quotes and brackets, it has a date letter (as exceljs tells). */
const isDateCode = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Which cell styles (`s`, an index into cellXfs) format a number as a date. */
async function dateStyles(zip: ZipFile, entry: Entry | undefined): Promise<boolean[]> {
  const codes = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await parsePart(zip, entry, MAX_OTHER_PART_BYTES, {
    open(name, a) {
      if (name === 'numFmt') codes.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(a.numFmtId ?? 0);
        const code = codes.get(id);
        styles.push(code === undefined ? DATE_FORMAT_IDS.has(id) : isDateCode(code));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** OOXML escapes characters XML cannot carry as `_xHHHH_`. */
const fromXstring = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    : text;

const textOf = (value: string | LongCell) => (typeof value === 'string' ? fromXstring(value) : value);

/**
 * Text made of runs (`<si>`, `<is>`): the `<t>` elements' text, not the phonetic runs (`<rPh>`).
 * `collect` tells whether the current element's text is kept.
 */
class RunText {
  readonly text = new CellText();
  private inPhonetic = false;
  collecting = false;

  open(name: string): void {
    if (name === 'rPh') this.inPhonetic = true;
    else if (name === 't' && !this.inPhonetic) this.collecting = true;
  }

  close(name: string): void {
    if (name === 'rPh') this.inPhonetic = false;
    else if (name === 't') this.collecting = false;
  }
}

/** The shared strings, each kept up to MAX_CELL_CHARS (a longer one as a LongCell). */
async function sharedStrings(zip: ZipFile, entry: Entry | undefined): Promise<(string | LongCell)[]> {
  const strings: (string | LongCell)[] = [];
  const runs = new RunText();
  let inItem = false;
  await parsePart(zip, entry, MAX_SHARED_STRINGS_BYTES, {
    open(name) {
      if (name === 'si') {
        inItem = true;
        runs.text.start(MAX_CELL_CHARS);
      } else if (inItem) runs.open(name);
    },
    text(text) {
      if (runs.collecting) runs.text.add(text);
    },
    close(name) {
      if (name === 'si') {
        inItem = false;
        strings.push(textOf(runs.text.value()));
      } else if (inItem) runs.close(name);
    },
  });
  return strings;
}

/** `AB12` → 27 (columns from 0); a reference without letters → undefined. */
function columnOf(reference: string): number | undefined {
  let column = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return i === 0 ? undefined : column - 1;
}

/** Excel's day serial → a Date (exceljs' `excelToDate`): day 25569 is 1970-01-01, 1462 days later in 1904 mode. */
const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

interface Book {
  readonly shared: readonly (string | LongCell)[];
  readonly dates: readonly boolean[];
  readonly date1904: boolean;
}

/** A cell's `<v>` (or inline text) as a plain value, by its type `t` and style `s`. */
function cellValue(type: string, style: number, raw: string | LongCell, book: Book): unknown {
  if (typeof raw !== 'string') return type === 's' ? null : raw;
  switch (type) {
    case 's':
      return raw === '' ? null : (book.shared[Number(raw)] ?? null);
    case 'inlineStr':
    case 'str':
      return fromXstring(raw);
    case 'b':
      return raw === '1' || raw === 'true';
    case 'e':
      return null;
    case 'd': {
      const date = new Date(raw);
      return Number.isNaN(date.getTime()) ? raw : date;
    }
    default: {
      if (raw.trim() === '') return null;
      const number = Number(raw);
      if (Number.isNaN(number)) return raw;
      return book.dates[style] ? excelDate(number, book.date1904) : number;
    }
  }
}

/** The sheet's rows as they are parsed, within `bounds`, handed to `emit` one by one. */
function sheetParser(book: Book, bounds: RowBounds, emit: (row: SheetRow) => void): sax.SAXParser {
  const value = new CellText();
  const runs = new RunText();
  let row: unknown[] | undefined;
  let rowNumber = 0;
  let column = -1;
  // The cell being read: kept (a column the header names or the header itself), its type and style.
  let kept = false;
  let type = 'n';
  let style = 0;
  let inValue = false;
  let inline = false;
  return xmlParser({
    open(name, a) {
      switch (name) {
        case 'row':
          row = [];
          rowNumber = Number(a.r) || rowNumber + 1;
          column = -1;
          return;
        case 'c': {
          if (!row) return;
          column = (a.r ? columnOf(a.r) : undefined) ?? column + 1;
          const cap = bounds.cap(column);
          kept = cap > 0;
          type = a.t ?? 'n';
          style = a.s ? Number(a.s) : 0;
          value.start(cap);
          runs.text.start(cap);
          return;
        }
        case 'v':
          inValue = kept;
          return;
        case 'is':
          inline = kept;
          return;
        default:
          if (inline) runs.open(name);
      }
    },
    text(text) {
      if (inValue) value.add(text);
      else if (inline && runs.collecting) runs.text.add(text);
    },
    close(name) {
      switch (name) {
        case 'v':
          inValue = false;
          return;
        case 'is':
          inline = false;
          return;
        case 'c':
          if (row && kept) {
            const read = cellValue(
              type,
              style,
              type === 'inlineStr' ? runs.text.value() : value.value(),
              book,
            );
            if (read !== null && read !== '') row[column] = read;
          }
          kept = false;
          return;
        case 'row':
          if (!row) return;
          bounds.row(row);
          emit({ row: rowNumber, cells: row });
          row = undefined;
          return;
        default:
          if (inline) runs.close(name);
      }
    },
  });
}

async function openZip(bytes: Buffer): Promise<{ zip: ZipFile; entries: Map<string, Entry> }> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, strictFileNames: false });
  if (zip.entryCount > MAX_ZIP_ENTRIES) throw new HttpError(413, [readMessages.tooManyEntries]);
  const entries = new Map<string, Entry>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  return { zip, entries };
}

/** The bytes the parts of an .xlsx say they inflate to (0 when it is no zip); cheap: the central directory only. */
export async function inflatedSize(bytes: Buffer): Promise<number> {
  try {
    const { entries } = await openZip(bytes);
    let total = 0;
    for (const entry of entries.values()) total += entry.uncompressedSize;
    return total;
  } catch {
    return 0;
  }
}

/**
 * The first sheet's rows, in batches as the XML arrives, each counted and cut by `bounds` as it is read; `progress` is told the
 * share of the sheet's XML read (0–1). A workbook that cannot be read is a 415; a part over its cap a 413.
 */
export async function* xlsxRows(
  bytes: Buffer,
  bounds: RowBounds,
  progress: (read: number) => void,
): AsyncGenerator<SheetRow[]> {
  try {
    const { zip, entries } = await openZip(bytes);
    const root = await relationships(zip, entries, '');
    const workbookPath =
      [...root.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
    const parts = await relationships(zip, entries, workbookPath);
    let firstSheet: string | undefined;
    let date1904 = false;
    await parsePart(zip, entries.get(workbookPath), MAX_OTHER_PART_BYTES, {
      open(name, a) {
        if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
        else if (name === 'sheet' && firstSheet === undefined) {
          const id = Object.entries(a).find(([key]) => local(key) === 'id' && key.includes(':'))?.[1];
          firstSheet = id ? parts.get(id)?.target : undefined;
        }
      },
    });
    const ofType = (type: string, fallback: string) =>
      entries.get([...parts.values()].find((r) => r.type.endsWith(type))?.target ?? fallback);
    const book: Book = {
      shared: await sharedStrings(zip, ofType('/sharedStrings', 'xl/sharedStrings.xml')),
      dates: await dateStyles(zip, ofType('/styles', 'xl/styles.xml')),
      date1904,
    };
    const sheet = entries.get(firstSheet ?? 'xl/worksheets/sheet1.xml');
    if (!sheet) throw new Error('no sheet');
    const rows: SheetRow[] = [];
    const parser = sheetParser(book, bounds, (row) => rows.push(row));
    const onBytes = (read: number) => progress(Math.min(1, read / Math.max(1, sheet.uncompressedSize)));
    for await (const text of partText(zip, sheet, MAX_SHEET_XML_BYTES, onBytes)) {
      parser.write(text);
      if (rows.length) yield rows.splice(0);
    }
    parser.close();
    yield rows;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(415, [readMessages.notSpreadsheet]);
  }
}
