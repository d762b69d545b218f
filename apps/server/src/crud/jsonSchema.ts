import {
  Bytes,
  type EntityDef,
  type FieldDef,
  filtersFor,
  filterValueLength,
  HistoryEntry,
  INPUT_BOUNDS,
  LIMITS,
  ListPageInfo,
  ListTotal,
  maxLengthOf,
  OptionItem,
} from '@lms/domain';
import { labelKey } from './labels.ts';

type Schema = Record<string, unknown>;

/** JSON Schema of one field's value as the API speaks it. */
export function fieldSchema(field: FieldDef): Schema {
  const description = field.typeNote ? `${field.label} — ${field.typeNote}` : field.label;
  const nullable = (schema: Schema): Schema => ({ ...schema, nullable: !field.required, description });
  switch (field.type) {
    case 'string':
    case 'text':
      return nullable({ type: 'string', maxLength: maxLengthOf(field) });
    case 'integer':
      return nullable({
        type: 'integer',
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
      });
    case 'decimal':
      return nullable({
        type: 'number',
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
      });
    case 'boolean':
      return { type: 'boolean', description };
    case 'date':
      return nullable({ type: 'string', format: 'date' });
    case 'time':
      return nullable({ type: 'string', pattern: '^\\d{2}:\\d{2}$', maxLength: 5 });
    case 'datetime':
      return nullable({ type: 'string', format: 'date-time' });
    case 'enum':
      return nullable({ type: 'string', enum: field.options?.map((o) => o.value) });
    case 'ref':
    case 'file':
    case 'image':
      return nullable({ type: 'string', format: 'uuid' });
    case 'refs':
      return {
        type: 'array',
        items: { type: 'string', format: 'uuid' },
        maxItems: INPUT_BOUNDS.listItems,
        description,
      };
    case 'weekdays':
      return {
        type: 'array',
        items: { type: 'integer', minimum: 0, maximum: 6 },
        maxItems: 7,
        uniqueItems: true,
        description,
      };
    case 'roles':
      return {
        type: 'array',
        items: { type: 'string', maxLength: INPUT_BOUNDS.filterValueLength },
        maxItems: INPUT_BOUNDS.listItems,
        description,
      };
    case 'attachments':
      return {
        type: 'array',
        items: { type: 'string', format: 'uuid' },
        uniqueItems: true,
        maxItems: field.max,
        description: `${description} — รหัสไฟล์จาก POST /api/file/upload เรียงตามลำดับ; ชื่อไฟล์: GET /api/file/info/{id}`,
      };
  }
}

const properties = (fields: readonly FieldDef[]) =>
  Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));

/** `<ref>Label` / `<base>Labels` beside each reference (answers only). */
const labelProperties = (fields: readonly FieldDef[]) =>
  Object.fromEntries(
    fields
      .filter((f) => f.type === 'ref' || f.type === 'refs')
      .map((f) => [labelKey(f), { type: f.type === 'refs' ? 'array' : 'string', nullable: true }]),
  );

/** The schemas of an entity's routes, all from its declaration: what OpenAPI shows is what is validated. */
export function jsonSchemas(entity: EntityDef) {
  const writable = entity.fields.filter((f) => !f.readOnly);
  const childSchemas = (withLabels: boolean) =>
    Object.fromEntries(
      (entity.children ?? []).map((c) => [
        c.name,
        {
          type: 'array',
          description: c.label,
          maxItems: INPUT_BOUNDS.listItems,
          items: {
            type: 'object',
            properties: { ...properties(c.fields), ...(withLabels ? labelProperties(c.fields) : {}) },
          },
        },
      ]),
    );
  const labels = labelProperties(entity.fields);
  const children = childSchemas(true);
  const record = {
    type: 'object',
    additionalProperties: true,
    properties: {
      id: { type: 'string', format: 'uuid' },
      version: { type: 'integer' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      createdBy: { type: 'string', nullable: true },
      updatedBy: { type: 'string', nullable: true },
      ...properties(entity.fields),
      ...labels,
      ...children,
    },
  };
  const listQuery = {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 0, default: 0 },
      size: {
        type: 'integer',
        minimum: 1,
        maximum: LIMITS.listPageSizeMax,
        default: LIMITS.listPageSizeDefault,
      },
      sort: {
        type: 'array',
        maxItems: INPUT_BOUNDS.sortKeys,
        items: {
          type: 'string',
          maxLength: INPUT_BOUNDS.filterValueLength,
          description: 'field,asc | field,desc',
        },
      },
      ...(entity.branchOwned
        ? { branchId: { type: 'string', format: 'uuid', description: 'สาขาที่ใช้งาน' } }
        : {}),
      ...Object.fromEntries(
        filtersFor(entity).map((f) => {
          const maxLength = filterValueLength(
            f,
            entity.fields.find((field) => field.name === f.field),
          );
          const value = { type: 'string', maxLength };
          const description = `${f.kind} ${f.field}`;
          return [
            f.param,
            f.isList
              ? { type: 'array', items: value, maxItems: INPUT_BOUNDS.queryValueCount, description }
              : { ...value, description },
          ];
        }),
      ),
    },
    ...(entity.branchOwned ? { required: ['branchId'] } : {}),
  };
  return {
    record,
    listQuery,
    /** The list's own: `total` beside the list query. */
    pageQuery: { ...listQuery, properties: { ...listQuery.properties, total: ListTotal } },
    body: {
      type: 'object',
      properties: {
        ...properties(writable),
        ...childSchemas(false),
        version: { type: 'integer', description: 'version ที่อ่านมา (เฉพาะการแก้ไข)' },
      },
      required: writable.filter((f) => f.required).map((f) => f.name),
    },
    page: {
      ...ListPageInfo,
      properties: { items: { type: 'array', items: record }, ...ListPageInfo.properties },
    },
    idParams: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] },
    options: { type: 'array', items: OptionItem },
    history: { type: 'array', items: HistoryEntry },
    /** The `.xlsx` bytes, streamed. */
    spreadsheet: Bytes,
  };
}
