/**
 * The shape of an entity declaration. Every entity of the spec is declared once with these
 * types; the server (tables, CRUD routes, query validation, OpenAPI), the entity pages
 * (list, form, detail, MSW fixtures) and the host app (routes, menu) are derived from it.
 */

import type { QuantityKind } from '../rules/quantity.ts';
import type { EntityName } from './names.ts';

/** Storage/edit types. Where the spec shows no type, the declaration says why it chose one (`typeNote`). */
export type FieldType =
  | 'string' // short text, one line
  | 'text' // long text, several lines
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date' // ISO yyyy-MM-dd
  | 'time' // HH:mm
  | 'datetime' // ISO timestamp with zone
  | 'enum'
  | 'ref' // id of another entity; name ends in `Id` (createdBy/updatedBy/confirmedBy/canceledBy keep the spec's names); the server answers `<base>Label` too
  | 'refs' // list of ids of another entity (many-to-many), name ends in `Ids`
  | 'file' // id of a stored file
  | 'image' // id of a stored image
  | 'attachments' // ordered list of stored file ids (documents, photos), kept in a link table that keeps the files (docs/domain.md)
  | 'weekdays' // set of weekdays 0 (Sunday) … 6, stored as integer[]
  | 'roles'; // list of role names from the role catalogue (appRoleGroup.roles), stored as string[]

export interface EnumOption {
  readonly value: string;
  readonly label: string;
}

/**
 * A field; `Name` keeps its name's literal type so that columns and sorts naming it are checked,
 * `Type` its type's, so that a record's type can be derived from the declaration (`EntityRecord`).
 */
export interface FieldDef<Name extends string = string, Type extends FieldType = FieldType> {
  /** The spec's name (camelCase). Reference fields end in `Id` (`provinceId`). */
  readonly name: Name;
  readonly type: Type;
  /** Thai label shown to users. */
  readonly label: string;
  readonly required?: boolean;
  /** Set by the server only (createdAt, lastSyncAt …): never in a create/update body. */
  readonly readOnly?: boolean;
  /** Target entity of a `ref`/`refs` field. */
  readonly ref?: EntityName;
  readonly options?: readonly EnumOption[];
  readonly min?: number;
  readonly max?: number;
  readonly maxLength?: number;
  /** Decimal places for display and storage of `decimal` fields (default 2). */
  readonly scale?: number;
  /** Unique across the entity (within the branch for branch-owned entities). */
  readonly unique?: boolean;
  /** Searched by `searchTerm` (code, name and document numbers). */
  readonly searchable?: boolean;
  /** Why this type was chosen where the spec shows none. */
  readonly typeNote?: string;
  /** Hidden from list columns by default (still selectable in the column chooser). */
  readonly hiddenInList?: boolean;
  /** Its list column's width in pixels, where the default for its type does not suit (`listColumnWidth`). */
  readonly listWidth?: number;
  /**
   * `email`: an extra check for `string` fields. `unit`: a unit code from the ERP (`KG`, `M3`),
   * shown by its Thai name (`กก.`). `tel`: a phone number, a `tel:` link where it is shown whole.
   */
  readonly format?: 'email' | 'unit' | 'tel';
  /**
   * Personal data (PDPA, docs/privacy.md): masked in lists and in the exports of those who may not
   * edit the record; every unmasked read and every export logged (who, when, what).
   */
  readonly personal?: boolean;
  /** What a number measures: it is shown as that kind of quantity everywhere (`QUANTITY_FORMATS`). */
  readonly quantity?: QuantityKind;
  /**
   * Adds the `<field>Empty` list filter (true: no value, false: a value) for a gap that blocks
   * work, e.g. a ship-to without coordinates (the home's master-data counts link to it).
   */
  readonly emptyFilter?: boolean;
  /**
   * May be set to one value on many rows at once from the list (issue 22, docs/entity-pages.md
   * "Bulk actions"). Only plain column fields that are not unique, personal or read-only
   * (`assertBulkEditable` refuses the others at start-up).
   */
  readonly bulkEditable?: boolean;
}

export type SortDirection = 'asc' | 'desc';
export interface SortDef<Field extends string = string> {
  readonly field: Field;
  readonly direction: SortDirection;
}

export type MenuGroupKey =
  | 'pinned'
  | 'demo'
  | 'doBooking'
  | 'so'
  | 'bo'
  | 'booking'
  | 'deliveryOrder'
  | 'masterData'
  | 'settings'
  | 'admin'
  /** Ours, after spec §1's groups: pages the spec does not name (docs/domain.md "Routes and menu"). */
  | 'integration';

/**
 * How the sub-pages are addressed. `crud`: `/x`, `/x/create`, `/x/edit/:id`, `/x/show/:id`.
 * `crudQueryId`: `/x/edit?id=…`, `/x/show?id=…` (appUser, appRoleGroup). `listOnly`: `/x`.
 */
export type RouteStyle = 'crud' | 'crudQueryId' | 'listOnly';

/**
 * Where an entity's rows live. `table` (the default): a table of its own with the generic CRUD
 * routes. `view`: read through a view over other tables (the DO report), never written. `files`:
 * the upload store's own table and routes (spec §7), whose ids no label look-up reads.
 */
export type EntityStorage = 'table' | 'view' | 'files';

export const storageOf = (entity: Pick<EntityDef, 'storage'>): EntityStorage => entity.storage ?? 'table';

/**
 * A yes/no filter the declaration names but no field carries (the booking report's "ต้องโทร"):
 * the server owns its SQL (`apps/server/src/crud/namedFilters.ts`); `param=true` keeps the rows it
 * matches, `param=false` the others.
 */
export interface NamedFilterDef {
  readonly param: string;
  /** Thai, on its toggle. */
  readonly label: string;
  /** Thai: what it keeps, for the toggle's description. */
  readonly description: string;
}

/**
 * Actions besides the CRUD ones that an entity offers, each with its own role (spec §6):
 * resetting a user's password, changing a booking's call status. `auth/permissions.ts` holds
 * their roles; a declaration lists the ones its records take.
 */
export const specialActions = ['resetPassword', 'changeCallStatus'] as const;
export type SpecialAction = (typeof specialActions)[number];

/**
 * An entity's declaration. `Name` and `Field` keep the literal names `defineEntity` saw, so a
 * list column, sort, label or natural key that is not a field does not compile; code that
 * handles any entity takes the plain `EntityDef`.
 */
/**
 * What the shell knows of an entity without its fields (issue 41): its name, title, pages, roles,
 * branch and menu place. Declared once, in `entities/heads.ts`; the entity's declaration spreads
 * it (`...entityHeads.province`), so an `EntityDef` is its head and its body. The sidebar, the
 * route table and the pages' roles (`pages.ts`, `readRoles`) read heads alone, which keeps every
 * field, validator and column out of the staff shell (docs/performance.md).
 */
export interface EntityHead<Name extends EntityName = EntityName> {
  /** camelCase name, the spec's route segment and API path segment (`province`). */
  readonly name: Name;
  /** Thai page title. */
  readonly title: string;
  /** Route path of the list page (`/province`). */
  readonly path: string;
  readonly routeStyle: RouteStyle;
  /** Role prefix: `PROVINCE` → ROLE_PROVINCE_EDIT / ROLE_PROVINCE_READ. */
  readonly permission: string;
  /** Rows belong to one branch (`branchId`) and are read/written only for the acting branch. */
  readonly branchOwned: boolean;
  readonly menuGroup: MenuGroupKey | null;
  /** Icon name from the design system's icon set. */
  readonly icon: string;
  /** Records come from elsewhere (ERP, the booking flow) and are not edited through CRUD. */
  readonly readOnlyEntity?: boolean;
  /** The special actions its records offer (none by default); any other entity refuses them. */
  readonly actions?: readonly SpecialAction[];
  /**
   * No ERP API key reaches it, whatever roles the key's group holds (users, permission groups:
   * a key is no person, and through them it could hand itself more; docs/integration.md).
   */
  readonly closedToApiKeys?: boolean;
}

export interface EntityDef<Name extends EntityName = EntityName, Field extends string = string>
  extends EntityHead<Name> {
  readonly fields: readonly FieldDef<Field>[];
  /**
   * The list's first columns, in order: what its users scan for. They are shown by default, and at
   * 1366 px with the drawer open they and the row actions are in view (their `listColumnWidth`s
   * fit: `entityColumns.test.ts`); the other listable fields follow, hidden until chosen.
   */
  readonly listColumns: readonly Field[];
  readonly defaultSort: readonly SortDef<Field>[];
  /** Fields joined into the record label, `code: name` by default. */
  readonly labelFields: readonly Field[];
  /** Child rows edited with the parent (branch's per-vehicle-type settings, booking lines). */
  readonly children?: readonly ChildDef[];
  /**
   * The fields that name one record to people and to other systems (import matches rows on
   * them). Declared only where no field is `unique`; otherwise the unique fields are the key
   * (`naturalKeyOf`).
   */
  readonly naturalKey?: readonly Field[];
  readonly namedFilters?: readonly NamedFilterDef[];
  readonly storage?: EntityStorage;
  /**
   * Who sees its `personal` fields whole (docs/privacy.md): those who may take this action on it.
   * By default `update`, the record's editors (they correct the number, they call); a booking's
   * is `changeCallStatus`, those who call its customer (`seesPersonalData`).
   */
  readonly revealsPersonalTo?: 'update' | SpecialAction;
  /**
   * What writes record in a record's history beside its fields and children (a move's slots, a
   * delivery's stop, a cancel's reason): each key's Thai label and how its value reads. The server
   * records no other key (`crud/history.ts` throws naming it), so the history tab never shows a bare
   * key (`HistoryList`).
   */
  readonly historyNotes?: Readonly<Record<string, HistoryNoteDef>>;
}

/** One key a history entry may carry that is not a field: its label, and how its value reads. */
export interface HistoryNoteDef {
  readonly label: string;
  /**
   * `text` (default): words, a list joined by commas, `name: value` pairs; `dateTime`: a Bangkok
   * `YYYY-MM-DD HH:mm`, shown in the screen's date format; `position`: a phone's `{ lat, lon, accuracy }`.
   */
  readonly format?: 'text' | 'dateTime' | 'position';
}

/** The natural key of an entity: its declared `naturalKey`, else its `unique` fields (code, docNo, username). */
export function naturalKeyOf(entity: Pick<EntityDef, 'naturalKey' | 'fields'>): readonly string[] {
  return entity.naturalKey ?? entity.fields.filter((f) => f.unique).map((f) => f.name);
}

/**
 * The one field that names a record outside LMS (`code`, `docNo`, `username`), which the ERP
 * integration's `byKey/{key}` takes; none when the key is several fields or there is none.
 */
export function singleNaturalKey(entity: EntityDef): string | undefined {
  const key = naturalKeyOf(entity);
  // Only a text field the database keeps unique names one record by itself (a unique reference,
  // one row per vehicle type, is an id the other system does not know).
  const field = key.length === 1 ? entity.fields.find((f) => f.name === key[0]) : undefined;
  return isImportable(entity) && field?.unique && field.type === 'string' ? field.name : undefined;
}

export interface ChildDef {
  /** Property name on the parent record (`vehicleTypeSettings`). */
  readonly name: string;
  readonly label: string;
  readonly fields: readonly FieldDef[];
}

/**
 * Whether records of the entity may be imported (docs/import.md): it is edited through the
 * generic CRUD and people write its natural key (not a booking report, whose number the booking
 * flow gives).
 */
export function isImportable(entity: EntityDef): boolean {
  const key = naturalKeyOf(entity);
  return (
    !entity.readOnlyEntity &&
    key.length > 0 &&
    key.every((name) => !entity.fields.find((f) => f.name === name)?.readOnly)
  );
}

/**
 * The `default:` of a `switch (field.type)`: it only type-checks when every type has its case, so
 * a new field type stops the build at each place that must handle it (DDL, validation, OpenAPI,
 * forms, formatting, export/import, fixtures).
 */
export function unknownFieldType(type: never): never {
  throw new Error(`unhandled field type ${String(type)}`);
}

/** An option of a closed list of values, as the domain declares them (`stopStatusOptions`, a field's `options`). */
export interface LabelledOption {
  readonly value: unknown;
  readonly label: string;
}

/**
 * The label the screens, documents and exports write for `value` among `options`; `undefined` for
 * a value the list does not hold, so that each caller says what stands in for it (the value
 * itself, a dash, nothing).
 */
export const optionLabel = (
  options: readonly LabelledOption[] | undefined,
  value: unknown,
): string | undefined => options?.find((option) => option.value === value)?.label;
