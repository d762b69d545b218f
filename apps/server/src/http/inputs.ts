import { boundMessages, INPUT_BOUNDS } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';
import { labelOf } from './validation.ts';

/**
 * PostgreSQL text cannot hold a NUL character (it fails the query: a 500). Every part of every
 * request is checked before validation, signed in or not, so no route has to remember.
 */
const NUL = '\u0000';

/** The property name under which a NUL sits (keys included), `''` at the top, undefined when none. */
function nulAt(root: unknown): string | undefined {
  // Iterative: a deeply nested body must not overflow the stack.
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length) {
    const [value, name] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return name;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push([item, name]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(NUL)) return name;
        pending.push([item, key]);
      }
    }
  }
  return undefined;
}

/**
 * The bound a query or path value breaks, whatever the route: every route declares its own
 * bounds, and this net holds the ones a route might forget before any of its work starts.
 */
function parameterBoundBroken(values: unknown, context: 'params' | 'querystring'): string | undefined {
  if (values === null || typeof values !== 'object') return undefined;
  for (const [name, value] of Object.entries(values)) {
    const list = Array.isArray(value) ? value : [value];
    const label = labelOf(name, undefined, context);
    if (list.length > INPUT_BOUNDS.queryValueCount)
      return boundMessages.tooMany(label, INPUT_BOUNDS.queryValueCount, list.length);
    for (const item of list)
      if (typeof item === 'string' && item.length > INPUT_BOUNDS.queryValueLength)
        return boundMessages.tooLong(label, INPUT_BOUNDS.queryValueLength, item.length);
  }
  return undefined;
}

export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
    ] as const) {
      const broken = parameterBoundBroken(value, context);
      if (broken) throw new HttpError(400, [broken]);
    }
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const name = nulAt(value);
      if (name === undefined) continue;
      throw new HttpError(400, [`${labelOf(name || undefined, undefined, context)} มีอักขระที่ใช้ไม่ได้ (NUL)`]);
    }
  });
}
