import { type EntityDef, FORM_ERROR_KEY, schemaFor, toFieldErrors } from '@lms/domain';
import { FORM_ERROR, setIn } from 'final-form';
import { ApiError } from '../api/ApiError.ts';

/** Glue between the domain's yup schemas, react-final-form and the server's answers. */

export type FormMode = 'create' | 'edit' | 'show';
const schemaMode = (mode: FormMode) => (mode === 'create' ? 'create' : 'update');

/** `{ 'lines[0].qty': m }` → `{ lines: [{ qty: m }] }`, `_form` → FORM_ERROR: final-form's shape. */
export function toFormErrors(flat: Readonly<Record<string, string>>): Record<string, unknown> {
  let errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    errors =
      path === FORM_ERROR_KEY
        ? { ...errors, [FORM_ERROR]: message }
        : (setIn(errors, path, message) as Record<string, unknown>);
  }
  return errors;
}

/** react-final-form's `validate`: the entity's yup schema with its Thai messages. */
export function validatorFor(entity: EntityDef, mode: FormMode) {
  const schema = schemaFor(entity, schemaMode(mode));
  return (values: Record<string, unknown>) => {
    try {
      schema.validateSync(values, { abortEarly: false });
      return {};
    } catch (error) {
      return toFormErrors(toFieldErrors(error));
    }
  };
}

/** The body to send: the schema's cleaned values (trimmed, blanks as null, read-only fields dropped). */
export function bodyFor(
  entity: EntityDef,
  mode: FormMode,
  values: Record<string, unknown>,
): Record<string, unknown> {
  return schemaFor(entity, schemaMode(mode)).validateSync(values, { stripUnknown: true }) as Record<
    string,
    unknown
  >;
}

/**
 * A failed save as final-form submit errors: 422 field messages onto their fields, everything
 * else (409 stale version, 403 …) as the form's message.
 */
export function submitErrors(error: unknown): Record<string, unknown> {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors ?? {};
    const fieldErrors = toFormErrors(fields);
    const general = error.messages.filter((message) => !Object.values(fields).includes(message));
    return { ...fieldErrors, [FORM_ERROR]: general.join('\n') || error.messages[0] };
  }
  return { [FORM_ERROR]: error instanceof Error ? error.message : String(error) };
}
