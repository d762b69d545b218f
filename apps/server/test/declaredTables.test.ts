import type { AlwaysSet, EntityName, FieldDef, FieldsOf } from '@lms/domain';
import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB, ViewName } from '../src/db/schema.generated.ts';
import type { Snake } from '../src/entities/naming.ts';

/**
 * The typed queries' `DB` (generated from the migrated database) and the records' types (derived
 * from the declarations, `EntityRecord`) describe one thing: every stored field of every
 * declaration has its column, of the type and nullability the DDL gives it. Checked by the
 * compiler — `npm test`'s typecheck names the entity and field that differ — the day a
 * declaration changes without its migration and `npm run db:types`.
 */

/** The columns every entity table has whatever its declaration says (`entities/ddl.ts`). */
type StandardColumn = 'id' | 'version' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by';

/** What a column of a field's type reads as in Node (the parsers of `db/database.ts`). */
type ColumnValue<F extends FieldDef> = F['type'] extends 'datetime'
  ? Date
  : F['type'] extends 'integer' | 'decimal'
    ? number
    : F['type'] extends 'boolean'
      ? boolean
      : F['type'] extends 'weekdays'
        ? number[]
        : F['type'] extends 'roles'
          ? string[]
          : string;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type Relation<N extends EntityName> = Snake<N> & keyof DB;
type Row<N extends EntityName> = Selectable<DB[Relation<N>]>;
type Column<N extends EntityName, F extends FieldDef> = Row<N>[Snake<F['name']> & keyof Row<N>];

/** A view's columns are all nullable to PostgreSQL: only their types are compared. */
type Agrees<N extends EntityName, F extends FieldDef> =
  Relation<N> extends ViewName
    ? Same<NonNullable<Column<N, F>>, ColumnValue<F>>
    : Same<Column<N, F>, ColumnValue<F> | (AlwaysSet<F> extends true ? never : null)>;

type FieldMismatch<N extends EntityName, F extends FieldDef> = F extends FieldDef
  ? F['type'] extends 'refs' | 'attachments'
    ? never // a link table, not a column
    : Snake<F['name']> extends StandardColumn
      ? never
      : Snake<F['name']> extends keyof Row<N>
        ? Agrees<N, F> extends true
          ? never
          : `${N}.${F['name']}: another type or nullability`
        : `${N}.${F['name']}: no column ${Snake<F['name']>}`
  : never;

/** Every entity stored in a relation of its own name (the upload store's `file` is not). */
type Stored = { [N in EntityName]: Snake<N> extends keyof DB ? N : never }[EntityName];
type Mismatches = { [N in Stored]: FieldMismatch<N, FieldsOf<N>> }[Stored];

describe('the declarations and the typed database', () => {
  it('agree on every stored field’s column, type and nullability (at compile time)', () => {
    // When they differ, the compiler's message names each field: `true` is not `{ differ: '…' }`.
    const agree: [Mismatches] extends [never] ? true : { differ: Mismatches } = true;
    expect(agree).toBe(true);
  });

  it('cover the stored entities, so the check above checks something', () => {
    const stored: readonly Stored[] = ['deliveryOrder', 'vehicleDateSlot', 'deliveryOrderReport', 'appUser'];
    // @ts-expect-error the upload store's rows live in `stored_file`, not in a relation named `file`
    const notStored: readonly Stored[] = ['file'];
    expect([...stored, ...notStored]).toHaveLength(5);
  });
});
