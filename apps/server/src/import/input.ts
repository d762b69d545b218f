import { type EntityDef, type FieldDef, INTEGRATION_MESSAGES } from '@lms/domain';
import { shortText } from './bounds.ts';
import { cellText, type Parsed, parseCell } from './cells.ts';
import { importColumns } from './columns.ts';

/**
 * How records reach the import core: the two front ends differ only in this data. A sheet's cells
 * are parsed as people write them and its errors are keyed by the Thai header; the API's JSON
 * values go to the schema as sent, may carry child rows and attachments, and its errors are keyed
 * by field name.
 */
export interface InputKind {
  /** The fields a record may carry. */
  readonly fields: (entity: EntityDef) => FieldDef[];
  /** Child lists (a branch's vehicle type settings) a record may carry whole. */
  readonly children: boolean;
  readonly parse: (field: FieldDef, value: unknown) => Parsed;
  /** The key of an error in the report: '' (no one column) or a field name → as the caller reads it. */
  readonly errorKey: (entity: EntityDef, name: string) => string;
  /** A natural key already seen in an earlier row of the same input. */
  readonly duplicate: (field: FieldDef, firstRow: number) => string;
  /** Whether a failed row's values are shown back as text (the sheet's cells, to point at). */
  readonly echoValues: boolean;
}

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
