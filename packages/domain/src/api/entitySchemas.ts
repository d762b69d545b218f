import Type from 'typebox';
import { LIMITS } from '../constants.ts';
import { maxLengthOf } from '../entities/fields.ts';
import { filterLabel, filtersFor } from '../entity/filters.ts';
import { filterValueLength } from '../entity/listQuery.ts';
import type { EntityDef, FieldDef } from '../entity/types.ts';
import { INPUT_BOUNDS } from '../rules/inputBounds.ts';
import { refLabelName } from '../rules/labels.ts';
import { Bytes, NoContent, operation } from './common.ts';
import {
  BulkActionAnswer,
  BulkActionBody,
  bulkActionPath,
  HistoryEntry,
  ListAfter,
  ListFields,
  type ListPageAnswer,
  ListPageInfo,
  ListTotal,
  OptionItem,
} from './crud.ts';

/**
 * The generic CRUD operations of every entity (docs/api.md "Entity CRUD"), derived from its
 * declaration into the same contract as the hand-declared operations: the server registers
 * them, the client calls them and the stories mock them by these objects, never by a path.
 */

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
      // An optional enum reads back as null, and a record read is written back as it came: null is one of its values.
      return nullable({
        type: 'string',
        enum: [...(field.options ?? []).map((o) => o.value), ...(field.required ? [] : [null])],
      });
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

/** The answer's name of a reference's label: `provinceLabel`, `branchLabels`. */
export function labelKey(field: FieldDef): string {
  return field.type === 'refs' ? `${field.name.replace(/Ids$/, '')}Labels` : refLabelName(field.name);
}

/** `<ref>Label` / `<base>Labels` beside each reference (answers only). */
const labelProperties = (fields: readonly FieldDef[]) =>
  Object.fromEntries(
    fields
      .filter((f) => f.type === 'ref' || f.type === 'refs')
      .map((f) => [labelKey(f), { type: f.type === 'refs' ? 'array' : 'string', nullable: true }]),
  );

/** The schemas of an entity's routes, all from its declaration: what OpenAPI shows is what is validated. */
export function entitySchemas(entity: EntityDef) {
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
          // The title names the parameter in a refusal's Thai words (the filter panel's label).
          const title = filterLabel(entity, f);
          return [
            f.param,
            f.isList
              ? { type: 'array', items: value, maxItems: INPUT_BOUNDS.queryValueCount, title, description }
              : { ...value, title, description },
          ];
        }),
      ),
    },
    ...(entity.branchOwned ? { required: ['branchId'] } : {}),
  };
  return {
    record,
    listQuery,
    /** The list's own: `total`, `after` and `fields` beside the list query. */
    pageQuery: {
      ...listQuery,
      properties: { ...listQuery.properties, total: ListTotal, after: ListAfter, fields: ListFields },
    },
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

/** A record as the API answers it: its fields, labels and children, by name. */
export type EntityRow = Record<string, unknown>;

/**
 * A list's, options' or export's query as the schema above reads it: paging and sizes are numbers,
 * filters text or lists of text (which filters an entity has is its declaration's, not a type's).
 */
export type EntityQuery = Readonly<
  Record<string, string | number | boolean | readonly (string | number)[] | undefined>
>;

const unsafe = <T>(schema: Schema) => Type.Unsafe<T>(schema);

function buildEntityApi(entity: EntityDef) {
  const schemas = entitySchemas(entity);
  const base = `/${entity.name}`;
  const record = unsafe<EntityRow>(schemas.record);
  const idParams = unsafe<{ id: string }>(schemas.idParams);
  const listQuery = unsafe<EntityQuery>(schemas.listQuery);
  return {
    list: operation({
      method: 'GET',
      url: base,
      schema: {
        querystring: unsafe<EntityQuery>(schemas.pageQuery),
        response: { 200: unsafe<ListPageAnswer<EntityRow>>(schemas.page) },
      },
    }),
    options: operation({
      method: 'GET',
      url: `${base}/options`,
      schema: { querystring: listQuery, response: { 200: unsafe<readonly OptionItem[]>(schemas.options) } },
    }),
    export: operation({
      method: 'GET',
      url: `${base}/export`,
      schema: {
        querystring: listQuery,
        response: { 200: Bytes },
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    }),
    get: operation({
      method: 'GET',
      url: `${base}/:id`,
      schema: { params: idParams, response: { 200: record } },
    }),
    history: operation({
      method: 'GET',
      url: `${base}/:id/history`,
      schema: { params: idParams, response: { 200: unsafe<readonly HistoryEntry[]>(schemas.history) } },
    }),
    create: operation({
      method: 'POST',
      url: base,
      schema: { body: unsafe<EntityRow>(schemas.body), response: { 201: record } },
    }),
    update: operation({
      method: 'PUT',
      url: `${base}/:id`,
      schema: { params: idParams, body: unsafe<EntityRow>(schemas.body), response: { 200: record } },
    }),
    remove: operation({
      method: 'DELETE',
      url: `${base}/:id`,
      schema: { params: idParams, response: { 204: NoContent } },
    }),
    bulkAction: operation({
      method: 'POST',
      url: bulkActionPath(entity.name),
      schema: { body: BulkActionBody, response: { 200: BulkActionAnswer } },
    }),
  };
}

export type EntityApi = ReturnType<typeof buildEntityApi>;

const built = new Map<string, EntityApi>();

/** The CRUD operations of one entity (built once per entity). */
export function entityApi(entity: EntityDef): EntityApi {
  let api = built.get(entity.name);
  if (!api) {
    api = buildEntityApi(entity);
    built.set(entity.name, api);
  }
  return api;
}
