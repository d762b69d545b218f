import {
  type EntityDef,
  type FieldDef,
  type FieldType,
  LIST_AFTER_REFUSED,
  type ListQuery,
} from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import { isUuid } from '../auth/access.ts';
import { columnOf } from '../entities/naming.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Keyset paging of a list (issue 41, docs/api.md "Paging"): a page after the one before starts
 * where that one ended — `(sort values, id)` past its last row — instead of skipping `page × size`
 * rows. PostgreSQL then reads the page's rows only, and the statement has no OFFSET, so its plan
 * can be kept (db/prepared.ts): planning the list's label subqueries was more than half of its
 * time in PostgreSQL (bench/api).
 *
 * Only sorts on columns whose answered value is the stored one take part: text, enums, integers,
 * booleans and days. Decimals (read as numbers), times of day (answered HH:mm), instants
 * (milliseconds, stored in microseconds) and references (sorted by their label) are paged by
 * number, as is a personal field (its value would travel in the cursor, unmasked).
 */

/** A sort key: its column, its direction and the SQL type its cursor value is read back as. */
export interface SortKey {
  readonly field: string;
  readonly column: string;
  readonly desc: boolean;
  readonly type: string;
}

/** The type a cursor value is cast to: PostgreSQL compares it with the column as the column's own. */
const KEY_TYPES: Partial<Record<FieldType, string>> = {
  string: 'text',
  enum: 'text',
  integer: 'bigint',
  boolean: 'boolean',
  date: 'date',
};

/** A list's sort as keys (then its id), or undefined when a key cannot be paged by value. */
export function keysetSort(entity: EntityDef, query: ListQuery): readonly SortKey[] | undefined {
  const sort = query.sort.length ? query.sort : entity.defaultSort;
  const keys: SortKey[] = [];
  for (const { field, direction } of sort) {
    const def: FieldDef | undefined = entity.fields.find((f) => f.name === field);
    const type = def && !def.personal ? KEY_TYPES[def.type] : undefined;
    if (!def || !type) return undefined;
    keys.push({ field, column: columnOf(def), desc: direction === 'desc', type });
  }
  return keys;
}

/** What a cursor names: the sort it was made for, then the last row's values and id. */
const signature = (keys: readonly SortKey[]) =>
  keys.map((k) => `${k.field},${k.desc ? 'desc' : 'asc'}`).join(';');

/** The cursor of a page's last row: where the next page starts. */
export function cursorAfter(keys: readonly SortKey[], row: Readonly<Record<string, unknown>>): string {
  const values = [signature(keys), ...keys.map((k) => row[k.field] ?? null), row.id];
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

type KeyValue = string | number | boolean | null;
const isKeyValue = (value: unknown): value is KeyValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * A cursor's values, checked against the list's sort: one made for another sort (or none the
 * server made) is a 400, never a page read from somewhere else.
 */
export function readCursor(
  keys: readonly SortKey[] | undefined,
  text: string,
): { readonly values: readonly KeyValue[]; readonly id: string } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(400, [LIST_AFTER_REFUSED]);
  }
  if (
    !keys ||
    !Array.isArray(decoded) ||
    decoded.length !== keys.length + 2 ||
    decoded[0] !== signature(keys) ||
    !decoded.every(isKeyValue) ||
    !isUuid(decoded.at(-1))
  )
    throw new HttpError(400, [LIST_AFTER_REFUSED]);
  return { values: decoded.slice(1, -1) as KeyValue[], id: decoded.at(-1) as string };
}

/**
 * The rows after a cursor in the list's order (PostgreSQL's: nulls last ascending, first
 * descending), key by key: past this key's value, or equal to it and past on the next keys; the
 * id decides last. A non-null key's bound comes first as a range (`col <= v` descending), so an
 * index on the sort serves it. Each value is read through `(select …)`: PostgreSQL then plans
 * the statement without looking at it, as its kept (generic) plan does, and keeps that plan; with
 * the value in view it planned the statement anew on every page.
 */
export function afterCondition(
  keys: readonly SortKey[],
  cursor: { readonly values: readonly KeyValue[]; readonly id: string },
  alias = 't',
  /** The row's id column (a query over joined tables names each column with its own table). */
  idColumn = `${alias}.id`,
): RawBuilder<unknown> {
  let rest: RawBuilder<unknown> = sql`${sql.ref(idColumn)} > (select ${cursor.id}::uuid)`;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    const column = sql.ref(key.column.includes('.') ? key.column : `${alias}.${key.column}`);
    const value = cursor.values[i];
    if (value === null || value === undefined) {
      // Nulls sort first descending (every non-null follows them) and last ascending (nothing does).
      rest = key.desc
        ? sql`(${column} is not null or (${column} is null and ${rest}))`
        : sql`(${column} is null and ${rest})`;
      continue;
    }
    const bound = sql`(select ${value}::${sql.raw(key.type)})`;
    rest = key.desc
      ? sql`(${column} <= ${bound} and (${column} < ${bound} or ${rest}))`
      : sql`((${column} >= ${bound} and (${column} > ${bound} or ${rest})) or ${column} is null)`;
  }
  return rest;
}
