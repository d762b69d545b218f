import type { EntityDef, FilterDef } from '@lms/domain';

// Apart from FilterPanel.tsx: the list page asks which groups are in use before the panel (a chunk
// of its own, with every field control) is drawn.

/** The panel's groups: one per field with filters, in the declaration's order (named filters are toolbar chips). */
export function filterGroups(entity: EntityDef, filterDefs: readonly FilterDef[]) {
  return entity.fields
    .map((field) => ({ field, filters: filterDefs.filter((filter) => filter.field === field.name) }))
    .filter((group) => group.filters.length > 0);
}

/** The groups with a value in `values`. */
export function groupsInUse(
  groups: ReturnType<typeof filterGroups>,
  values: Readonly<Record<string, unknown>>,
) {
  return groups.filter((group) => group.filters.some((filter) => values[filter.param] !== undefined));
}
