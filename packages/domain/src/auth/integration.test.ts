import { describe, expect, it } from 'vitest';
import { entities } from '../entities/index.ts';
import { apiKeyMayUse, fieldsFrozenByBooking } from './integration.ts';

describe('what an API key may reach', () => {
  it('reaches entity routes, never user or permission-group administration', () => {
    expect(apiKeyMayUse({ entity: 'deliveryOrder', action: 'update' })).toBe(true);
    expect(apiKeyMayUse({ entity: 'appUser', action: 'read' })).toBe(false);
    expect(apiKeyMayUse({ entity: 'appRoleGroup', action: 'create' })).toBe(false);
  });

  it('reaches no route guarded by roles or by signing in alone (keys, account, booking)', () => {
    expect(apiKeyMayUse({ roles: ['ROLE_ADMIN'] })).toBe(false);
    expect(apiKeyMayUse({ signedIn: true })).toBe(false);
  });

  it('freezes only fields the delivery order declares', () => {
    const fields = entities.find((e) => e.name === 'deliveryOrder')!.fields.map((f) => f.name);
    expect(fields).toEqual(expect.arrayContaining([...fieldsFrozenByBooking, 'isBooking']));
  });
});
