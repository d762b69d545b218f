import { describe, expect, it } from 'vitest';
import type { EntityName } from '../entity/names.ts';
import { entities, entityByName } from './index.ts';

const THAI = /[\u0E00-\u0E7F]/;

describe('declaration decisions', () => {
  it('marks the branch-owned entities of product.md (and drivers)', () => {
    const owned = entities.filter((entity) => entity.branchOwned).map((entity) => entity.name);
    expect(owned.sort()).toEqual(
      [
        'vehicle',
        'vehicleDateSlot',
        'vehicleTypeAdjustPercent',
        'truckBanConfig',
        'deliveryOrder',
        'deliveryOrderReport',
        // The stops of the branch's trips (issue 40: what the stop-level figures open).
        'deliveryStopReport',
        'so',
        'bo',
        'bookingReport',
        'shipment',
        'driver',
      ].sort(),
    );
    for (const name of owned) {
      const branchId = entityByName(name).fields.find((field) => field.name === 'branchId');
      expect(branchId?.readOnly, name).toBe(true);
    }
  });

  it('uses query ids for users and permission groups, list only for the DO report and the stops', () => {
    expect(entityByName('appUser').routeStyle).toBe('crudQueryId');
    expect(entityByName('appRoleGroup').routeStyle).toBe('crudQueryId');
    expect(entityByName('deliveryOrderReport').routeStyle).toBe('listOnly');
    expect(entityByName('deliveryStopReport').routeStyle).toBe('listOnly');
    expect(entityByName('region').permission).toBe('PROVINCE');
  });

  it('labels documents by number, users by user name and full name', () => {
    expect(entityByName('shipment').labelFields).toEqual(['docNo']);
    expect(entityByName('so').labelFields).toEqual(['docNo']);
    expect(entityByName('appUser').labelFields).toEqual(['username', 'fullName']);
    expect(entityByName('province').labelFields).toEqual(['code', 'nameTh']);
  });

  it('types the fields where the spec is silent as a planner expects', () => {
    const field = (entity: EntityName, name: string) =>
      entityByName(entity).fields.find((f) => f.name === name);
    expect(field('subDistrict', 'lat')).toMatchObject({ type: 'decimal', scale: 6 });
    expect(field('shipCond', 'sla')).toMatchObject({ type: 'integer' });
    expect(field('shipCond', 'maxDistance')).toMatchObject({ type: 'decimal' });
    expect(field('truckBanConfig', 'bannedWeekdays')).toMatchObject({ type: 'weekdays' });
    expect(field('truckBanConfig', 'banDayPattern')?.options?.map((o) => o.value)).toEqual([
      'EVERY_DAY',
      'WEEKDAYS',
      'WEEKENDS',
      'CUSTOM',
    ]);
    expect(field('vehicleType', 'trailerTruck')).toMatchObject({ type: 'boolean' });
    expect(field('appRoleGroup', 'roles')).toMatchObject({ type: 'roles' });
    expect(entityByName('branch').children?.[0]?.fields.find((f) => f.name === 'speedPerKm')).toMatchObject({
      type: 'decimal',
    });
    for (const entity of entities) {
      for (const f of entity.fields) {
        if (f.typeNote !== undefined) expect(THAI.test(f.typeNote), `${entity.name}.${f.name}`).toBe(true);
      }
    }
  });
});
