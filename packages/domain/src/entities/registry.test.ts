import { describe, expect, it } from 'vitest';
import { isIconName } from '../entity/icons.ts';
import type { EntityName } from '../entity/names.ts';
import { type EntityDef, type FieldDef, singleNaturalKey } from '../entity/types.ts';
import { defineEntity } from './define.ts';
import { codeField, nameField, refField, sortBy, stringField } from './fields.ts';
import { entityHead, entityHeadList, entityHeads } from './heads.ts';
import type * as declared from './index.ts';
import { entities, entityByName, entityNames, findEntity, hasEntity } from './index.ts';

const THAI = /[\u0E00-\u0E7F]/;
// Names the spec keeps in English (product.md).
const ENGLISH_ALLOWED = /^(LMS|DO Booking|Ship Cond|Time Slot Code|DO Report|SO|BO)$/;

describe('the entity registry', () => {
  it('declares every entity of the brief once, by name', () => {
    expect([...entityNames].sort()).toEqual(
      [
        'articleUomType',
        'vehicleDateSlot',
        'vehicleUtilizationThresholds',
        'region',
        'province',
        'district',
        'subDistrict',
        'vehicle',
        'vehicleType',
        'vehicleGroup',
        'branch',
        'shipment',
        'customer',
        'contractor',
        'routeConfig',
        'shiftOfDay',
        'unit',
        'uom',
        'shipCond',
        'vehicleTypeAdjustPercent',
        'article',
        'timeSlotCode',
        'shipTo',
        'truckBanConfig',
        'articleTypeProhibit',
        'deliveryOrder',
        'warehouse',
        'shippingPriceConfig',
        'driver',
        'so',
        'bo',
        'bookingReport',
        'deliveryOrderReport',
        'deliveryStopReport',
        'appUser',
        'appRoleGroup',
        'file',
      ].sort(),
    );
  });

  it('finds an entity by name; a misspelt name does not compile, and throws if it gets past the compiler', () => {
    expect(entityByName('province').title).toBe('จังหวัด');
    expect(hasEntity('nope')).toBe(false);
    expect(findEntity('nope')).toBeUndefined();
    expect(findEntity('province')).toBe(entityByName('province'));
    // @ts-expect-error not an entity's name
    expect(() => entityByName('provinces')).toThrow(/Unknown entity "provinces"/);
  });
});

// The `@ts-expect-error` lines are the test of the declarations' types: the typecheck fails when
// one of them compiles (a misspelt column, sort, label or reference would then slip through).
describe('defineEntity', () => {
  const head = {
    title: 'ทดสอบ',
    permission: '',
    branchOwned: false,
    menuGroup: null,
    icon: 'globe',
  } as const;
  const common = { ...head, path: '/probe', routeStyle: 'crud' } as const;

  it('fills in the usual path, pages (the head), label and sort', () => {
    const probe = defineEntity({
      ...entityHead({ ...head, name: 'region' }),
      fields: [codeField(), nameField()],
      listColumns: ['code'],
    });
    expect(probe).toMatchObject({
      path: '/region',
      routeStyle: 'crud',
      labelFields: ['code', 'name'],
      defaultSort: [{ field: 'code', direction: 'asc' }],
    });
  });

  it('keeps what a declaration says over the defaults', () => {
    const probe = defineEntity({
      ...entityHead({ ...head, name: 'region', path: '/regions' }),
      fields: [stringField('title', 'ชื่อเรื่อง')],
      listColumns: ['title'],
      labelFields: ['title'],
      defaultSort: [sortBy('title', 'desc')],
    });
    expect(probe).toMatchObject({
      path: '/regions',
      labelFields: ['title'],
      defaultSort: [{ field: 'title' }],
    });
  });

  it('keeps every declaration’s field names literal, so that each is checked', () => {
    // A helper answering `FieldDef[]` widens a declaration's names to `string`, and its columns,
    // sorts and labels would no longer be checked: then this does not compile and names it.
    type FieldsOf<E> = E extends EntityDef<EntityName, infer F> ? F : never;
    type Loose = { [N in EntityName]: string extends FieldsOf<(typeof declared)[N]> ? N : never }[EntityName];
    const loose: [Loose] extends [never] ? readonly EntityName[] : [Loose] = [];
    expect(loose).toEqual([]);
  });

  it('refuses names that are not the declaration’s fields or entities: at compile time, and at start-up', () => {
    const fields = [codeField(), nameField()];
    // @ts-expect-error a list column that is not a field
    expect(() => defineEntity({ ...common, name: 'region', fields, listColumns: ['code', 'nmae'] })).toThrow(
      /region: no field nmae/,
    );
    expect(() =>
      defineEntity({
        ...common,
        name: 'region',
        fields,
        listColumns: ['code'],
        // @ts-expect-error a sort on a field that does not exist
        defaultSort: [sortBy('codes')],
      }),
    ).toThrow(/no field codes/);
    expect(() =>
      // @ts-expect-error no `code`/`name`: the label and the sort must be declared
      defineEntity({
        ...common,
        name: 'region',
        fields: [stringField('title', 'ชื่อ')],
        listColumns: ['title'],
      }),
    ).toThrow(/no field code, name/);
    // @ts-expect-error not an entity's name
    expect(() => defineEntity({ ...common, name: 'regoin', fields, listColumns: ['code'] })).toThrow(
      /"regoin"/,
    );
    // @ts-expect-error a reference whose name names no entity, without saying which
    expect(() => refField('provnceId', 'จังหวัด')).toThrow(/no entity "provnce"/);
  });
});

describe('entity heads', () => {
  it('are the declarations’ own: every declaration carries its head’s values, in the same order', () => {
    expect(entityHeadList.map((entityHead) => entityHead.name)).toEqual(
      entities.map((entity) => entity.name),
    );
    for (const entity of entities)
      for (const [key, value] of Object.entries(entityHeads[entity.name]))
        expect(entity[key as keyof EntityDef], `${entity.name}.${key}`).toEqual(value);
  });
});

describe.each(entities.map((entity) => [entity.name, entity] as const))('%s', (_, entity) => {
  const declared = new Set(entity.fields.map((field) => field.name));

  it('names only declared fields in listColumns, defaultSort and labelFields', () => {
    for (const column of entity.listColumns) expect(declared, column).toContain(column);
    for (const sort of entity.defaultSort) expect(declared, sort.field).toContain(sort.field);
    for (const label of entity.labelFields) expect(declared, label).toContain(label);
    expect(entity.labelFields.length).toBeGreaterThan(0);
  });

  it('declares each field once and points every reference at a declared entity', () => {
    const all: FieldDef[] = [...entity.fields, ...(entity.children ?? []).flatMap((child) => child.fields)];
    expect(new Set(entity.fields.map((field) => field.name)).size).toBe(entity.fields.length);
    for (const field of all) {
      if (field.type === 'ref' || field.type === 'refs') {
        expect(field.ref && hasEntity(field.ref), `${field.name} → ${field.ref}`).toBe(true);
      }
      if (field.type === 'ref')
        expect(field.name).toMatch(/(Id|^createdBy|^updatedBy|^confirmedBy|^canceledBy)$/);
      if (field.type === 'refs') expect(field.name).toMatch(/Ids$/);
      if (field.type === 'enum') expect(field.options?.length ?? 0).toBeGreaterThan(1);
    }
  });

  it('labels its title, fields and options in Thai (or a name the spec keeps in English)', () => {
    const texts = [
      entity.title,
      ...entity.fields.map((field) => field.label),
      ...entity.fields.flatMap((field) => (field.options ?? []).map((option) => option.label)),
      ...(entity.children ?? []).flatMap((child) => [
        child.label,
        ...child.fields.map((field) => field.label),
      ]),
    ];
    for (const text of texts) expect(THAI.test(text) || ENGLISH_ALLOWED.test(text), text).toBe(true);
  });

  it('has its route at /<name>, a known icon, and codes and names searchable', () => {
    expect(entity.path).toBe(`/${entity.name}`);
    expect(isIconName(entity.icon), entity.icon).toBe(true);
    for (const field of entity.fields) {
      if (['code', 'name', 'docNo'].includes(field.name)) expect(field.searchable, field.name).toBe(true);
    }
  });

  it('keeps createdAt, updatedAt, createdBy and updatedBy read-only', () => {
    for (const field of entity.fields.filter((f) => /^(created|updated)(At|By)$/.test(f.name))) {
      expect(field.readOnly, field.name).toBe(true);
    }
  });

  it('matches records on a natural key that is a required, unique, editable text field', () => {
    const key = singleNaturalKey(entity);
    if (!key) return;
    const field = entity.fields.find((f) => f.name === key);
    expect(field, key).toMatchObject({ type: 'string', required: true, unique: true });
    expect(field?.readOnly).toBeFalsy();
  });
});
