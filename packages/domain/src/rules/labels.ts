import { type EntityDef, type FieldDef, optionLabel, unknownFieldType } from '../entity/types.ts';
import { formatDate, formatDateTime, formatTime } from './dateFormat.ts';
import { formatNumber } from './numberFormat.ts';
import { formatQuantityNumber } from './quantity.ts';

/** How a record, a branch or a reference is named on screen: one function each, used everywhere. */

/** `provinceId` → `province`, `createdBy` → `createdBy`, `branchIds` → `branch`. */
export function refBaseName(fieldName: string): string {
  return fieldName.replace(/Ids?$/, '');
}

/** The property the server answers a reference's label in: `provinceId` → `provinceLabel`. */
export function refLabelName(fieldName: string): string {
  return `${refBaseName(fieldName)}Label`;
}

/** A branch option reads 'code: name' (spec §3). */
export function branchOptionLabel(branch: { readonly code: string; readonly name: string }): string {
  return `${branch.code}: ${branch.name}`;
}

function displayValue(
  field: FieldDef | undefined,
  name: string,
  record: Readonly<Record<string, unknown>>,
): string {
  const raw = record[name];
  if (!field) return raw === null || raw === undefined ? '' : String(raw);
  if (field.type === 'ref') {
    const label = record[refLabelName(name)];
    return typeof label === 'string' && label !== '' ? label : raw == null ? '' : String(raw);
  }
  if (raw === null || raw === undefined || raw === '') return '';
  switch (field.type) {
    case 'enum':
      return optionLabel(field.options, raw) ?? String(raw);
    case 'date':
      return formatDate(raw as string);
    case 'time':
      return formatTime(raw as string);
    case 'datetime':
      return formatDateTime(raw as string);
    case 'decimal':
      return field.quantity
        ? formatQuantityNumber(field.quantity, raw as number | string)
        : formatNumber(raw as number | string, field.scale ?? 2);
    case 'string':
    case 'text':
    case 'integer':
    case 'boolean':
    case 'refs':
    case 'file':
    case 'image':
    case 'attachments':
    case 'weekdays':
    case 'roles':
      // Label fields are codes, names, numbers and days; the rest read as their raw value.
      return String(raw);
    default:
      return unknownFieldType(field.type);
  }
}

/**
 * The label of a record from its entity's `labelFields`: the first value, then ': ' and the rest
 * joined by spaces ('P01: กรุงเทพมหานคร', 'somchai: สมชาย ใจดี', 'DO-0001'). Falls back to the id.
 */
export function recordLabel(entity: EntityDef, record: Readonly<Record<string, unknown>>): string {
  const values = entity.labelFields
    .map((name) =>
      displayValue(
        entity.fields.find((field) => field.name === name),
        name,
        record,
      ).trim(),
    )
    .filter((value) => value !== '');
  const [first, ...rest] = values;
  if (first === undefined) return record.id == null ? '' : String(record.id);
  return rest.length === 0 ? first : `${first}: ${rest.join(' ')}`;
}

/** Arrays of reference objects become arrays of their ids, or an empty array (spec §3). */
export function toIdArray(
  references: readonly ({ readonly id: string } | null | undefined)[] | null | undefined,
): string[] {
  if (!references) return [];
  return references.flatMap((reference) =>
    reference && typeof reference.id === 'string' && reference.id !== '' ? [reference.id] : [],
  );
}
