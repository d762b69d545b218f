import { refBaseName } from '../rules/labels.ts';
import type { EntityDef, FieldDef, FieldType } from './types.ts';

/**
 * The list filters of an entity, derived from its fields with the spec's shipment naming
 * (api.md): ids, excludeIds, <field>Eq, <field>s, <field>From/<field>To, <base>Ids/<base>ExcludeIds,
 * <field>Empty (where the field declares `emptyFilter`) and searchTerm.
 */

export type FilterKind =
  | 'ids'
  | 'excludeIds'
  | 'eq'
  | 'in'
  | 'from'
  | 'to'
  | 'refIn'
  | 'refNotIn'
  | 'empty'
  | 'search'
  | 'named';

export type FilterValueType =
  | 'string'
  | 'enum'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'time'
  | 'datetime';

export interface FilterDef {
  /** Query parameter name (`docNoEq`). */
  readonly param: string;
  readonly kind: FilterKind;
  /** The field it filters on: `id` for ids/excludeIds, `searchTerm` for the free search, the param of a named filter. */
  readonly field: string;
  readonly valueType: FilterValueType;
  /** Repeated parameter (`ids=a&ids=b`). */
  readonly isList: boolean;
}

const EQ_TYPES: ReadonlySet<FieldType> = new Set(['string', 'enum', 'boolean', 'integer']);
const IN_TYPES: ReadonlySet<FieldType> = new Set(['string', 'enum']);
const RANGE_TYPES: ReadonlySet<FieldType> = new Set(['date', 'time', 'datetime', 'integer', 'decimal']);

/** `docNo` → `docNos`, `status` → `statuses`, `category` → `categories`. */
export function pluralParam(name: string): string {
  if (/(s|x|z|ch|sh)$/.test(name)) return `${name}es`;
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  return `${name}s`;
}

export function searchableFields(entity: EntityDef): readonly FieldDef[] {
  return entity.fields.filter((field) => field.searchable);
}

/** The acting branch scopes branch-owned rows: their own `branchId` is not a filter. */
function isOwningBranch(entity: EntityDef, field: FieldDef): boolean {
  return entity.branchOwned && field.name === 'branchId';
}

function fieldFilters(field: FieldDef): FilterDef[] {
  const filters: FilterDef[] = [];
  const scalar = (param: string, kind: FilterKind, isList = false): FilterDef => ({
    param,
    kind,
    field: field.name,
    valueType: field.type as FilterValueType,
    isList,
  });
  if (EQ_TYPES.has(field.type)) filters.push(scalar(`${field.name}Eq`, 'eq'));
  if (IN_TYPES.has(field.type)) filters.push(scalar(pluralParam(field.name), 'in', true));
  if (RANGE_TYPES.has(field.type)) {
    filters.push(scalar(`${field.name}From`, 'from'), scalar(`${field.name}To`, 'to'));
  }
  if (field.type === 'ref' || field.type === 'refs') {
    const base = refBaseName(field.name);
    const ref = (param: string, kind: FilterKind): FilterDef => ({
      param,
      kind,
      field: field.name,
      valueType: 'string',
      isList: true,
    });
    filters.push(ref(`${base}Ids`, 'refIn'), ref(`${base}ExcludeIds`, 'refNotIn'));
  }
  if (field.emptyFilter) {
    filters.push({
      param: `${field.name}Empty`,
      kind: 'empty',
      field: field.name,
      valueType: 'boolean',
      isList: false,
    });
  }
  return filters;
}

const cache = new WeakMap<EntityDef, readonly FilterDef[]>();

export function filtersFor(entity: EntityDef): readonly FilterDef[] {
  const cached = cache.get(entity);
  if (cached) return cached;
  const id = (param: string, kind: FilterKind): FilterDef => ({
    param,
    kind,
    field: 'id',
    valueType: 'string',
    isList: true,
  });
  const filters: FilterDef[] = [
    id('ids', 'ids'),
    id('excludeIds', 'excludeIds'),
    ...entity.fields.filter((field) => !isOwningBranch(entity, field)).flatMap(fieldFilters),
    ...(entity.namedFilters ?? []).map(
      (named): FilterDef => ({
        param: named.param,
        kind: 'named',
        field: named.param,
        valueType: 'boolean',
        isList: false,
      }),
    ),
  ];
  // A search box only where there is something to search (code, name, document numbers).
  if (searchableFields(entity).length > 0) {
    filters.push({
      param: 'searchTerm',
      kind: 'search',
      field: 'searchTerm',
      valueType: 'string',
      isList: false,
    });
  }
  cache.set(entity, filters);
  return filters;
}

/** What a filter asks of its field, in Thai after the field's label (`ประเภทรถ: เป็น`). */
const KIND_WORDS: Readonly<Record<Exclude<FilterKind, 'search' | 'named'>, string>> = {
  ids: 'เป็น',
  excludeIds: 'ไม่เป็น',
  eq: 'เท่ากับ',
  in: 'เป็นค่าใดค่าหนึ่ง (คั่นด้วย ,)',
  from: 'ตั้งแต่',
  to: 'ถึง',
  refIn: 'เป็น',
  refNotIn: 'ไม่เป็น',
  empty: 'ว่าง',
};

/**
 * A filter's Thai name: the filter panel's label on its control, and how the API names the query
 * parameter when it refuses its value (`ประเภทรถ: เป็น` for `vehicleTypeIds`), so the words a
 * user reads in a refusal are the ones on the screen.
 */
export function filterLabel(entity: EntityDef, filter: FilterDef): string {
  if (filter.kind === 'search') return 'คำค้นหา';
  if (filter.kind === 'named')
    return entity.namedFilters?.find((named) => named.param === filter.param)?.label ?? filter.param;
  const field = filter.field === 'id' ? 'รหัสข้อมูล' : entity.fields.find((f) => f.name === filter.field)?.label;
  return `${field ?? filter.field}: ${KIND_WORDS[filter.kind]}`;
}

/**
 * A search filter as the client sends it (spec §5): strings trimmed; null and undefined values,
 * strings empty after trimming and empty arrays dropped (array items cleaned the same way).
 */
export function cleanSearchFilter(filter: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    const kept = cleanValue(value);
    if (kept !== undefined) cleaned[key] = kept;
  }
  return cleaned;
}

function cleanValue(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (Array.isArray(value)) {
    const items = value.map(cleanValue).filter((item) => item !== undefined);
    return items.length === 0 ? undefined : items;
  }
  return value;
}
