import type { ComparedField } from '@lms/design-system';
import type { EntityDef, FieldDef } from '@lms/domain';
import { formatChildRows, formatField } from '../pages/formatValue.ts';

/** A value as the comparison sees it: empty is empty, whatever form it came in. */
function normal(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'null';
  if (Array.isArray(value) && value.length === 0) return 'null';
  // Numbers arrive as strings from the server (numeric) and as numbers from the inputs.
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)))
    return String(Number(value));
  return JSON.stringify(value);
}

/** Text of the user's own reference choice: its label when it is still the one loaded, else that it is new. */
const NEW_CHOICE = 'ค่าใหม่ที่คุณเลือก';

function mineText(
  field: FieldDef,
  mine: Readonly<Record<string, unknown>>,
  loaded: Readonly<Record<string, unknown>>,
): string {
  if (field.type === 'ref' || field.type === 'refs') {
    // The form keeps the labels it loaded; they name the user's value only while it is unchanged.
    if (normal(mine[field.name]) !== normal(loaded[field.name])) return NEW_CHOICE;
    return formatField(field, loaded);
  }
  return formatField(field, mine);
}

/**
 * The fields a stale save (409) disagrees on (issue 22 item 7): per editable field and child
 * table, this form's value beside the one saved meanwhile, as the user reads them (Thai labels,
 * formatted values). `loaded` is what the form started from (its reference labels).
 */
export function compareValues(
  entity: EntityDef,
  mine: Readonly<Record<string, unknown>>,
  saved: Readonly<Record<string, unknown>>,
  loaded: Readonly<Record<string, unknown>>,
): ComparedField[] {
  const fields = entity.fields
    .filter((field) => !field.readOnly && normal(mine[field.name]) !== normal(saved[field.name]))
    .map((field) => ({
      name: field.name,
      label: field.label,
      mine: mineText(field, mine, loaded),
      saved: formatField(field, saved),
    }));
  const children = (entity.children ?? [])
    .filter((child) => normal(mine[child.name]) !== normal(saved[child.name]))
    .map((child) => ({
      name: child.name,
      label: child.label,
      mine: formatChildRows(child, mine[child.name]),
      saved: formatChildRows(child, saved[child.name]),
    }));
  return [...fields, ...children];
}
