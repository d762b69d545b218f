import { type EntityDef, type EntityName, entities } from '@lms/domain';
import type { RawBuilder } from 'kysely';

/** A named filter's SQL: a condition over the list's row alias. */
export type NamedFilterSql = (alias: string) => RawBuilder<unknown>;

/**
 * The SQL of the named filters the declarations list (`EntityDef.namedFilters`), by entity and
 * param. The feature that knows what a name means provides it (contact: the booking report's
 * `toCall`), wired by app.ts, which refuses to start while a declared one has none.
 */
const provided = new Map<string, NamedFilterSql>();

const keyOf = (entity: string, param: string) => `${entity}.${param}`;

export function provideNamedFilter(entity: EntityName, param: string, condition: NamedFilterSql): void {
  const key = keyOf(entity, param);
  const known = provided.get(key);
  // Every app of a process provides the same; a second meaning for one name is a bug.
  if (known && known !== condition) throw new Error(`Two SQLs for the named filter ${key}`);
  provided.set(key, condition);
}

/** The declared named filters no feature provided SQL for (`entity.param`). */
export const namedFiltersWithoutSql = (): string[] =>
  entities.flatMap((entity) =>
    (entity.namedFilters ?? [])
      .map((named) => keyOf(entity.name, named.param))
      .filter((key) => !provided.has(key)),
  );

export function namedFilterCondition(entity: EntityDef, param: string, alias: string): RawBuilder<unknown> {
  const condition = provided.get(keyOf(entity.name, param));
  if (!condition) throw new Error(`No SQL for the named filter ${entity.name}.${param}`);
  return condition(alias);
}
