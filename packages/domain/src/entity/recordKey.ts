import { can } from '../auth/permissions.ts';
import { entities } from '../entities/index.ts';
import type { EntityDef, FieldDef } from './types.ts';

/**
 * The field people type to find one record: its unique text (code, document number, username).
 * Only entities with a page to open the record on (not list-only reports, not files); the field
 * is unique, so it is indexed, and searchable, so it has a trigram index for "contains".
 */
export function recordKeyField(entity: EntityDef): FieldDef | undefined {
  if (entity.permission === '' || entity.routeStyle === 'listOnly') return undefined;
  return entity.fields.find((field) => field.unique && field.type === 'string');
}

/** The entities a user may find records of (the command palette's search): readable ones with a key. */
export function findableEntities(userRoles: readonly string[] | null | undefined): EntityDef[] {
  return entities.filter((entity) => recordKeyField(entity) && can(userRoles, entity, 'read').can);
}
