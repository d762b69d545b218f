import { apiKeyRecordsOf, type EntityDef, type ListQuery } from '@lms/domain';
import type { Principal } from './principal.ts';

/**
 * The records an API key reaches where the entity itself limits them: of the branch entity, its own
 * branches' (docs/integration.md). Another record answers exactly as a missing one: absent from
 * lists, 404 by id, "missing" to an upsert.
 */
const limitOf = (entity: EntityDef, principal: Principal) =>
  principal.apiKeyId ? apiKeyRecordsOf(entity, principal.branchIds) : undefined;

/** Whether the caller reaches this record of `entity`. */
export function reaches(entity: EntityDef, principal: Principal, id: string): boolean {
  const limit = limitOf(entity, principal);
  return !limit || limit.includes(id);
}

/** A list's query cut to the records the caller reaches, through the list's own `ids` filter. */
export function withinReach(entity: EntityDef, principal: Principal, query: ListQuery): ListQuery {
  const limit = limitOf(entity, principal);
  if (!limit) return query;
  const asked = query.filters.ids;
  const ids =
    asked === undefined
      ? limit
      : [asked]
          .flat()
          .map(String)
          .filter((id) => limit.includes(id));
  return { ...query, filters: { ...query.filters, ids } };
}
