import { type EntityDef, type FieldDef, INTEGRATION_MESSAGES } from '@lms/domain';
import { shortText } from './bounds.ts';
import { cellText, type Parsed, parseCell } from './cells.ts';
import { importColumns } from './columns.ts';
import type { InputKind } from './options.ts';

const DUPLICATE_IN_FILE = (row: number) => `ซ้ำกับแถวที่ ${row} ในไฟล์`;

export const sheetInput: InputKind = {
  fields: importColumns,
  children: false,
  parse: parseCell,
  errorKey: (entity, name) => entity.fields.find((f) => f.name === name)?.label ?? name,
  duplicate: (_field, row) => DUPLICATE_IN_FILE(row),
  echoValues: true,
};

const ok = (value: unknown): Parsed => ({ ok: true, value });
/** The fields an API body may set: every editable one, attachments included. */
const bodyFields = (entity: EntityDef) => entity.fields.filter((f) => !f.readOnly);

export const jsonInput: InputKind = {
  fields: bodyFields,
  children: true,
  // The schema checks types; texts are trimmed so a key matches as the schema will store it.
  parse: (_field, value) => ok(typeof value === 'string' ? value.trim() : value),
  errorKey: (_entity, name) => name || '_form',
  duplicate: (field, row) => INTEGRATION_MESSAGES.duplicateKey(field.label, row),
  echoValues: false,
};

/** A record's natural key as the report names it (`C0001`, or several parts with ` / `). */
export const keyLabel = (keyFields: readonly FieldDef[], raw: Readonly<Record<string, unknown>>) =>
  keyFields.map((f) => shortText(cellText(raw[f.name]))).join(' / ');
