import { ValidationError } from 'yup';
import type { EntityDef } from '../entity/types.ts';
import { toFieldErrors } from './errors.ts';
import { type SchemaMode, schemaFor } from './schema.ts';

export type RecordValidation =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly errors: Record<string, string> };

/** Validates a create/update body: every message at once, unknown and read-only keys dropped. */
export function validateRecord(entity: EntityDef, mode: SchemaMode, body: unknown): RecordValidation {
  try {
    const value = schemaFor(entity, mode).validateSync(body, { abortEarly: false, stripUnknown: true });
    return { ok: true, value };
  } catch (error) {
    // Anything but a finding is a defect of the schema: its English message is no answer for a user.
    if (!ValidationError.isError(error)) throw error;
    return { ok: false, errors: toFieldErrors(error) };
  }
}

/**
 * One field's value alone, as the record's schema checks it (a bulk "set" gives many rows one
 * value: the value is checked once, not per row). Answers the value as the schema casts it.
 */
export function validateFieldValue(
  entity: EntityDef,
  field: string,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; errors: Record<string, string> } {
  try {
    const checked = schemaFor(entity, 'create')
      .pick([field])
      .validateSync({ [field]: value }, { abortEarly: false, stripUnknown: true });
    return { ok: true, value: checked[field] ?? null };
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    return { ok: false, errors: toFieldErrors(error) };
  }
}
