import type { EntityDef, FieldDef } from '@lms/domain';

/** camelCase → snake_case: `vehicleDateSlot` → `vehicle_date_slot`, `planDateCheckIn` → `plan_date_check_in`. */
export function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

export const tableOf = (entity: Pick<EntityDef, 'name'>) => snake(entity.name);
export const columnOf = (field: Pick<FieldDef, 'name'>) => snake(field.name);
/** The uploads' own table (0005_files), which `attachments` links point at. */
export const FILE_TABLE = 'stored_file';
/** `refs` and `attachments` fields live in a link table of their own, not in a column. */
export const isLinkField = (field: Pick<FieldDef, 'type'>) =>
  field.type === 'refs' || field.type === 'attachments';
/** Many-to-many links of a `refs` field (`app_user__branch_ids`), files of an `attachments` field (`shipment__attachments`). */
export const linkTableOf = (entity: Pick<EntityDef, 'name'>, field: Pick<FieldDef, 'name'>) =>
  `${tableOf(entity)}__${snake(field.name)}`;
export const childTableOf = (entity: Pick<EntityDef, 'name'>, childName: string) =>
  `${tableOf(entity)}__${snake(childName)}`;

/** Entities whose rows are not a plain table of their own (files: own table; DO report: a view). */
export const notStoredAsTable = new Set(['file', 'deliveryOrderReport']);
/** Entities served by their own routes instead of the generic CRUD ones. */
export const noGenericRoutes = new Set(['file']);
