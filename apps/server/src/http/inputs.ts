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

export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
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
