import { describe, expect, it } from 'vitest';
import { isIconName } from '../entity/icons.ts';
import { type FieldDef, singleNaturalKey } from '../entity/types.ts';
import { entities, entityByName, entityNames, hasEntity } from './index.ts';

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
        'appUser',
        'appRoleGroup',
        'file',
      ].sort(),
    );
  });

  it('finds an entity by name and names the unknown one in its error', () => {
    expect(entityByName('province').title).toBe('จังหวัด');
    expect(hasEntity('nope')).toBe(false);
    expect(() => entityByName('provinces')).toThrow(/Unknown entity "provinces"/);
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
