import { entities, recordLabel, validateRecord } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { createEntityStore, queryRecords } from './entityStore.ts';
import { fixtureRecord, fixturesFor } from './fixtures.ts';

describe('fixtures generated from the declarations', () => {
  for (const entity of entities.filter((candidate) => !candidate.readOnlyEntity)) {
    it(`${entity.name}: every fixture passes the entity's own update schema`, () => {
      for (const record of fixturesFor(entity, 6)) {
        const result = validateRecord(entity, 'update', record);
        expect(result.ok ? {} : result.errors).toEqual({});
      }
    });
  }

  it('are the same on every run (stable screenshots) and labelled in Thai', () => {
    const province = entities.find((entity) => entity.name === 'province');
    if (!province) throw new Error('no province');
    expect(fixtureRecord(province, 3)).toEqual(fixtureRecord(province, 3));
    expect(recordLabel(province, fixtureRecord(province, 1))).toBe('PRO001: จังหวัด กรุงเทพมหานคร');
    expect(fixtureRecord(province, 1).regionLabel).toBe('REG001: ภาค กรุงเทพมหานคร');
  });

  it('list queries filter, search and sort like the server', () => {
    const province = entities.find((entity) => entity.name === 'province');
    if (!province) throw new Error('no province');
    const store = createEntityStore(province, fixturesFor(province, 12));
    const codes = (query: string) =>
      queryRecords(store, new URLSearchParams(query)).map((record) => record.code);
    expect(codes('codes=PRO002&codes=PRO005')).toEqual(['PRO002', 'PRO005']);
    expect(codes('sort=code,desc').slice(0, 2)).toEqual(['PRO012', 'PRO011']);
    expect(codes('searchTerm=pro01')).toEqual(['PRO010', 'PRO011', 'PRO012']);
  });
});
