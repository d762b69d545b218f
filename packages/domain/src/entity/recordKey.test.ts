import { describe, expect, it } from 'vitest';
import { ROLE_ADMIN, readRoleOf } from '../auth/roles.ts';
import { deliveryOrder, deliveryOrderReport, entities, file, province } from '../entities/index.ts';
import { findableEntities, recordKeyField } from './recordKey.ts';

describe('record keys (the command palette’s search)', () => {
  it('finds a DO by its document number and a province by its code', () => {
    expect(recordKeyField(deliveryOrder)?.name).toBe('docNo');
    expect(recordKeyField(province)?.name).toBe('code');
  });

  it('leaves out what has no page to open: list-only reports and files', () => {
    expect(recordKeyField(deliveryOrderReport)).toBeUndefined();
    expect(recordKeyField(file)).toBeUndefined();
  });

  it('every key is unique and searchable text, so the database has an index for it', () => {
    for (const entity of entities) {
      const field = recordKeyField(entity);
      if (!field) continue;
      expect(field, entity.name).toMatchObject({ type: 'string', unique: true, searchable: true });
    }
  });

  it('offers only the entities the user may read', () => {
    expect(findableEntities([readRoleOf(deliveryOrder.permission)]).map((e) => e.name)).toEqual([
      'deliveryOrder',
    ]);
    expect(findableEntities([])).toEqual([]);
    expect(findableEntities([ROLE_ADMIN]).length).toBe(entities.filter((e) => recordKeyField(e)).length);
  });
});
