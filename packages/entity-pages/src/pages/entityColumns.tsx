import type { ColumnStorage, DataGridColumn } from '@lms/design-system';
import {
  type DateFormatOptions,
  type EntityDef,
  type FieldDef,
  listableFields,
  listColumnWidth,
  SORTABLE_TYPES,
} from '@lms/domain';
import type { EntityRecord } from '../data/entityKeys.ts';
import type { EntityParts } from '../slots/types.ts';
import { formatField, isNumeric } from './formatValue.ts';

/** The row actions' column (ดู, แก้ไข), pinned at the end of every entity list. */
export const ROW_ACTIONS_WIDTH = 112;

/**
 * A grid column per listable field, `listColumns` first in their order, then the others in
 * declaration order (hidden until chosen), each as wide as the domain declares
 * (`listColumnWidth`); `cells` draws a field the entity shows otherwise than as text (its parts'
 * `cells`).
 */
export function entityColumns(
  entity: EntityDef,
  cells: EntityParts['cells'] = {},
  dates: DateFormatOptions = {},
): DataGridColumn<EntityRecord>[] {
  const fields = listableFields(entity);
  const ordered = [
    ...entity.listColumns
      .map((name) => fields.find((field) => field.name === name))
      .filter((f): f is FieldDef => !!f),
    ...fields.filter((field) => !entity.listColumns.includes(field.name)),
  ];
  return ordered.map((field, index) => ({
    key: field.name,
    header: field.label,
    // What the server sorts by (validateListQuery): one-value fields.
    sortable: SORTABLE_TYPES.has(field.type),
    align: isNumeric(field) ? 'end' : 'start',
    width: listColumnWidth(field),
    alwaysVisible: index === 0,
    // The identifying first column stays in view while the middle scrolls sideways.
    pin: index === 0 ? 'start' : undefined,
    render: (row: EntityRecord) => cells[field.name]?.(row) ?? formatField(field, row, dates),
  }));
}

/**
 * Columns not in `listColumns` start hidden; the user's choice is kept per entity in localStorage
 * (`list` names another list of the same entity that keeps its own, the DO booking's DO step).
 */
export function columnStorageFor(
  entity: EntityDef,
  storage: Storage | null = safeLocalStorage(),
  list?: string,
): ColumnStorage {
  const defaults = listableFields(entity)
    .filter((field) => !entity.listColumns.includes(field.name))
    .map((field) => field.name);
  return localColumnStorage(list ? `${entity.name}-${list}` : entity.name, defaults, storage);
}

/** A list's chosen columns kept in this browser (`lms-columns-<list>`): the hidden keys, else `defaults`. */
export function localColumnStorage(
  list: string,
  defaults: readonly string[],
  storage: Storage | null = safeLocalStorage(),
): ColumnStorage {
  const key = `lms-columns-${list}`;
  return {
    load: () => {
      try {
        const saved = storage?.getItem(key);
        return saved ? (JSON.parse(saved) as string[]) : defaults;
      } catch {
        return defaults;
      }
    },
    save: (hidden) => {
      try {
        storage?.setItem(key, JSON.stringify(hidden));
      } catch {
        // Storage refused (private mode): the choice lasts for this page only.
      }
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
