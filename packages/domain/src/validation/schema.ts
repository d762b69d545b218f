import * as yup from 'yup';
import { isKnownRole } from '../auth/roles.ts';
import { ATTACHMENTS_MAX, maxLengthOf } from '../entities/fields.ts';
import { type EntityDef, type FieldDef, unknownFieldType } from '../entity/types.ts';
import { isValidIsoDate, isValidTime, isWithinDateLimits } from '../rules/dateFormat.ts';
import { INPUT_BOUNDS } from '../rules/inputBounds.ts';
import { validationMessages as m } from './messages.ts';

/** A yup schema per entity, built from its declaration (create and update bodies). */

export type SchemaMode = 'create' | 'update';

/** Strings are trimmed; a string empty after trimming counts as missing (spec §5). */
const emptyToNull = (value: unknown, original: unknown): unknown =>
  typeof original === 'string' && original.trim() === '' ? null : value;

/**
 * yup's own `trim()` calls `.trim()` on whatever arrives: an array or object sent where text
 * belongs threw `val.trim is not a function`, which reached the client as the message.
 * Only strings are trimmed; anything else is left for the type check (a Thai message).
 */
const trimText = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);
/** yup would echo the value it got in English ("this must be a `object` type, but …"). */
const bodyTypeError = 'ข้อมูลที่ส่งต้องเป็นข้อมูลแบบ JSON object';

/** A stored file's id; anything else is refused here, before the server looks the file up. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function hasAtMostDecimals(value: number, scale: number): boolean {
  return Number(value.toFixed(scale)) === value;
}

function stringSchema(field: FieldDef): yup.StringSchema<string | null | undefined> {
  let schema = yup
    .string()
    .typeError(m.text(field.label))
    .transform(trimText)
    .transform(emptyToNull)
    .nullable();
  const maxLength = field.type === 'string' || field.type === 'text' ? maxLengthOf(field) : field.maxLength;
  if (maxLength !== undefined) schema = schema.max(maxLength, m.maxLength(field.label, maxLength));
  if (field.format === 'email') schema = schema.email(m.email(field.label));
  return schema;
}

/** A maximum not below its minimum: `maxCapacityWeight` ≥ `minCapacityWeight` when both are declared. */
function minPartnerOf(field: FieldDef, siblings: readonly FieldDef[]): FieldDef | undefined {
  if (!field.name.startsWith('max')) return undefined;
  const minName = `min${field.name.slice(3)}`;
  return siblings.find((sibling) => sibling.name === minName && sibling.type === field.type);
}

function numberSchema(
  field: FieldDef,
  siblings: readonly FieldDef[],
): yup.NumberSchema<number | null | undefined> {
  let schema = yup.number().typeError(m.number(field.label)).transform(emptyToNull).nullable();
  if (field.type === 'integer') schema = schema.integer(m.integer(field.label));
  if (field.min !== undefined) schema = schema.min(field.min, m.min(field.label, field.min));
  if (field.max !== undefined) schema = schema.max(field.max, m.max(field.label, field.max));
  if (field.type === 'decimal') {
    const scale = field.scale ?? 2;
    schema = schema.test(
      'scale',
      m.scale(field.label, scale),
      (value) => value == null || hasAtMostDecimals(value, scale),
    );
  }
  const minPartner = minPartnerOf(field, siblings);
  if (minPartner) {
    schema = schema.test(
      'notBelowMin',
      m.notBelow(field.label, minPartner.label),
      function notBelowMin(value) {
        const min: unknown = this.parent?.[minPartner.name];
        return value == null || typeof min !== 'number' || value >= min;
      },
    );
  }
  return schema;
}

function listSchema(field: FieldDef, item: yup.Schema, max: number = INPUT_BOUNDS.listItems) {
  let schema = yup
    .array()
    .of(item)
    .typeError(m.list(field.label))
    .nullable()
    .max(max, m.listMax(field.label, max));
  if (field.required) schema = schema.min(1, m.required(field.label));
  return schema;
}

function fieldSchema(field: FieldDef, siblings: readonly FieldDef[]): yup.Schema {
  const label = field.label;
  switch (field.type) {
    case 'string':
    case 'text':
    case 'ref':
    case 'file':
    case 'image':
      return stringSchema(field);
    case 'integer':
    case 'decimal':
      return numberSchema(field, siblings);
    case 'boolean':
      return yup.boolean().typeError(m.boolean(label)).transform(emptyToNull).nullable();
    case 'date':
      return stringSchema(field)
        .test('date', m.date(label), (value) => value == null || isValidIsoDate(value))
        .test(
          'dateRange',
          m.dateRange(label),
          (value) => value == null || !isValidIsoDate(value) || isWithinDateLimits(value),
        );
    case 'time':
      return stringSchema(field).test('time', m.time(label), (value) => value == null || isValidTime(value));
    case 'datetime':
      return stringSchema(field).test(
        'datetime',
        m.datetime(label),
        (value) => value == null || (DATETIME.test(value) && !Number.isNaN(Date.parse(value))),
      );
    case 'enum':
      return stringSchema(field).oneOf(
        [...(field.options ?? []).map((option) => option.value), null],
        m.oneOf(label),
      );
    case 'refs':
      return listSchema(
        field,
        yup.string().typeError(m.list(label)).transform(trimText).required(m.required(label)),
      );
    case 'weekdays':
      return listSchema(
        field,
        yup
          .number()
          .typeError(m.weekdays(label))
          .integer(m.weekdays(label))
          .min(0, m.weekdays(label))
          .max(6, m.weekdays(label)),
        7,
      ).test('distinct', m.weekdays(label), (days) => days == null || new Set(days).size === days.length);
    case 'attachments': {
      const max = field.max ?? ATTACHMENTS_MAX;
      // Checked as a whole, so that a bad id is the field's error (the form shows it under the field);
      // a null id too, which yup's own item check would refuse in English ("… cannot be null").
      return listSchema(field, yup.mixed().nullable(), max)
        .test(
          'fileIds',
          m.attachmentId(label),
          (ids) => ids == null || ids.every((id) => typeof id === 'string' && UUID.test(id)),
        )
        .max(max, m.attachmentsMax(label, max))
        .test(
          'distinct',
          m.attachmentsDistinct(label),
          (ids) => ids == null || new Set(ids).size === ids.length,
        );
    }
    case 'roles':
      return listSchema(
        field,
        yup.string().typeError(m.list(label)).transform(trimText).required(m.required(label)),
      ).test('knownRoles', function knownRoles(roles) {
        const unknown = (roles ?? []).filter((role) => typeof role === 'string' && !isKnownRole(role));
        return unknown.length === 0 || this.createError({ message: m.unknownRoles(label, unknown) });
      });
    default:
      return unknownFieldType(field.type);
  }
}

function fieldsShape(fields: readonly FieldDef[]): Record<string, yup.Schema> {
  const shape: Record<string, yup.Schema> = {};
  for (const field of fields) {
    if (field.readOnly) continue;
    const schema = fieldSchema(field, fields);
    shape[field.name] = field.required ? schema.required(m.required(field.label)) : schema.optional();
  }
  return shape;
}

const cache = new Map<string, yup.ObjectSchema<Record<string, unknown>>>();

/**
 * The body schema of an entity: editable fields only (read-only ones are the server's), child rows
 * as arrays, and on update the record `version` the server checks for stale writes (api.md).
 */
export function schemaFor(entity: EntityDef, mode: SchemaMode): yup.ObjectSchema<Record<string, unknown>> {
  const key = `${entity.name}:${mode}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const shape = fieldsShape(entity.fields);
  for (const child of entity.children ?? []) {
    shape[child.name] = yup
      .array()
      .of(
        yup
          .object(fieldsShape(child.fields))
          .typeError(m.childRow(child.label))
          // A null row: yup's own words would be English ("… cannot be null").
          .nonNullable(m.childRow(child.label)),
      )
      .typeError(m.list(child.label))
      .max(INPUT_BOUNDS.listItems, m.listMax(child.label, INPUT_BOUNDS.listItems))
      .nullable()
      .optional();
  }
  if (mode === 'update') {
    shape.version = yup
      .number()
      .typeError(m.version)
      .integer(m.version)
      .min(0, m.version)
      .required(m.version);
  }
  const schema = yup.object(shape).typeError(bodyTypeError) as yup.ObjectSchema<Record<string, unknown>>;
  cache.set(key, schema);
  return schema;
}
