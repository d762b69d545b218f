import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entities, entityByName } from '../entities/index.ts';
import { cleanSearchFilter, filtersFor, pluralParam } from './filters.ts';
import type { EntityName } from './names.ts';

const params = (name: EntityName) => filtersFor(entityByName(name)).map((filter) => filter.param);

describe('filtersFor', () => {
  it('gives the shipment every filter the spec lists', () => {
    const shipment = params('shipment');
    const stages = ['CheckIn', 'LoadStart', 'LoadEnd', 'ShipCom', 'ShipStart', 'ShipEnd'];
    const ranges = [
      ...stages.flatMap((stage) => [
        `planDate${stage}`,
        `planTime${stage}`,
        `actDate${stage}`,
        `actTime${stage}`,
      ]),
      'createdAt',
      'updatedAt',
    ].flatMap((field) => [`${field}From`, `${field}To`]);
    expect(shipment).toEqual(
      expect.arrayContaining([
        'ids',
        'excludeIds',
        'docNoEq',
        'docNos',
        ...ranges,
        'shipCondIds',
        'shipCondExcludeIds',
        'vehicleTypeIds',
        'vehicleTypeExcludeIds',
        'driverIds',
        'driverExcludeIds',
        'createdByIds',
        'createdByExcludeIds',
        'updatedByIds',
        'updatedByExcludeIds',
        'searchTerm',
      ]),
    );
    expect(ranges).toHaveLength(52);
  });

  it('adds <field>Empty only where the field declares emptyFilter', () => {
    const byParam = new Map(filtersFor(entityByName('shipTo')).map((filter) => [filter.param, filter]));
    expect(byParam.get('latEmpty')).toEqual({
      param: 'latEmpty',
      kind: 'empty',
      field: 'lat',
      valueType: 'boolean',
      isList: false,
    });
    expect(byParam.has('lonEmpty')).toBe(true);
    expect(params('branch')).not.toContain('latEmpty');
  });

  it('describes each filter by kind, field, value type and list-ness', () => {
    const byParam = new Map(filtersFor(entityByName('shipment')).map((filter) => [filter.param, filter]));
    expect(byParam.get('docNos')).toEqual({
      param: 'docNos',
      kind: 'in',
      field: 'docNo',
      valueType: 'string',
      isList: true,
    });
    expect(byParam.get('planTimeLoadEndFrom')).toEqual({
      param: 'planTimeLoadEndFrom',
      kind: 'from',
      field: 'planTimeLoadEnd',
      valueType: 'time',
      isList: false,
    });
    expect(byParam.get('createdByExcludeIds')).toEqual({
      param: 'createdByExcludeIds',
      kind: 'refNotIn',
      field: 'createdBy',
      valueType: 'string',
      isList: true,
    });
    expect(byParam.get('ids')).toMatchObject({ kind: 'ids', field: 'id', isList: true });
  });

  it('derives Eq for strings, enums, booleans and integers, ranges for numbers and times', () => {
    const shiftOfDay = params('shiftOfDay');
    expect(shiftOfDay).toEqual(
      expect.arrayContaining([
        'nameEq',
        'names',
        'activeEq',
        'priorityEq',
        'priorityFrom',
        'priorityTo',
        'startTimeFrom',
      ]),
    );
    expect(shiftOfDay).not.toContain('startTimeEq');
    expect(shiftOfDay).not.toContain('activeFrom');
    const vehicleType = params('vehicleType');
    expect(vehicleType).toContain('maxCapacityWeightFrom');
    expect(vehicleType).not.toContain('maxCapacityWeightEq');
    expect(params('so')).toEqual(
      expect.arrayContaining(['statusEq', 'statuses', 'customerIds', 'docDateFrom']),
    );
  });

  it('filters a list reference by any of its ids, and leaves text, images and weekdays alone', () => {
    expect(params('appUser')).toEqual(
      expect.arrayContaining(['branchIds', 'branchExcludeIds', 'roleGroupIds']),
    );
    expect(params('appUser')).not.toContain('profileImageIds');
    expect(params('truckBanConfig')).not.toContain('bannedWeekdaysEq');
    expect(params('branch')).not.toContain('addressEq');
  });

  it('does not filter branch-owned rows by their own branch (the acting branch scopes them)', () => {
    expect(params('vehicle')).not.toContain('branchIds');
    expect(params('deliveryOrder')).toContain('siteIds');
    expect(params('appUser')).toContain('branchIds');
  });

  it('offers searchTerm only where some field is searchable', () => {
    expect(params('province')).toContain('searchTerm');
    expect(params('shippingPriceConfig')).not.toContain('searchTerm');
  });

  it('never derives the same parameter twice, nor one that is a paging word', () => {
    for (const entity of entities) {
      const names = params(entity.name);
      expect(new Set(names).size, entity.name).toBe(names.length);
      for (const reserved of ['page', 'size', 'sort', 'branchId']) expect(names).not.toContain(reserved);
    }
  });

  it('pluralises like English', () => {
    expect(pluralParam('docNo')).toBe('docNos');
    expect(pluralParam('status')).toBe('statuses');
    expect(pluralParam('category')).toBe('categories');
    expect(pluralParam('day')).toBe('days');
  });
});

describe('cleanSearchFilter', () => {
  it('trims strings and drops null, undefined, blank strings and empty arrays', () => {
    expect(
      cleanSearchFilter({
        a: ' x ',
        b: '   ',
        c: null,
        d: undefined,
        e: [],
        f: [' y ', '', null],
        g: 0,
        h: false,
        i: [null, '  '],
      }),
    ).toEqual({ a: 'x', f: ['y'], g: 0, h: false });
  });

  const value = fc.oneof(
    fc.string(),
    fc.constantFrom(null, undefined, '', '  ', ' \t'),
    fc.integer(),
    fc.boolean(),
    fc.array(fc.oneof(fc.string(), fc.constant(null), fc.integer())),
  );
  const filter = fc.dictionary(
    fc.string({ minLength: 1 }).filter((key) => key !== '__proto__'),
    value,
  );

  it('leaves nothing empty or untrimmed, keeps numbers and booleans, and is idempotent', () => {
    fc.assert(
      fc.property(filter, (input) => {
        const cleaned = cleanSearchFilter(input);
        for (const [key, kept] of Object.entries(cleaned)) {
          expect(key in input).toBe(true);
          expect(kept).not.toBeNull();
          expect(kept).not.toBeUndefined();
          if (typeof kept === 'string') expect(kept).toBe(kept.trim());
          if (typeof kept === 'string') expect(kept).not.toBe('');
          if (Array.isArray(kept)) {
            expect(kept.length).toBeGreaterThan(0);
            for (const item of kept) {
              expect(item).not.toBeNull();
              if (typeof item === 'string') expect(item).toBe(item.trim());
              if (typeof item === 'string') expect(item).not.toBe('');
            }
          }
        }
        for (const [key, original] of Object.entries(input)) {
          if (typeof original === 'number' || typeof original === 'boolean')
            expect(cleaned[key]).toBe(original);
          if (typeof original === 'string' && original.trim() !== '')
            expect(cleaned[key]).toBe(original.trim());
        }
        expect(cleanSearchFilter(cleaned)).toEqual(cleaned);
      }),
    );
  });
});
