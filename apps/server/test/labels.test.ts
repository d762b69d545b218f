import { branch, type EntityName, entityByName, ROLE_ADMIN, region } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferences, sampleBody } from './entityFactory.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/** Issue 23: a user reads labels, never ids, in child rows and in the history too; long text is refused. */
const server = setupTestServer();
let token = '';
let refIds: Record<string, string> = {};
let branchId = '';

beforeAll(async () => {
  branchId = await createBranch(server.db, 'HQ', 'สำนักงานใหญ่');
  token = await signIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
  );
  refIds = await createReferences(server.api, token, branch, branchId);
});

const scope = (entity: EntityName) => (entityByName(entity).branchOwned ? `branchId=${branchId}` : '');
const labelOf = async (entity: EntityName, id: string) => {
  const { body } = await call(server.api, 'GET', `/${entity}/options?ids=${id}&${scope(entity)}`, { token });
  return body[0].label as string;
};

describe('reference labels beyond the top-level fields', () => {
  it('answers the labels of child rows’ references in get, list, create and update', async () => {
    const created = await call(server.api, 'POST', '/branch', { token, body: sampleBody(branch, refIds) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const vehicleType = await labelOf('vehicleType', refIds.vehicleType!);
    const shipCond = await labelOf('shipCond', refIds.shipCond!);
    const expected = { vehicleTypeLabel: vehicleType, shipCondLabel: shipCond };
    expect(created.body.vehicleTypeSettings[0]).toMatchObject(expected);

    const got = await call(server.api, 'GET', `/branch/${created.body.id}`, { token });
    expect(got.body.vehicleTypeSettings[0]).toMatchObject(expected);
    const list = await call(server.api, 'GET', `/branch?ids=${created.body.id}`, { token });
    expect(list.body.items[0].vehicleTypeSettings[0]).toMatchObject(expected);
  });

  it('answers with each history entry the labels of the ids in it, child rows included', async () => {
    const body = sampleBody(branch, refIds);
    const created = await call(server.api, 'POST', '/branch', { token, body });
    const shipCond = entityByName('shipCond');
    const another = await call(server.api, 'POST', `/shipCond?${scope('shipCond')}`, {
      token,
      body: sampleBody(shipCond, refIds),
    });
    const other = { shipCond: another.body.id as string };
    const updated = await call(server.api, 'PUT', `/branch/${created.body.id}`, {
      token,
      body: {
        ...body,
        version: 1,
        vehicleTypeSettings: [{ ...(body.vehicleTypeSettings as object[])[0], shipCondId: other.shipCond }],
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const history = await call(server.api, 'GET', `/branch/${created.body.id}/history`, { token });
    const [update, create] = history.body;
    expect(update.labels).toEqual({
      [refIds.vehicleType!]: await labelOf('vehicleType', refIds.vehicleType!),
      [refIds.shipCond!]: await labelOf('shipCond', refIds.shipCond!),
      [other.shipCond!]: await labelOf('shipCond', other.shipCond!),
    });
    expect(Object.keys(create.labels)).toEqual(expect.arrayContaining([refIds.vehicleType, refIds.shipCond]));
  });
});

describe('text longer than its declared maximum', () => {
  it('is refused with the Thai message, never stored or a 500', async () => {
    const nameTh = region.fields.find((f) => f.name === 'nameTh')!;
    const name = 'ก'.repeat(2760);
    const response = await call(server.api, 'POST', '/region', { token, body: { code: 'R1', nameTh: name } });
    expect(response.status).toBe(422);
    expect(response.body.errors.nameTh).toBe(`${nameTh.label} ต้องยาวไม่เกิน ${nameTh.maxLength} ตัวอักษร`);
  });
});
