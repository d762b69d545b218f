import {
  type ChildDef,
  type DateFormatOptions,
  type FieldDef,
  formatDate,
  formatDateTime,
  formatNumber,
  formatQuantityNumber,
  formatTime,
  type HistoryNoteDef,
  optionLabel,
  refLabelName,
  roleLabel,
  unitName,
  unknownFieldType,
} from '@lms/domain';

/** How a field's value reads on screen (lists, detail, history): one function for every entity. */

export const weekdayLabels = ['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์', 'เสาร์'] as const;
export const YES = 'ใช่';
export const NO = 'ไม่ใช่';
export const EMPTY = '-';
export const attachmentCount = (count: number) => `${count.toLocaleString('th-TH')} ไฟล์`;

/** `branchIds` → `branchLabels`: the labels the server answers with a `refs` field. */
export const refsLabelName = (fieldName: string) => refLabelName(fieldName).replace(/Label$/, 'Labels');

/** Reference ids → labels, as a history entry answers them (`labels`). */
export type LabelLookup = Readonly<Record<string, string>>;

/**
 * A bare value of the field's type (history entries carry ids, with their `labels` beside them).
 * A reference without a known label reads `-`: a user never sees an internal id (issue 23).
 */
export function formatRaw(
  field: FieldDef | undefined,
  raw: unknown,
  labels: LabelLookup = {},
  dates: DateFormatOptions = {},
): string {
  if (raw === null || raw === undefined || raw === '') return EMPTY;
  if (!field) return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
  switch (field.type) {
    case 'ref':
      return labels[String(raw)] ?? EMPTY;
    case 'boolean':
      return raw ? YES : NO;
    case 'enum':
      return optionLabel(field.options, raw) ?? String(raw);
    case 'date':
      return formatDate(String(raw), dates) || EMPTY;
    case 'time':
      return formatTime(String(raw)) || String(raw).slice(0, 5);
    case 'datetime':
      return formatDateTime(String(raw), dates) || EMPTY;
    case 'decimal':
      return field.quantity
        ? formatQuantityNumber(field.quantity, raw as number)
        : formatNumber(raw as number, field.scale ?? 2);
    case 'integer':
      return formatNumber(raw as number, 0);
    case 'weekdays':
      return Array.isArray(raw) && raw.length > 0
        ? raw.map((day) => weekdayLabels[Number(day)] ?? day).join(', ')
        : EMPTY;
    case 'roles':
      return Array.isArray(raw) && raw.length > 0
        ? raw.map((role) => roleLabel(String(role))).join(', ')
        : EMPTY;
    case 'refs':
      return Array.isArray(raw) && raw.length > 0
        ? raw.map((id) => labels[String(id)] ?? EMPTY).join(', ')
        : EMPTY;
    case 'file':
    case 'image':
      return 'มีไฟล์แนบ';
    case 'attachments':
      // Names need a call per file (spec §7 file/info): the detail shows them, a list counts them.
      return Array.isArray(raw) && raw.length > 0 ? attachmentCount(raw.length) : EMPTY;
    case 'string':
    case 'text':
      return field.format === 'unit' ? unitName(String(raw)) : String(raw);
    default:
      return unknownFieldType(field.type);
  }
}

/** Child rows as one line each (history entries): `ประเภทรถ: 4W: กระบะ, …; …`. */
export function formatChildRows(
  child: ChildDef,
  raw: unknown,
  labels: LabelLookup = {},
  dates: DateFormatOptions = {},
): string {
  if (!Array.isArray(raw) || raw.length === 0) return EMPTY;
  return raw
    .map((row: Record<string, unknown>) =>
      child.fields
        .filter((field) => row?.[field.name] !== undefined && row[field.name] !== null)
        .map((field) => `${field.label}: ${formatRaw(field, row[field.name], labels, dates)}`)
        .join(', '),
    )
    .join('; ');
}

/**
 * A field of a record, with the reference labels the server answered (`provinceLabel`, `branchLabels`);
 * dates in the user's era (`useBuddhistEra`).
 */
export function formatField(
  field: FieldDef,
  record: Readonly<Record<string, unknown>>,
  dates: DateFormatOptions = {},
): string {
  const raw = record[field.name];
  if (field.type === 'ref') {
    const label = record[refLabelName(field.name)];
    return typeof label === 'string' && label !== '' ? label : formatRaw(field, raw, {}, dates);
  }
  if (field.type === 'refs') {
    const labels = record[refsLabelName(field.name)];
    if (Array.isArray(labels) && labels.length > 0) return labels.join(', ');
  }
  return formatRaw(field, raw, {}, dates);
}

/** Numbers read right-aligned in lists. */
export const isNumeric = (field: FieldDef) => field.type === 'integer' || field.type === 'decimal';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A note's words: a list joined by commas, `name: value` pairs, numbers as on screen, never an id. */
function noteText(raw: unknown): string {
  if (raw === null || raw === undefined || raw === '') return EMPTY;
  if (Array.isArray(raw)) return raw.length > 0 ? raw.map(noteText).join(', ') : EMPTY;
  if (typeof raw === 'object')
    return Object.entries(raw)
      .map(([name, value]) => `${name}: ${noteText(value)}`)
      .join(', ');
  if (typeof raw === 'number') return formatNumber(raw, Number.isInteger(raw) ? 0 : 2);
  if (typeof raw === 'boolean') return raw ? YES : NO;
  return UUID.test(String(raw)) ? EMPTY : String(raw);
}

/**
 * A history note's value (`EntityDef.historyNotes`, what a write records beside the fields): a
 * Bangkok `YYYY-MM-DD HH:mm` in the screen's date format, a phone's fix as its coordinates and
 * accuracy, anything else as words.
 */
export function formatHistoryNote(note: HistoryNoteDef, raw: unknown, dates: DateFormatOptions = {}): string {
  if (note.format === 'dateTime' && typeof raw === 'string') {
    const [date = '', time = ''] = raw.split(' ');
    const day = formatDate(date, dates);
    return day === EMPTY ? raw : `${day} ${time}`.trim();
  }
  if (note.format === 'position' && raw !== null && typeof raw === 'object' && 'lat' in raw && 'lon' in raw) {
    const { lat, lon, accuracy } = raw as { lat: number; lon: number; accuracy?: number };
    const within = typeof accuracy === 'number' ? ` (±${formatNumber(accuracy, 0)} ม.)` : '';
    return `${formatNumber(lat, 5)}, ${formatNumber(lon, 5)}${within}`;
  }
  return noteText(raw);
}
