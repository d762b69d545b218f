import { deliveryOrder, province, RECORD_SEARCH, ROLE_ADMIN, readRoleOf } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferences, sampleBody } from './entityFactory.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/** The command palette's record search (issue 22 item 6): role, branch, order, limits, bad input. */
const server = setupTestServer();
let branchA = '';
let branchB = '';
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function createDo(token: string, branchId: string, refIds: Record<string, string>, docNo: string) {
  const created = await call(server.api, 'POST', `/deliveryOrder?branchId=${branchId}`, {
    token,
    body: { ...sampleBody(deliveryOrder, refIds), docNo },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

beforeAll(async () => {
  branchA = await createBranch(server.db, 'SA', 'สาขาเอ');
  branchB = await createBranch(server.db, 'SB', 'สาขาบี');
  const admin = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
  const refsA = await createReferences(server.api, admin, deliveryOrder, branchA);
  const refsB = await createReferences(server.api, admin, deliveryOrder, branchB);
  ids.exact = await createDo(admin, branchA, refsA, 'DO6800123');
  ids.longer = await createDo(admin, branchA, refsA, 'DO6800123-1');
  ids.inside = await createDo(admin, branchA, refsA, 'X-DO6800123');
  ids.otherBranch = await createDo(admin, branchB, refsB, 'DO6800123-B');
  for (let n = 0; n < RECORD_SEARCH.perEntity + 3; n++)
    await createDo(admin, branchA, refsA, `MANY${String(n).padStart(3, '0')}`);
  const createdProvince = await call(server.api, 'POST', '/province', {
    token: admin,
    body: { ...sampleBody(province, refsA), code: 'DO68P' },
  });
  expect(createdProvince.status, JSON.stringify(createdProvince.body)).toBe(201);
  ids.province = createdProvince.body.id;
  const shortProvince = await call(server.api, 'POST', '/province', {
    token: admin,
    body: { ...sampleBody(province, refsA), code: 'Q7' },
  });
  expect(shortProvince.status, JSON.stringify(shortProvince.body)).toBe(201);
  ids.shortProvince = shortProvince.body.id;

  const doReader = [readRoleOf(deliveryOrder.permission)];
  tokens.admin = admin;
  tokens.doReader = await signIn(
    server.api,
    await createUser(server.db, { roles: doReader, branchIds: [branchA] }),
  );
  tokens.provinceReader = await signIn(
    server.api,
    await createUser(server.db, { roles: [readRoleOf(province.permission)], branchIds: [branchA] }),
  );
  tokens.noRole = await signIn(server.api, await createUser(server.db, { branchIds: [branchA] }));
});

const search = (who: string | undefined, query: string) =>
  call(server.api, 'GET', `/search?${query}`, { token: who ? tokens[who] : undefined });

describe('GET /search', () => {
  it('refuses without a session (401)', async () => {
    const response = await search(undefined, `term=DO68&branchId=${branchA}`);
    expect(response.status).toBe(401);
  });

  it('finds a DO by its number in the acting branch: exact first, then prefix, then inside', async () => {
    const response = await search('doReader', `term=do6800123&branchId=${branchA}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual([
      { entity: 'deliveryOrder', id: ids.exact, key: 'DO6800123', label: 'DO6800123' },
      { entity: 'deliveryOrder', id: ids.longer, key: 'DO6800123-1', label: 'DO6800123-1' },
      { entity: 'deliveryOrder', id: ids.inside, key: 'X-DO6800123', label: 'X-DO6800123' },
    ]);
  });

  it('never answers another branch’s records, and searches no branch-owned entity without a branch', async () => {
    const inB = await search('admin', `term=DO6800123&branchId=${branchB}`);
    expect(inB.body.map((r: { id: string }) => r.id)).toEqual([ids.otherBranch]);
    const noBranch = await search('admin', 'term=DO68');
    expect(noBranch.status).toBe(200);
    expect(noBranch.body).toEqual([
      { entity: 'province', id: ids.province, key: 'DO68P', label: expect.any(String) },
    ]);
  });

  it('refuses a branch the user is not allowed (403, Thai)', async () => {
    const response = await search('doReader', `term=DO68&branchId=${branchB}`);
    expect(response.status).toBe(403);
    expect(response.body.messages).toEqual(['คุณไม่มีสิทธิ์ใช้งานข้อมูลของสาขานี้']);
  });

  it('searches only the entities the user may read', async () => {
    const provinces = await search('provinceReader', `term=DO68&branchId=${branchA}`);
    expect(provinces.body.map((r: { entity: string }) => r.entity)).toEqual(['province']);
    const dos = await search('doReader', `term=DO68&branchId=${branchA}`);
    expect(new Set(dos.body.map((r: { entity: string }) => r.entity))).toEqual(new Set(['deliveryOrder']));
    const nothing = await search('noRole', `term=DO68&branchId=${branchA}`);
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual([]);
  });

  it('answers at most a few records per entity', async () => {
    const response = await search('doReader', `term=MANY&branchId=${branchA}`);
    expect(response.body.map((r: { key: string }) => r.key)).toEqual(
      Array.from({ length: RECORD_SEARCH.perEntity }, (_, n) => `MANY${String(n).padStart(3, '0')}`),
    );
  });

  it('finds keys that start with a two-character term, in any case, shorter keys first', async () => {
    // Below three characters no trigram serves `%…%`: the key's btree gives the prefix matches.
    const response = await search('doReader', `term=dO&branchId=${branchA}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.map((r: { id: string }) => r.id)).toEqual([ids.exact, ids.longer]);
    const admin = await search('admin', `term=do&branchId=${branchA}`);
    expect(admin.body.map((r: { id: string }) => r.id)).toEqual([ids.exact, ids.longer, ids.province]);
  });

  it('finds a two-character code exactly, before the keys it starts', async () => {
    const response = await search('provinceReader', `term=q7&branchId=${branchA}`);
    expect(response.body[0]).toMatchObject({ entity: 'province', id: ids.shortProvince, key: 'Q7' });
  });

  it('takes % and _ literally', async () => {
    const response = await search('doReader', `term=${encodeURIComponent('D%')}&branchId=${branchA}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it.each([
    ['no term', ''],
    ['a one-letter term', 'term=D'],
    ['blanks only', `term=${encodeURIComponent('   ')}`],
    ['a term too long', `term=${'D'.repeat(RECORD_SEARCH.maxLength + 1)}`],
    ['a branch that is not an id', 'term=DO68&branchId=abc'],
  ])('refuses %s with a Thai 400', async (_, query) => {
    const response = await search('admin', query);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.messages[0]).toMatch(/[\u0E00-\u0E7F]/);
  });
});
