import { ValidationError } from 'yup';
import { MESSAGES } from '../messages.ts';

/** Turning validation failures into per-field messages, and the null guard (spec §5, §8). */

/** Key of a message that belongs to the whole form rather than one field. */
export const FORM_ERROR_KEY = '_form';

/** yup's own default wording (spec §5), for errors that arrive without a message. */
function defaultMessage(type: string | undefined, path: string): string {
  switch (type) {
    case 'required':
    case 'optionality':
    case 'nullable':
      return `${path} is a required field`;
    case 'typeError':
      return `${path} must be a valid value`;
    default:
      return `${path} is invalid`;
  }
}

/**
 * Raises a yup ValidationError when the value is null or undefined; otherwise hands it back typed.
 * The message is the catalogue's (spec §8 'Unexpected null value.', in Thai) unless the caller names one.
 */
export function nullGuard<T>(value: T | null | undefined, message: string = MESSAGES.unexpectedNull.text): T {
  if (value === null || value === undefined)
    throw new ValidationError(message, value, undefined, 'nullGuard');
  return value;
}

/**
 * A validation failure as `{ field: message }`: the first message of each path (`lines[0].qty`
 * for child rows). Errors without a path, and non-yup errors, go under FORM_ERROR_KEY.
 */
export function toFieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  const put = (path: string | undefined, message: string | undefined, type?: string): void => {
    const key = path && path !== '' ? path : FORM_ERROR_KEY;
    if (key in result) return;
    result[key] = message && message.trim() !== '' ? message : defaultMessage(type, key);
  };
  if (ValidationError.isError(error)) {
    const leaves = error.inner.length > 0 ? error.inner : [error];
    for (const leaf of leaves) put(leaf.path, leaf.message, leaf.type);
    return result;
  }
  if (error instanceof Error) put(undefined, error.message);
  else if (typeof error === 'string') put(undefined, error);
  else put(undefined, undefined);
  return result;
}
