import { LIMITS } from '../constants.ts';
import { maxLengthOf } from '../entities/fields.ts';
import { MESSAGES } from '../messages.ts';
import { isValidIsoDate, isValidTime } from '../rules/dateFormat.ts';
import { boundMessages, INPUT_BOUNDS } from '../rules/inputBounds.ts';
import { type FilterDef, filterLabel, filtersFor } from './filters.ts';
import type { EntityDef, FieldDef, FieldType, SortDef } from './types.ts';

/** Validation of a list request's query (api.md): paging, sorting and the derived filters. */

export type FilterValue = string | number | boolean | readonly string[] | readonly number[];

export interface ListQuery {
  readonly page: number;
  readonly size: number;
  readonly sort: readonly SortDef[];
  readonly filters: Readonly<Record<string, FilterValue>>;
  /** The acting branch of a branch-owned entity (api.md: query `branchId`). */
  readonly branchId?: string;
}

export type ListQueryResult = { ok: true; value: ListQuery } | { ok: false; messages: string[] };

export type RawQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Types stored as one column of the row: a list sorts by them, a bulk action sets them. */
export const SORTABLE_TYPES: ReadonlySet<FieldType> = new Set([
  'string',
  'integer',
  'decimal',
  'boolean',
  'date',
  'time',
  'datetime',
  'enum',
  'ref',
]);

/** Fields a list may be sorted by: one-value fields (a reference sorts by its label on the server). */
export function sortableFields(entity: EntityDef): readonly FieldDef[] {
  return entity.fields.filter((field) => SORTABLE_TYPES.has(field.type));
}

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function valuesOf(raw: string | readonly string[] | undefined): string[] {
  const list = raw === undefined ? [] : typeof raw === 'string' ? [raw] : [...raw];
  return list.map((value) => value.trim()).filter((value) => value !== '');
}

/**
 * The longest value a filter takes: a field's own length for its text, the search's for the
 * search; every other value (ids, numbers, dates, flags) is short whatever it is.
 */
export function filterValueLength(filter: FilterDef, field: FieldDef | undefined): number {
  if (filter.kind === 'search') return INPUT_BOUNDS.searchTermLength;
  const text = field && (field.type === 'string' || field.type === 'text') ? maxLengthOf(field) : undefined;
  return text ?? INPUT_BOUNDS.filterValueLength;
}

/**
 * The bound a filter's values break, checked before any value is parsed or searched for. A filter
 * is named by its label on the filter panel (`filterLabel`): a link's parameter is a user's filter.
 */
function boundBroken(
  label: string,
  filter: FilterDef,
  field: FieldDef | undefined,
  texts: readonly string[],
) {
  if (texts.length > INPUT_BOUNDS.queryValueCount)
    return boundMessages.tooMany(label, INPUT_BOUNDS.queryValueCount, texts.length);
  const max = filterValueLength(filter, field);
  const longest = texts.reduce((most, text) => Math.max(most, text.length), 0);
  return longest > max ? boundMessages.tooLong(label, max, longest) : undefined;
}

type Parsed = { ok: true; value: string | number | boolean } | { ok: false };

function parseValue(filter: FilterDef, field: FieldDef | undefined, text: string): Parsed {
  switch (filter.valueType) {
    case 'integer':
      return INTEGER.test(text) && Number.isSafeInteger(Number(text))
        ? { ok: true, value: Number(text) }
        : { ok: false };
    case 'decimal':
      return DECIMAL.test(text) ? { ok: true, value: Number(text) } : { ok: false };
    case 'boolean':
      return text === 'true' || text === 'false' ? { ok: true, value: text === 'true' } : { ok: false };
    case 'date':
      return isValidIsoDate(text) ? { ok: true, value: text } : { ok: false };
    case 'time':
      return isValidTime(text) ? { ok: true, value: text.slice(0, 5) } : { ok: false };
    case 'datetime':
      return DATETIME.test(text) && !Number.isNaN(Date.parse(text))
        ? { ok: true, value: text }
        : { ok: false };
    case 'enum':
      return field?.options?.some((option) => option.value === text)
        ? { ok: true, value: text }
        : { ok: false };
    default:
      return { ok: true, value: text };
  }
}

const expected: Readonly<Record<FilterDef['valueType'], string>> = {
  string: 'ข้อความ',
  enum: 'ค่าหนึ่งในรายการ',
  integer: 'จำนวนเต็ม',
  decimal: 'ตัวเลข',
  boolean: 'ค่า true หรือ false',
  date: 'วันที่ yyyy-MM-dd',
  time: 'เวลา HH:mm',
  datetime: 'วันเวลา ISO 8601',
};

function parseSort(entity: EntityDef, texts: string[], messages: string[]): SortDef[] {
  const sortable = new Set(sortableFields(entity).map((field) => field.name));
  const sort: SortDef[] = [];
  for (const text of texts) {
    if (text.length > INPUT_BOUNDS.filterValueLength) {
      messages.push(boundMessages.tooLong('sort', INPUT_BOUNDS.filterValueLength, text.length));
      continue;
    }
    const [field = '', direction = 'asc', ...extra] = text.split(',').map((part) => part.trim());
    if (extra.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
      messages.push(`sort "${text}" ต้องอยู่ในรูปแบบ field,asc หรือ field,desc`);
    } else if (!sortable.has(field)) {
      messages.push(`เรียงลำดับตาม "${field}" ไม่ได้`);
    } else {
      sort.push({ field, direction });
    }
  }
  return sort;
}

function parseIntParam(
  name: string,
  texts: string[],
  fallback: number,
  min: number,
  max: number,
  messages: string[],
) {
  if (texts.length === 0) return fallback;
  const [text = ''] = texts;
  const value = Number(text);
  if (texts.length > 1 || !INTEGER.test(text) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `ตั้งแต่ ${min} ขึ้นไป` : `ตั้งแต่ ${min} ถึง ${max}`;
    messages.push(`${name} ต้องเป็นจำนวนเต็ม${range}`);
    return fallback;
  }
  return value;
}

function checkRanges(
  entity: EntityDef,
  filters: readonly FilterDef[],
  values: Record<string, FilterValue>,
  messages: string[],
): void {
  for (const from of filters.filter((filter) => filter.kind === 'from')) {
    const to = filters.find((filter) => filter.kind === 'to' && filter.field === from.field);
    if (!to) continue;
    const low = values[from.param];
    const high = values[to.param];
    if (low === undefined || high === undefined) continue;
    const after =
      from.valueType === 'datetime' ? Date.parse(String(low)) > Date.parse(String(high)) : low > high;
    if (after) messages.push(`${filterLabel(entity, from)} ต้องไม่มากกว่า ${filterLabel(entity, to)}`);
  }
}

/** Validates a list query; unknown parameters are named in the error (the server answers 400). */
export function validateListQuery(entity: EntityDef, query: RawQuery): ListQueryResult {
  const messages: string[] = [];
  const filters = filtersFor(entity);
  const byParam = new Map(filters.map((filter) => [filter.param, filter]));
  const reserved = new Set(['page', 'size', 'sort', ...(entity.branchOwned ? ['branchId'] : [])]);
  const unknown = Object.keys(query).filter((key) => !reserved.has(key) && !byParam.has(key));
  if (unknown.length > 0) messages.push(`ไม่รู้จักพารามิเตอร์: ${unknown.join(', ')}`);

  const page = parseIntParam('page', valuesOf(query.page), 0, 0, Number.MAX_SAFE_INTEGER, messages);
  const size = parseIntParam(
    'size',
    valuesOf(query.size),
    LIMITS.listPageSizeDefault,
    1,
    LIMITS.listPageSizeMax,
    messages,
  );
  if (page * size > INPUT_BOUNDS.listOffset) messages.push(boundMessages.tooDeep(INPUT_BOUNDS.listOffset));
  const sortTexts = valuesOf(query.sort);
  if (sortTexts.length > INPUT_BOUNDS.sortKeys)
    messages.push(boundMessages.tooMany('sort', INPUT_BOUNDS.sortKeys, sortTexts.length));
  const sort =
    sortTexts.length === 0
      ? [...entity.defaultSort]
      : sortTexts.length > INPUT_BOUNDS.sortKeys
        ? []
        : parseSort(entity, sortTexts, messages);

  const values: Record<string, FilterValue> = {};
  for (const filter of filters) {
    const texts = valuesOf(query[filter.param]);
    if (texts.length === 0) continue;
    if (!filter.isList && texts.length > 1) {
      messages.push(`${filterLabel(entity, filter)} ระบุได้ครั้งเดียว`);
      continue;
    }
    const field = entity.fields.find((candidate) => candidate.name === filter.field);
    const broken = boundBroken(filterLabel(entity, filter), filter, field, texts);
    if (broken) {
      messages.push(broken);
      continue;
    }
    const parsed = texts.map((text) => parseValue(filter, field, text));
    if (parsed.some((result) => !result.ok)) {
      messages.push(`${filterLabel(entity, filter)} ต้องเป็น${expected[filter.valueType]}`);
      continue;
    }
    const ok = parsed.flatMap((result) => (result.ok ? [result.value] : []));
    values[filter.param] = filter.isList ? (ok as string[] | number[]) : (ok[0] as string | number | boolean);
  }
  checkRanges(entity, filters, values, messages);

  const branchIds = valuesOf(query.branchId);
  if (branchIds.length > 1) messages.push('branchId ระบุได้ครั้งเดียว');
  // Spec §8: the current branch is required but none is selected.
  if (entity.branchOwned && branchIds.length === 0) messages.push(MESSAGES.selectCompany.text);
  if (messages.length > 0) return { ok: false, messages };
  const value: ListQuery = { page, size, sort, filters: values };
  return { ok: true, value: branchIds[0] === undefined ? value : { ...value, branchId: branchIds[0] } };
}
