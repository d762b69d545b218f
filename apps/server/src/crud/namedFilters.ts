import type { EntityDef } from '@lms/domain';
import type { RawBuilder } from 'kysely';
import { toCallCondition } from '../contact/toCall.ts';

/**
 * The SQL of the named filters the declarations list (`EntityDef.namedFilters`), by entity and
 * param: a condition over the list's row alias. A declared name without SQL here fails at the
 * first request that uses it (and `namedFilters.test.ts` checks every declaration has one).
 */
export const namedFilterSql: Readonly<
  Record<string, Readonly<Record<string, (alias: string) => RawBuilder<unknown>>>>
> = {
  bookingReport: { toCall: toCallCondition },
};

export function namedFilterCondition(entity: EntityDef, param: string, alias: string): RawBuilder<unknown> {
  const condition = namedFilterSql[entity.name]?.[param];
  if (!condition) throw new Error(`No SQL for the named filter ${entity.name}.${param}`);
  return condition(alias);
}
