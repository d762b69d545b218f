import {
  type EntityDef,
  type FilterDef,
  filterLabel,
  filtersFor,
  type ListQuery,
  searchableFields,
} from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import { isUuid } from '../auth/access.ts';
import { columnOf, linkTableOf } from '../entities/naming.ts';
import { badRequest } from '../http/errors.ts';
import { namedFilterCondition } from './namedFilters.ts';
import { escapeLike } from './prefix.ts';

/** Named by the filter's label on the screen (a link's parameter is a user's filter too). */
const INVALID_ID = (label: string) => `ตัวกรอง "${label}" มีรหัสอ้างอิงที่ไม่ถูกต้อง`;

/** `%` and `_` typed by a user are searched for, not used as wildcards. */
const likePattern = (term: string) => `%${escapeLike(term)}%`;

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function idList(entity: EntityDef, def: FilterDef, value: unknown): string[] {
  const ids = asList(value).map(String);
  if (!ids.every(isUuid)) throw badRequest(INVALID_ID(filterLabel(entity, def)));
  return ids;
}

/**
 * `column` is one of `ids`: one id as `=`, so that an index with more columns after it still
 * gives the list's order (`= any(…)` stops a btree from reading it in order).
 */
function isOneOf(column: RawBuilder<unknown>, ids: string[]) {
  return ids.length === 1 ? sql`${column} = ${ids[0]}::uuid` : sql`${column} = any(${ids}::uuid[])`;
}

function fieldOf(entity: EntityDef, name: string) {
  return entity.fields.find((f) => f.name === name);
}

function condition(entity: EntityDef, def: FilterDef, value: unknown, alias: string): RawBuilder<unknown> {
  const column = sql.ref(`${alias}.${def.field === 'id' ? 'id' : columnOf({ name: def.field })}`);
  switch (def.kind) {
    case 'ids':
      return isOneOf(column, idList(entity, def, value));
    case 'excludeIds':
      return sql`not (${column} = any(${idList(entity, def, value)}::uuid[]))`;
    case 'eq':
      return sql`${column} = ${value}`;
    case 'in':
      return sql`${column} = any(${asList(value)})`;
    case 'from':
      return sql`${column} >= ${value}`;
    case 'to':
      // Timestamps travel with millisecond precision but are stored to the microsecond.
      return def.valueType === 'datetime'
        ? sql`${column} < ${value}::timestamptz + interval '1 millisecond'`
        : sql`${column} <= ${value}`;
    case 'refIn':
    case 'refNotIn': {
      const ids = idList(entity, def, value);
      const field = fieldOf(entity, def.field);
      const matches =
        field?.type === 'refs'
          ? sql`exists (select 1 from ${sql.table(linkTableOf(entity, field))} l where l.owner_id = ${sql.ref(`${alias}.id`)} and l.ref_id = any(${ids}::uuid[]))`
          : isOneOf(column, ids);
      if (def.kind === 'refIn') return matches;
      return field?.type === 'refs' ? sql`not ${matches}` : sql`(${column} is null or not ${matches})`;
    }
    case 'empty':
      return value ? sql`${column} is null` : sql`${column} is not null`;
    case 'search': {
      const pattern = likePattern(String(value));
      const ors = searchableFields(entity).map(
        (f) => sql`${sql.ref(`${alias}.${columnOf(f)}`)} ilike ${pattern}`,
      );
      return sql`(${sql.join(ors, sql` or `)})`;
    }
    case 'named': {
      const matches = namedFilterCondition(entity, def.param, alias);
      return value === true ? matches : sql`not ${matches}`;
    }
  }
}

/** The WHERE clause of a list: the acting branch for branch-owned rows, then every filter (and `extra`). */
export function whereClause(
  entity: EntityDef,
  query: ListQuery,
  branchId: string | undefined,
  alias = 't',
  extra: readonly RawBuilder<unknown>[] = [],
) {
  const parts = [...whereConditions(entity, query, branchId, alias), ...extra];
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

/** The conditions `whereClause` joins: the branch's, then each filter's. */
function whereConditions(
  entity: EntityDef,
  query: ListQuery,
  branchId: string | undefined,
  alias = 't',
): RawBuilder<unknown>[] {
  const defs = new Map(filtersFor(entity).map((d) => [d.param, d]));
  const parts: RawBuilder<unknown>[] = [];
  if (entity.branchOwned) parts.push(sql`${sql.ref(`${alias}.branch_id`)} = ${branchId ?? null}`);
  for (const [param, value] of Object.entries(query.filters)) {
    const def = defs.get(param);
    if (def) parts.push(condition(entity, def, value, alias));
  }
  return parts;
}
