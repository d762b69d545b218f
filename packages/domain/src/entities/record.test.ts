import { describe, expectTypeOf, it } from 'vitest';
import type { EntityRecord } from './record.ts';

/**
 * A record's type comes from its declaration (issue 16): these hold at compile time (`tsc` over
 * the tests) and fail to compile when a declaration's field, type or required flag changes.
 */
describe('EntityRecord', () => {
  type Slot = EntityRecord<'vehicleDateSlot'>;

  it('gives a required field its type, and leaves the others optional and nullable', () => {
    expectTypeOf<Slot['shiftDate']>().toEqualTypeOf<string>();
    expectTypeOf<Slot['total']>().toEqualTypeOf<number>();
    expectTypeOf<Slot['special']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Slot['routeConfigId']>().toEqualTypeOf<string | null | undefined>();
  });

  it('never leaves a flag unknown, and types lists, weekdays and enums from the declaration', () => {
    expectTypeOf<EntityRecord<'deliveryOrder'>['isBooking']>().toEqualTypeOf<boolean>();
    expectTypeOf<EntityRecord<'article'>['unsupportedVehicleTypeIds']>().toEqualTypeOf<
      readonly string[] | null | undefined
    >();
    expectTypeOf<EntityRecord<'truckBanConfig'>['bannedWeekdays']>().toEqualTypeOf<
      readonly number[] | null | undefined
    >();
    expectTypeOf<EntityRecord<'vehicleUtilizationThresholds'>['status']>().toEqualTypeOf<
      'AVAILABLE' | 'NORMAL' | 'NEARLY_FULL' | 'FULL'
    >();
  });

  it('has no property a declaration does not declare', () => {
    expectTypeOf<Slot>().not.toHaveProperty('shiftDay');
    expectTypeOf<EntityRecord<'province'>>().toHaveProperty('nameTh');
  });
});
