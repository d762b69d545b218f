import { type EntityDef, entities, ROLE_ADMIN } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { answeredAsJson, listRecords } from '../src/crud/repository.ts';
import { pageRequest } from '../src/crud/requests.ts';
import { storedAsTable } from '../src/entities/naming.ts';
import { personalDataMask } from '../src/privacy/personalDataMask.ts';
import { createReferences, sampleBody } from './entityFactory.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * The list pages PostgreSQL writes as JSON (`listAnswer`, issue 41) answer what the rows read into
 * objects and serialized answered (`listRecords`, the path of entities whose rows a mask changes):
 * every entity that goes that way, a record of it created through the API, counted and not, by
 * number and after a page.
 */
const server = setupTestServer();
const asJson = entities.filter((e) => answeredAsJson(e) && personalDataMask.listsAsRead(e));
const writable = asJson.filter((e) => storedAsTable(e) && !e.readOnlyEntity);
let token = '';
let branchId = '';

beforeAll(async () => {
  branchId = await createBranch(server.db, 'HQ', 'สำนักงานใหญ่');
  token = await signIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
  );
});

/** The list over HTTP, and the same page read into objects, serialized as JSON.stringify would. */
async function bothWays(entity: EntityDef, params: Record<string, string>) {
  const query = new URLSearchParams({ ...(entity.branchOwned ? { branchId } : {}), ...params });
  const response = await fetch(`${server.api}/${entity.name}?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const { query: listQuery, reading } = pageRequest(entity, Object.fromEntries(query));
  const page = await listRecords(
    server.db,
    entity,
    listQuery,
    entity.branchOwned ? branchId : undefined,
    reading,
  );
  return { http: JSON.parse(text), objects: JSON.parse(JSON.stringify(page)) };
}

it('goes for most entities, the DOs among them, and never for one with personal data', () => {
  expect(asJson.map((e) => e.name)).toContain('deliveryOrder');
  expect(asJson.length).toBeGreaterThan(entities.length / 2);
  expect(asJson.filter((e) => e.fields.some((f) => f.personal))).toEqual([]);
});

describe.each(writable.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  beforeAll(async () => {
    const refIds = await createReferences(server.api, token, entity, branchId);
    const create = () =>
      call(server.api, 'POST', `/${entity.name}${entity.branchOwned ? `?branchId=${branchId}` : ''}`, {
        token,
        body: sampleBody(entity, refIds),
      });
    const created = await create();
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // A second page needs a second record; one refused by a unique key of the sample leaves one.
    await create();
  });

  it('answers the page as the rows read into objects do, counted and not, by number and after a page', async () => {
    const first = await bothWays(entity, { size: '1' });
    expect(first.http.items.length).toBe(1);
    expect(first.http).toEqual(first.objects);
    const skipped = await bothWays(entity, { size: '1', total: 'skip' });
    expect(skipped.http).toEqual(skipped.objects);
    expect(skipped.http.total).toBeNull();
    const second = await bothWays(entity, { size: '1', page: '1' });
    expect(second.http).toEqual(second.objects);
    if (first.http.next) {
      const after = await bothWays(entity, { size: '1', page: '1', after: first.http.next });
      expect(after.http).toEqual(after.objects);
      expect(after.http.items).toEqual(second.http.items);
    }
  });
});
