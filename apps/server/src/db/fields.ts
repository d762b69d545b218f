import { type RawBuilder, type Selectable, type ShallowDehydrateObject, type Simplify, sql } from 'kysely';
import { type Snake, snake } from '../entities/naming.ts';
import type { DB } from './schema.generated.ts';

/** `vehicle_type_id` → `vehicleTypeId`: a column's name as the declarations spell the field. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** A table's row under its fields' names (each column that `snake` names back), typed by the schema. */
export type FieldsOf<T extends keyof DB> = {
  [C in keyof Selectable<DB[T]> & string as Snake<Camel<C>> extends C ? Camel<C> : never]: Selectable<
    DB[T]
  >[C];
};

/** The row a select list (`columns`) reads. */
export type ColumnsRow<L> = L extends RawBuilder<infer R> ? R : never;

/** Another field of the table (a rename), or an expression typed as `sql<T>` declares it. */
type Computed<T extends keyof DB> = keyof FieldsOf<T> | RawBuilder<unknown>;

type Lookup<O, K> = K extends keyof O ? O[K] : never;

type ComputedRow<T extends keyof DB, E> = {
  [K in keyof E]: E[K] extends RawBuilder<infer V> ? V : Lookup<FieldsOf<T>, E[K]>;
};

/**
 * A select list: columns of `table` read under their fields' names, the aliases generated:
 * `['shiftOfDayId']` selects the column shift_of_day_id under that name, typed by the schema (a name
 * that is no column of the table does not compile). `computed` adds more under their keys: another
 * field of the table (`{ articleId: 'articleUomId' }`) or an expression
 * (`{ startTime: sql<string>\`to_char(start_time, 'HH24:MI')\` }`); `alias` qualifies the columns.
 */
export function columns<
  T extends keyof DB,
  F extends keyof FieldsOf<T> & string,
  E extends Record<string, Computed<T>> = Record<never, never>,
>(
  _table: T,
  fields: readonly F[],
  computed?: E,
  alias?: string,
): RawBuilder<Simplify<Pick<FieldsOf<T>, F> & ComputedRow<T, E>>> {
  const ref = (field: string) => sql.ref(alias ? `${alias}.${snake(field)}` : snake(field));
  const parts = [
    ...fields.map((field) => (snake(field) === field ? ref(field) : sql`${ref(field)} as ${sql.ref(field)}`)),
    ...Object.entries(computed ?? {}).map(
      ([field, value]) => sql`${typeof value === 'string' ? ref(value) : value} as ${sql.ref(field)}`,
    ),
  ];
  return sql.join<Simplify<Pick<FieldsOf<T>, F> & ComputedRow<T, E>>>(parts);
}

/** Two select lists of one row: `select ${both(a, b)} from …`. */
export const both = <A, B>(a: RawBuilder<A>, b: RawBuilder<B>) => sql<Simplify<A & B>>`${a}, ${b}`;

/** `select <list> <rest>` (rest: `from …`), typed by its list. */
export const selectRows = <R>(list: RawBuilder<R>, rest: RawBuilder<unknown>) =>
  sql<R>`select ${list} ${rest}`;

/** A row as JSON gives it back (`json_agg`, `row_to_json`): a timestamp as its ISO text. */
export type JsonRow<R> = Simplify<ShallowDehydrateObject<R>>;

/** The JSON rows of a query made by `selectRows`. */
export type RowOf<Q> = Q extends RawBuilder<infer R> ? JsonRow<R> : never;

/**
 * Checks that every row has `key` set, as the query's WHERE reads only such rows (a branch's own):
 * the rows are typed so from then on, without a copy of them.
 */
export function assertPresent<R, K extends keyof R>(
  rows: readonly R[],
  key: K,
  column: string,
): asserts rows is readonly (R & { [P in K]: NonNullable<R[P]> })[] {
  for (const row of rows)
    if (row[key] === null) throw new Error(`${column} is null in a row read only where it is set`);
}

/** Checks that every row's `key` is one of its field's declared options: the rows are typed so. */
export function assertOptions<R, K extends keyof R, V extends string>(
  rows: readonly R[],
  key: K,
  options: readonly { readonly value: V }[],
  column: string,
): asserts rows is readonly (R & { [P in K]: V })[] {
  for (const row of rows)
    if (!options.some((option) => option.value === row[key]))
      throw new Error(`${column} holds "${String(row[key])}", which is none of its options`);
}

/**
 * A JSON column's value as the contract type it was written as (`validator`: the contract's schema,
 * compiled once): checked on the way back, not assumed, so a row of an older shape fails by its name.
 */
export function storedJson<T>(
  validator: { Check(value: unknown): value is T },
  value: unknown,
  column: string,
): T {
  if (!validator.Check(value)) throw new Error(`${column} does not hold what its contract says`);
  return value;
}
