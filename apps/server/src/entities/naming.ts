import { type EntityDef, type EntityRef, type FieldDef, resolveEntity, storageOf } from '@lms/domain';

/** camelCase → snake_case: `vehicleDateSlot` → `vehicle_date_slot`, `planDateCheckIn` → `plan_date_check_in`. */
export function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** `snake` at the type level, for the names the declarations spell (letters, no acronyms). */
export type Snake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}`
  : S;

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

/** Rows in a table of their own, named after the entity (not the files' store, not a view). */
export const storedAsTable = (entity: EntityRef) => storageOf(resolveEntity(entity)) === 'table';
/** Served by the generic CRUD routes (files have their own, spec §7). */
export const hasGenericRoutes = (entity: EntityDef) => storageOf(entity) !== 'files';
/** Its records have a label the SQL look-ups can read (a stored file's id has none). */
export const isLabelled = (entity: EntityRef) => storageOf(resolveEntity(entity)) !== 'files';
