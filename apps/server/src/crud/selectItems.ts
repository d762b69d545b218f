import { type EntityDef, entityByName, type FieldDef, labelKey, listFieldNames } from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { columnOf, linkTableOf, tableOf } from '../entities/naming.ts';
import { attachmentFields, refsFields, selectList } from './columns.ts';
import { labelledFields, labelSql, targetOf } from './labels.ts';

/**
 * The select items of the statements that answer rows whole (a list page, a record by id): their
 * columns, each `refs` field's ids, each attachment list and every reference's label, as SQL text
 * built once per entity (and field set) from its declaration — building and compiling them on
 * every request was most of kysely's share of it (docs/performance.md, bench/api).
 */

const rowExtrasCache = new Map<string, RawBuilder<unknown>[]>();

/**
 * What a row of `t` answers beside its columns, as select items: each `refs` field's ids, each
 * attachment list and every reference's label, built once per entity from its declaration;
 * `only`: those of the fields of these names (a page asked with `fields`; its caller keeps the text).
 */
function rowExtras(entity: EntityDef, only?: ReadonlySet<string>): RawBuilder<unknown>[] {
  const cached = only ? undefined : rowExtrasCache.get(entity.name);
  if (cached) return cached;
  const wanted = (field: FieldDef) => !only || only.has(field.name);
  const link = (field: FieldDef) => sql.table(linkTableOf(entity, field));
  const label = (field: FieldDef, idRef: RawBuilder<unknown>) => {
    const target = entityByName(targetOf(field));
    return sql`(select ${labelSql(target, 'r')} from ${sql.table(tableOf(target))} r where r.id = ${idRef})`;
  };
  const extras = [
    ...refsFields(entity)
      .filter(wanted)
      .map(
        (f) =>
          sql`array(select l.ref_id from ${link(f)} l where l.owner_id = t.id order by l.ref_id) as ${sql.ref(f.name)}`,
      ),
    ...attachmentFields(entity)
      .filter(wanted)
      .map(
        (f) =>
          sql`array(select l.file_id from ${link(f)} l where l.owner_id = t.id order by l.position) as ${sql.ref(f.name)}`,
      ),
    ...labelledFields(entity.fields)
      .filter(wanted)
      .map((f) =>
        f.type === 'refs'
          ? sql`array(select ${label(f, sql.ref('l.ref_id'))} from ${link(f)} l where l.owner_id = t.id order by l.ref_id) as ${sql.ref(labelKey(f))}`
          : sql`${label(f, sql.ref(`t.${columnOf(f)}`))} as ${sql.ref(labelKey(f))}`,
      ),
  ];
  if (!only) rowExtrasCache.set(entity.name, extras);
  return extras;
}

/** `rowExtras` after a select list's last item (nothing when the entity has none). */
function extraItems(entity: EntityDef, only?: ReadonlySet<string>): RawBuilder<unknown> {
  const extras = rowExtras(entity, only);
  return extras.length ? sql`, ${sql.join(extras)}` : sql``;
}

/** The full rows' select items, one per entity and way (whole or not). */
const pageItemsCache = new Map<string, RawBuilder<unknown>>();
/**
 * Select items of pages asked with `fields`, by entity, way and field set, least recently used
 * dropped past the bound: a field set is the caller's choice, so their number is too.
 */
const fieldSetItems = new Map<string, RawBuilder<unknown>>();
export const FIELD_SET_CACHE_SIZE = 256;

/**
 * A list page's select items (the columns, and `rowExtras` where the page is answered whole) as
 * SQL text made once per entity (and field set, `only`): building and compiling them on every
 * page was most of kysely's share of a list request (6.7 % of the server's CPU, bench/api's
 * profile, issue 41).
 */
export function pageItems(
  db: Database,
  entity: EntityDef,
  whole: boolean,
  only?: ReadonlySet<string>,
): RawBuilder<unknown> {
  // The set in the declaration's order: the same set asked in another order is the same text.
  const set = only
    ? `:${listFieldNames(entity)
        .filter((name) => only.has(name))
        .join(',')}`
    : '';
  const key = `${entity.name}:${whole}${set}`;
  const cache = only ? fieldSetItems : pageItemsCache;
  const cached = cache.get(key);
  if (cached) {
    if (only) {
      // Used again: to the back of the line.
      cache.delete(key);
      cache.set(key, cached);
    }
    return cached;
  }
  const { sql: text, parameters } = sql`${selectList(entity, 't', only)}${
    whole ? extraItems(entity, only) : sql``
  }`.compile(db);
  if (parameters.length)
    throw new Error(`${entity.name}: unexpected parameters in a list page's select items`);
  const items = sql.raw(text);
  cache.set(key, items);
  if (only && cache.size > FIELD_SET_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return items;
}

/** How many field sets' select items are kept now (a test holds the bound). */
export const cachedFieldSets = () => fieldSetItems.size;

const labelledRecordCache = new Map<string, string>();

/**
 * The text of `findLabelledRecord`'s statement for an entity, built once: compiling it from the
 * declaration (select list, label subqueries) was an eighth of a by-id request's CPU. Its
 * parameters are the id, then the branch for branch-owned entities.
 */
export function labelledRecordSql(db: Database, entity: EntityDef): string {
  const cached = labelledRecordCache.get(entity.name);
  if (cached) return cached;
  // Placeholders only: the values are passed at each call.
  const branch = entity.branchOwned ? sql`and t.branch_id = ${''}` : sql``;
  const { sql: text, parameters } = sql`select ${selectList(entity)}${extraItems(entity)}
    from ${sql.table(tableOf(entity))} as t where t.id = ${''} ${branch}`.compile(db);
  if (parameters.length !== (entity.branchOwned ? 2 : 1))
    throw new Error(`${entity.name}: unexpected parameters in the by-id statement`);
  labelledRecordCache.set(entity.name, text);
  return text;
}
