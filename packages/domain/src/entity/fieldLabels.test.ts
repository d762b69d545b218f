import { describe, expect, it } from 'vitest';
import { entityByName } from '../entities/index.ts';
import { fieldLabel } from './fieldLabels.ts';

describe('fieldLabel', () => {
  it('names a field by the label its declarations give it', () => {
    expect(fieldLabel('lat')).toBe('ละติจูด');
    expect(fieldLabel('username')).toBe('ชื่อผู้ใช้');
  });

  it('names a reference outside any declaration by the entity it points to', () => {
    expect(fieldLabel('warehouseIds')).toBe(entityByName('warehouse').title);
    expect(fieldLabel('shipToId')).toBe(entityByName('shipTo').title);
  });

  it('knows nothing of a name no declaration uses', () => {
    expect(fieldLabel('noSuchField')).toBeUndefined();
  });
});
