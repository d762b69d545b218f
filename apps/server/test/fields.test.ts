import { banDayPatternOptions } from '@lms/domain';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
} from 'kysely';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { assertOptions, assertPresent, columns, selectRows, storedJson } from '../src/db/fields.ts';
import type { DB } from '../src/db/schema.generated.ts';

// Compiles SQL only: no connection.
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('columns: rows under their fields’ names, the aliases generated', () => {
  it('selects each field’s column under the field’s name, renames and expressions under their keys', () => {
    const list = columns(
      'delivery_order',
      ['id', 'docNo', 'isBooking'],
      { articleId: 'articleUomId', shipToId: sql<string | null>`coalesce(bo_ship_to_id, so_ship_to_id)` },
      'd',
    );
    expect(selectRows(list, sql`from delivery_order d`).compile(db).sql).toBe(
      'select "d"."id", "d"."doc_no" as "docNo", "d"."is_booking" as "isBooking", "d"."article_uom_id" as "articleId", coalesce(bo_ship_to_id, so_ship_to_id) as "shipToId" from delivery_order d',
    );
  });

  it('types the row from the schema, and a field that is no column does not compile', () => {
    const list = columns('vehicle_date_slot', ['shiftDate', 'branchId', 'total']);
    expectTypeOf(selectRows(list, sql`from vehicle_date_slot`)).toEqualTypeOf<
      RawBuilder<{ shiftDate: string; branchId: string | null; total: number }>
    >();
    // @ts-expect-error: vehicle_date_slot has no column shift_name.
    columns('vehicle_date_slot', ['shiftName']);
  });
});

describe('rows narrower in the engine than in the schema: checked, not assumed', () => {
  it('passes rows whose column is set and whose option is declared, and names the column of one that is not', () => {
    const rows = [{ branchId: 'b' as string | null, banDayPattern: 'WEEKDAYS' }];
    assertPresent(rows, 'branchId', 'truck_ban_config.branch_id');
    assertOptions(rows, 'banDayPattern', banDayPatternOptions, 'truck_ban_config.ban_day_pattern');
    expectTypeOf(rows[0]!.banDayPattern).toEqualTypeOf<'EVERY_DAY' | 'WEEKDAYS' | 'WEEKENDS' | 'CUSTOM'>();
    expect(() => assertPresent([{ branchId: null }], 'branchId', 'truck_ban_config.branch_id')).toThrow(
      'truck_ban_config.branch_id',
    );
    expect(() =>
      assertOptions([{ p: 'SOMETIMES' }], 'p', banDayPatternOptions, 'truck_ban_config.ban_day_pattern'),
    ).toThrow('"SOMETIMES"');
  });

  it('reads a JSON column back through its contract’s schema', () => {
    const stored = Compile(Type.Object({ slotId: Type.String(), vehicles: Type.Integer() }));
    expect(storedJson(stored, { slotId: 's', vehicles: 2 }, 'booking_draft.allocations')).toEqual({
      slotId: 's',
      vehicles: 2,
    });
    expect(() => storedJson(stored, { slotId: 's' }, 'booking_draft.allocations')).toThrow(
      'booking_draft.allocations',
    );
  });
});
