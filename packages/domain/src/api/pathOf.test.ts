import { describe, expect, it } from 'vitest';
import { operation, pathOf } from './common.ts';
import { apiKeyApi } from './integration.ts';

describe('pathOf', () => {
  it('fills every :name of the path, URL-encoded', () => {
    expect(pathOf(apiKeyApi.revoke, { id: '7f0c' })).toBe('/apiKey/7f0c/revoke');
    const both = operation({ method: 'GET', url: '/a/:x/b/:y', schema: { response: {} } });
    expect(pathOf(both, { x: 'ก ข', y: '1/2' })).toBe('/a/%E0%B8%81%20%E0%B8%82/b/1%2F2');
  });

  it('answers a path without parameters as it is and refuses a missing one', () => {
    expect(pathOf(apiKeyApi.list)).toBe('/apiKey');
    expect(() => pathOf(apiKeyApi.revoke, {})).toThrow('no value for :id');
  });
});
