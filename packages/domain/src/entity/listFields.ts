import { LIST_FIELDS, listFieldsMessages } from '../api/crud.ts';
import { boundMessages } from '../rules/inputBounds.ts';
import type { EntityDef, SortDef } from './types.ts';

/**
 * A list's sparse fieldset (`GET {entity}?fields=…`, issue 41): which names it takes, how it is
 * checked, and what a row carries besides (docs/api.md). Pure, so that the server, the screens
 * and the stories' mock read it the same way.
 */

/** Columns every stored entity has, answered under these names whether its declaration lists them or not. */
export const STANDARD_RECORD_FIELDS = [
  'id',
  'version',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
] as const;

/** What a row of the entity may be asked for: what its full answer carries, by name (labels come with their reference). */
export function listFieldNames(entity: EntityDef): readonly string[] {
  return [
    ...new Set([
      ...STANDARD_RECORD_FIELDS,
      ...entity.fields.map((field) => field.name),
      ...(entity.children ?? []).map((child) => child.name),
    ]),
  ];
}

export type ListFieldsResult =
  | { readonly ok: true; readonly fields: readonly string[] }
  | { readonly ok: false; readonly messages: readonly string[] };

/**
 * `fields` as sent (`a,b,c`): refused when it names more than the entity has (counted before any
 * name is looked at), an empty name, a name the entity does not have, or one name twice.
 */
export function parseListFields(entity: EntityDef, text: string): ListFieldsResult {
  const names = text.split(',').map((name) => name.trim());
  const known = listFieldNames(entity);
  if (names.length > known.length)
    return { ok: false, messages: [boundMessages.tooMany(LIST_FIELDS, known.length, names.length)] };
  const knownSet = new Set(known);
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const name of names) {
    if (name === '') messages.push(listFieldsMessages.empty);
    else if (!knownSet.has(name)) messages.push(listFieldsMessages.unknown(name));
    else if (seen.has(name)) messages.push(listFieldsMessages.twice(name));
    seen.add(name);
  }
  return messages.length ? { ok: false, messages: [...new Set(messages)] } : { ok: true, fields: names };
}

/**
 * The names a row of a page asked with `fields` carries: those asked, and what every row needs
 * whatever was asked — its id (the row's key, its links and actions), its version (a bulk action
 * refuses a row changed since it was read), its label's fields (the row actions' and the bulk
 * report's `recordLabel`) and the sort's fields (the next page's cursor is made of the last row's
 * values). A reference among them brings its label (`<ref>Label`). Personal fields asked are
 * masked as in the full answer.
 */
export function listRowFields(
  entity: EntityDef,
  asked: readonly string[],
  sort: readonly SortDef[],
): ReadonlySet<string> {
  const effectiveSort = sort.length ? sort : entity.defaultSort;
  return new Set([
    'id',
    'version',
    ...entity.labelFields,
    ...effectiveSort.map((item) => item.field),
    ...asked,
  ]);
}
