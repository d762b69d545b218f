import { SORTABLE_TYPES } from '../entity/listQuery.ts';
import { type EntityName, isEntityName } from '../entity/names.ts';
import type { EntityDef, FieldDef, SortDef } from '../entity/types.ts';
import { CODE_NAME_LABEL, sortBy } from './fields.ts';

/** Said only where an entity differs from the usual (`code: name`, sorted by code; its head has the rest). */
type Defaulted = 'labelFields' | 'defaultSort';
type Named = 'name' | 'fields' | 'listColumns' | 'naturalKey';

/**
 * What a declaration writes. Every name it gives for a field is checked against its `fields`
 * (`NoInfer`: the fields alone decide which names exist); the label and the sort may be left out
 * only when the entity has the `code` (and `name`) they default to.
 */
export type EntityInput<N extends EntityName, F extends string> = Omit<EntityDef, Defaulted | Named> & {
  readonly name: N;
  readonly fields: readonly FieldDef<F>[];
  readonly listColumns: readonly NoInfer<F>[];
  readonly naturalKey?: readonly NoInfer<F>[];
} & ('code' | 'name' extends F
    ? { readonly labelFields?: readonly NoInfer<F>[] }
    : { readonly labelFields: readonly NoInfer<F>[] }) &
  ('code' extends F
    ? { readonly defaultSort?: readonly SortDef<NoInfer<F>>[] }
    : { readonly defaultSort: readonly SortDef<NoInfer<F>>[] });

/**
 * An entity's declaration, with the usual defaults filled in and its names kept for the compiler;
 * its `fields` keep their literal types, from which `EntityRecord` derives the record's type.
 */
export function defineEntity<const N extends EntityName, Fs extends readonly FieldDef[]>(
  input: EntityInput<N, Fs[number]['name']> & { readonly fields: Fs },
): EntityDef<N, Fs[number]['name']> & { readonly fields: Fs } {
  type F = Fs[number]['name'];
  // The conditional input type guarantees `code`/`name` exist wherever these defaults apply.
  const defaults = {
    labelFields: CODE_NAME_LABEL as readonly string[] as readonly F[],
    defaultSort: [sortBy('code' as F)],
  } as const;
  const entity = { ...defaults, ...input } as EntityDef<N, F> & { readonly fields: Fs };
  assertNamesDeclared(entity);
  assertBulkEditable(entity);
  return entity;
}

/**
 * The same checks at run time, for what reaches `defineEntity` past the compiler (a cast, a
 * computed list): the process stops at start-up naming the mistake, not at the first request.
 */
function assertNamesDeclared(entity: EntityDef): void {
  if (!isEntityName(entity.name)) throw new Error(`defineEntity: "${entity.name}" is not in ENTITY_NAMES`);
  const declared = new Set(entity.fields.map((field) => field.name));
  const named = [
    ...entity.listColumns,
    ...entity.labelFields,
    ...entity.defaultSort.map((sort) => sort.field),
    ...(entity.naturalKey ?? []),
  ];
  const unknown = named.filter((name) => !declared.has(name));
  if (unknown.length)
    throw new Error(`defineEntity ${entity.name}: no field ${[...new Set(unknown)].join(', ')}`);
}

/** Field types a bulk "set" writes as one column of the row (no link table, no child rows). */
const BULK_TYPES: ReadonlySet<string> = new Set([...SORTABLE_TYPES, 'text']);

/**
 * A bulk-editable field gives many rows the same value: a unique field cannot take it, a personal
 * one would be written past its log, a read-only one is the server's (docs/entity-pages.md).
 */
function assertBulkEditable(entity: EntityDef): void {
  const wrong = entity.fields.filter(
    (field) =>
      field.bulkEditable && (field.unique || field.personal || field.readOnly || !BULK_TYPES.has(field.type)),
  );
  if (wrong.length)
    throw new Error(
      `defineEntity ${entity.name}: ${wrong.map((f) => f.name).join(', ')} cannot be bulkEditable`,
    );
  if (entity.readOnlyEntity && entity.fields.some((field) => field.bulkEditable))
    throw new Error(`defineEntity ${entity.name}: a read-only entity has no bulkEditable field`);
}
