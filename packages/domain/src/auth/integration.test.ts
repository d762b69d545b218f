import { describe, expect, it } from 'vitest';
import { entities, entityByName } from '../entities/index.ts';
import { apiKeyReaches, apiKeyRecordsOf, fieldsFrozenByBooking } from './integration.ts';

describe('what an API key may reach', () => {
  it('reads and writes entity records, never user or permission-group administration', () => {
    for (const action of ['read', 'create', 'update', 'delete'] as const)
      expect(apiKeyReaches(entityByName('deliveryOrder'), action)).toBe(true);
    expect(apiKeyReaches(entityByName('appUser'), 'read')).toBe(false);
    expect(apiKeyReaches(entityByName('appRoleGroup'), 'create')).toBe(false);
  });

  it('reads and updates its own branches’ records, and never creates or deletes a branch', () => {
    const branch = entityByName('branch');
    expect(['read', 'create', 'update', 'delete'].filter((a) => apiKeyReaches(branch, a as 'read'))).toEqual([
      'read',
      'update',
    ]);
    expect(apiKeyRecordsOf(branch, ['b1', 'b2'])).toEqual(['b1', 'b2']);
    expect(apiKeyRecordsOf(entityByName('deliveryOrder'), ['b1'])).toBeUndefined();
    expect(apiKeyRecordsOf(entityByName('customer'), ['b1'])).toBeUndefined();
  });

  it('freezes only fields the delivery order declares', () => {
    const fields = entities.find((e) => e.name === 'deliveryOrder')!.fields.map((f) => f.name);
    expect(fields).toEqual(expect.arrayContaining([...fieldsFrozenByBooking, 'isBooking']));
  });
});
