import { entityByName } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { entityKey, isRecordKeyOf } from './entityKeys.ts';

describe('isRecordKeyOf', () => {
  it("matches the deleted record's own keys, not the entity's lists or other records", () => {
    const province = entityByName('province');
    const deleted = isRecordKeyOf('province', 'p1');
    expect(deleted(entityKey(province, 'record', null, 'p1'))).toBe(true);
    expect(deleted(entityKey(province, 'history', null, 'p1'))).toBe(true);
    expect(deleted(entityKey(province, 'record', null, 'p2'))).toBe(false);
    expect(deleted(entityKey(province, 'list', null, { page: 1 }))).toBe(false);
  });
});
