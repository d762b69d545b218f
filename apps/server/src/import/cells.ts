import { type FieldDef, validationMessages as m, unknownFieldType } from '@lms/domain';
import { fromSpreadsheetText } from '../crud/spreadsheetText.ts';
import { isLongCell, readMessages } from './bounds.ts';

/**
 * One cell as people write it → the value the domain schema takes. The export writes the same
 * forms (flags as ใช่/ไม่ใช่, options by their Thai label, references as `code: name`), so an
 * exported file reads back as it was. References stay text here: they are resolved in bulk
 * (references.ts).
 */
export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

const ok = (value: unknown): Parsed => ({ ok: true, value });
const fail = (error: string): Parsed => ({ ok: false, error });

const TRUE = new Set(['ใช่', 'true', '1', 'y', 'yes']);
const FALSE = new Set(['ไม่ใช่', 'false', '0', 'n', 'no']);

/** Years above this are Buddhist Era (พ.ศ. = ค.ศ. + 543): 2400 BE is 1857 CE, before any record. */
const BUDDHIST_FROM = 2400;
const BE_OFFSET = 543;

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell value as read (xlsx.ts or CSV) → trimmed text, `''` for nothing; an over-long cell's start. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (isLongCell(value)) return `${value.start}…`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return String(value).trim();
}

function isoDay(year: number, month: number, day: number): string | undefined {
  const y = year >= BUDDHIST_FROM ? year - BE_OFFSET : year;
  const date = new Date(Date.UTC(y, month - 1, day));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return `${String(y).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** Excel's day serial (1900 system): day 25569 is 1970-01-01. */
const fromSerial = (serial: number) => new Date(Math.round((serial - 25569) * 86400000));

function parseDate(value: unknown): string | undefined {
  if (value instanceof Date)
    return isoDay(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  if (typeof value === 'number') return parseDate(fromSerial(value));
  const text = cellText(value);
  const iso = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const thai = text.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/);
  if (thai) return isoDay(Number(thai[3]), Number(thai[2]), Number(thai[1]));
  return undefined;
}

function parseTime(value: unknown): string | undefined {
  // Excel keeps a time as a fraction of a day; exceljs reads it as a date on 1899-12-30 (UTC).
  if (value instanceof Date) return `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
  if (typeof value === 'number' && value >= 0 && value < 1) {
    const minutes = Math.round(value * 1440);
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  const match = cellText(value).match(/^(\d{1,2})[:.](\d{2})(?::\d{2})?$/);
  if (!match) return undefined;
  const [h, mm] = [Number(match[1]), Number(match[2])];
  return h < 24 && mm < 60 ? `${pad(h)}:${pad(mm)}` : undefined;
}

/** `1,234.50` and ` 1 234.5 ` → 1234.5; anything else → undefined. */
function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const text = cellText(value).replace(/[,\s]/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined;
  return Number(text);
}

/** `a, b,c` → ['a', 'b', 'c'] (the export joins lists with `, `). */
export const listItems = (value: unknown): string[] =>
  cellText(value)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Parses one cell for its field; an empty cell is `null` (the schema says whether that is allowed). */
export function parseCell(field: FieldDef, written: unknown): Parsed {
  if (isLongCell(written)) return fail(readMessages.cellTooLong(written.longCell));
  // A text the export kept from being read as a formula ('=…) reads back as it was.
  const value = typeof written === 'string' ? fromSpreadsheetText(written.trim()) : written;
  if (typeof value === 'string' ? value.trim() === '' : value === null || value === undefined)
    return ok(field.type === 'refs' || field.type === 'weekdays' || field.type === 'roles' ? [] : null);
  switch (field.type) {
    case 'integer':
    case 'decimal': {
      const number = parseNumber(value);
      return number === undefined ? fail(m.number(field.label)) : ok(number);
    }
    case 'boolean': {
      if (typeof value === 'boolean') return ok(value);
      const text = cellText(value).toLowerCase();
      if (TRUE.has(text)) return ok(true);
      if (FALSE.has(text)) return ok(false);
      return fail(m.boolean(field.label));
    }
    case 'date': {
      const day = parseDate(value);
      return day ? ok(day) : fail(m.date(field.label));
    }
    case 'time': {
      const time = parseTime(value);
      return time ? ok(time) : fail(m.time(field.label));
    }
    case 'datetime':
      return ok(value instanceof Date ? value.toISOString() : cellText(value));
    case 'enum': {
      const text = cellText(value);
      const option = field.options?.find((o) => o.value === text || o.label === text);
      return option ? ok(option.value) : fail(m.oneOf(field.label));
    }
    case 'refs':
    case 'roles':
      return ok(listItems(value));
    case 'weekdays': {
      const days = listItems(value).map(Number);
      return days.every((d) => Number.isInteger(d)) ? ok(days) : fail(m.weekdays(field.label));
    }
    case 'string':
    case 'text':
      // A code typed as a number (00123 is the user's to quote); dates written into text keep their day.
      return ok(value instanceof Date ? value.toISOString().slice(0, 10) : cellText(value));
    case 'ref':
      return ok(cellText(value));
    case 'file':
    case 'image':
    case 'attachments':
      // Not import columns (exportedFields): a cell cannot carry a file.
      return fail(m.list(field.label));
    default:
      return unknownFieldType(field.type);
  }
}
