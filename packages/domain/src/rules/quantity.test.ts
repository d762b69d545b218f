import { describe, expect, it } from 'vitest';
import { entities } from '../entities/index.ts';
import {
  formatQuantity,
  formatQuantityNumber,
  QUANTITY_FORMATS,
  type QuantityKind,
  unitName,
} from './quantity.ts';

describe('quantities', () => {
  it('shows weights with the spec’s 2 decimals and volumes with 3, with their Thai units', () => {
    expect(formatQuantity('weight', 1234.567)).toBe('1,234.57 กก.');
    expect(formatQuantityNumber('weight', '12.5')).toBe('12.50');
    expect(formatQuantity('volume', 1.5)).toBe('1.500 ลบ.ม.');
    expect(formatQuantity('distance', 72.456)).toBe('72.46 กม.');
  });

  it('names the ERP’s unit codes as the product does', () => {
    expect(unitName('KG')).toBe('กก.');
    expect(unitName('m3')).toBe('ลบ.ม.');
    expect(unitName('EA')).toBe('EA');
  });

  it('every number whose label names a kind’s unit is declared as that kind (one format per kind)', () => {
    // Minutes are integers (shown without decimals like every integer); a decimal in minutes is a rate (speedPerKm).
    const kindOfUnit = new Map(
      Object.entries(QUANTITY_FORMATS)
        .filter(([kind]) => kind !== 'minutes')
        .map(([kind, format]) => [`(${format.unit})`, kind as QuantityKind]),
    );
    const mismatches = entities.flatMap((entity) =>
      [...entity.fields, ...(entity.children ?? []).flatMap((child) => child.fields)].flatMap((field) => {
        const named = [...kindOfUnit].find(([unit]) => field.label.endsWith(unit))?.[1];
        return named && field.quantity !== named
          ? [`${entity.name}.${field.name}: ${field.quantity} ≠ ${named}`]
          : [];
      }),
    );
    expect(mismatches).toEqual([]);
  });
});
