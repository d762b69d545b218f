import { arrangeColumns, type ColumnLayout, type DataGridColumn } from '@lms/design-system';
import { type EntityDef, listFieldNames } from '@lms/domain';

/**
 * What a list screen asks its rows to carry (`fields`, issue 41): the grid's shown columns, named
 * in the declaration's order so that the same columns are the same request (and the same cache
 * entry) whatever order the user arranged them in. The server adds what every row needs (id,
 * version, the label's and the sort's fields: `listRowFields`).
 */
export function shownListFields<Row>(
  entity: EntityDef,
  columns: readonly DataGridColumn<Row>[],
  layout: ColumnLayout,
): string {
  const shown = new Set(
    arrangeColumns(columns, layout)
      .filter((column) => !column.hidden)
      .map((column) => column.key),
  );
  return listFieldNames(entity)
    .filter((name) => shown.has(name))
    .join(',');
}

/**
 * Whether rows asked with `had` carry every field of `wanted` (undefined: every field): rows kept
 * on screen while a column shown since is asked for do not.
 */
export function carriesFields(had: string | undefined, wanted: string | undefined): boolean {
  if (had === undefined) return true;
  if (wanted === undefined) return false;
  const names = new Set(had.split(','));
  return wanted.split(',').every((name) => names.has(name));
}
