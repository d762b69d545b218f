import { createHash } from 'node:crypto';
import {
  BULK_MAX_RECORDS,
  type EntityName,
  editRoleOf,
  entityByName,
  INTEGRATION_MESSAGES,
  ROLE_ADMIN,
  readRoleOf,
} from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferences, sampleBody } from './entityFactory.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
let branchA = '';
let branchB = '';
let adminToken = '';
let refs: Record<string, string> = {};
const groups: Record<string, string> = {};

async function group(name: string, roles: string[]): Promise<string> {
  const { rows } = await sql<{ id: string }>`insert into app_role_group (name, roles)
    values (${name}, ${roles}) returning id`.execute(server.db);
  return rows[0]!.id;
}

async function newKey(roleGroup: string, branchIds: string[], name = `ERP ${roleGroup}`) {
  const created = await call(server.api, 'POST', '/apiKey', {
    token: adminToken,
    body: { name, roleGroupId: groups[roleGroup], branchIds },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; secret: string; prefix: string };
}

/** A delivery order as the ERP sends it (references by id). */
const order = (docNo: string, extra: Record<string, unknown> = {}) => ({
  docNo,
  weight: 120.5,
  volume: 1.25,
  customerId: refs.customer,
  shipCondId: refs.shipCond,
  soShipToId: refs.shipTo,
  ...extra,
});

const putOrder = (
  secret: string,
  docNo: string,
  body: unknown,
  headers: Record<string, string> = {},
  branch = branchA,
) =>
  call(server.api, 'PUT', `/deliveryOrder/byKey/${encodeURIComponent(docNo)}?branchId=${branch}`, {
    token: secret,
    body,
    headers,
  });

async function storedOrder(docNo: string) {
  const { rows } = await sql<{ id: string; version: number; weight: number; last_sync_at: Date | null }>`
    select id, version, weight, last_sync_at from delivery_order where doc_no = ${docNo}`.execute(server.db);
  return rows[0];
}

async function orderCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from delivery_order`.execute(server.db);
  return rows[0]!.n;
}

beforeAll(async () => {
  branchA = await createBranch(server.db, 'IA', 'สาขา IA');
  branchB = await createBranch(server.db, 'IB', 'สาขา IB');
  adminToken = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
  refs = await createReferences(server.api, adminToken, entityByName('bookingReport'), branchA);
  groups.orders = await group('ERP ใบส่งสินค้า', [editRoleOf('DELIVERY_ORDER'), editRoleOf('SO')]);
  groups.reader = await group('ERP อ่านอย่างเดียว', [readRoleOf('DELIVERY_ORDER')]);
  groups.admin = await group('ERP ผู้ดูแล', [ROLE_ADMIN]);
});

describe('API keys', () => {
  it('are created by an admin, shown once, stored as a SHA-256 and listed with their last use', async () => {
    const key = await newKey('orders', [branchA], 'ERP หลัก');
    expect(key.secret).toMatch(/^lms_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix.replace('…', ''))).toBe(true);
    const { rows } = await sql<{
      secret_hash: Buffer;
    }>`select secret_hash from api_key where id = ${key.id}`.execute(server.db);
    expect(rows[0]!.secret_hash.equals(createHash('sha256').update(key.secret).digest())).toBe(true);

    const listed = () => call(server.api, 'GET', '/apiKey', { token: adminToken });
    const before = (await listed()).body.find((k: { id: string }) => k.id === key.id);
    expect(before).toMatchObject({
      name: 'ERP หลัก',
      lastUsedAt: null,
      revokedAt: null,
      branchIds: [branchA],
    });
    expect(before.secret).toBeUndefined();
    expect(JSON.stringify((await listed()).body)).not.toContain(key.secret);

    expect(
      (await call(server.api, 'GET', `/deliveryOrder?branchId=${branchA}`, { token: key.secret })).status,
    ).toBe(200);
    const after = (await listed()).body.find((k: { id: string }) => k.id === key.id);
    expect(after.lastUsedAt).not.toBeNull();
  });

  it('are managed by administrators only', async () => {
    const editor = await createUser(server.db, {
      roles: [editRoleOf('DELIVERY_ORDER')],
      branchIds: [branchA],
    });
    const token = await signIn(server.api, editor);
    const body = { name: 'x', roleGroupId: groups.orders, branchIds: [branchA] };
    expect((await call(server.api, 'POST', '/apiKey', { token, body })).status).toBe(403);
    expect((await call(server.api, 'GET', '/apiKey', { token })).status).toBe(403);
  });

  it('act with exactly their branches and their group’s roles', async () => {
    const writer = await newKey('orders', [branchA]);
    const reader = await newKey('reader', [branchA]);
    expect((await putOrder(writer.secret, 'IA-BR-1', order('IA-BR-1'))).status).toBe(201);
    const otherBranch = await putOrder(writer.secret, 'IA-BR-2', order('IA-BR-2'), {}, branchB);
    expect(otherBranch.status).toBe(403);
    expect(otherBranch.body.messages[0]).toMatch(/[\u0E00-\u0E7F]/);
    const readOnly = await putOrder(reader.secret, 'IA-BR-3', order('IA-BR-3'));
    expect(readOnly.status).toBe(403);
    expect(
      (await call(server.api, 'GET', `/deliveryOrder?branchId=${branchA}`, { token: reader.secret })).status,
    ).toBe(200);
    // No customer role in the group: customers are out of reach.
    const customers = await call(server.api, 'POST', '/customer/bulk', {
      token: writer.secret,
      body: { records: [{ code: 'C-X', name: 'ลูกค้า' }] },
    });
    expect(customers.status).toBe(403);
    expect(await storedOrder('IA-BR-2')).toBeUndefined();
    expect(await storedOrder('IA-BR-3')).toBeUndefined();
  });

  it('never reach user administration, keys or account calls, even with an administrators’ group', async () => {
    const key = await newKey('admin', [branchA]);
    const someone = await createUser(server.db, { branchIds: [branchA] });
    const attempts = [
      ['GET', '/appUser'],
      ['POST', '/appUser'],
      ['PUT', `/appUser/${someone.id}`],
      ['POST', `/appUser/${someone.id}/resetPassword`],
      ['GET', '/appRoleGroup'],
      ['POST', '/appRoleGroup'],
      ['GET', '/apiKey'],
      ['POST', '/apiKey'],
      ['GET', '/account/userInfo'],
    ] as const;
    for (const [method, path] of attempts) {
      const response = await call(server.api, method, path, {
        token: key.secret,
        body: method === 'GET' ? undefined : { name: 'x', roleGroupIds: [groups.admin], version: 1 },
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.messages).toEqual([INTEGRATION_MESSAGES.apiKeyNotAllowed]);
    }
    // An administrators' group still gives no branch beyond the key's own.
    expect(
      (await call(server.api, 'GET', `/deliveryOrder?branchId=${branchB}`, { token: key.secret })).status,
    ).toBe(403);
  });

  it('reach only their own branches’ branch records: another branch’s answers as a missing one', async () => {
    const key = await newKey('admin', [branchA]);
    const as = (method: string, path: string, body?: unknown) =>
      call(server.api, method, path, { token: key.secret, body });
    const missing = '00000000-0000-4000-8000-0000000000bb';
    const theirs = (await call(server.api, 'GET', `/branch/${branchB}`, { token: adminToken })).body;
    const listed = await as('GET', '/branch?size=500');
    expect(listed.body.items.map((b: { id: string }) => b.id)).toEqual([branchA]);
    expect((await as('GET', `/branch/options?ids=${branchB}`)).body).toEqual([]);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['GET', '/history', undefined],
      ['PUT', '', { ...theirs, shortName: 'ERP' }],
    ] as const) {
      const other = await as(method, `/branch/${branchB}${suffix}`, body);
      expect(other.status, `${method} ${suffix}`).toBe(404);
      expect(other.body).toEqual((await as(method, `/branch/${missing}${suffix}`, body)).body);
    }
    // By code: IB is as unknown to the key as a made-up code, and a key creates no branch.
    const byKey = (code: string) => as('PUT', `/branch/byKey/${code}`, { shortName: 'ERP' });
    const bulk = (code: string) => as('POST', '/branch/bulk', { records: [{ code, shortName: 'ERP' }] });
    for (const upsert of [byKey, bulk]) {
      const other = await upsert('IB');
      expect(other.status).toBe(422);
      expect(JSON.stringify(other.body).replaceAll('IB', 'IZ')).toBe(
        JSON.stringify((await upsert('IZ')).body),
      );
    }
    expect((await byKey('IA')).body).toMatchObject({ id: branchA, shortName: 'ERP' });
    for (const [method, path] of [
      ['POST', '/branch'],
      ['DELETE', `/branch/${branchA}`],
    ] as const)
      expect(
        (await as(method, path, method === 'POST' ? { code: 'IZ', name: 'ใหม่' } : undefined)).body,
      ).toEqual({
        messages: [INTEGRATION_MESSAGES.apiKeyNotAllowed],
      });
    const { rows } = await sql<{ code: string; version: number }>`
      select code, version from branch where code in ('IB', 'IZ')`.execute(server.db);
    expect(rows).toEqual([{ code: 'IB', version: theirs.version }]);
  });

  it('stop at once when revoked, and an unknown key is refused (401 in Thai)', async () => {
    const key = await newKey('orders', [branchA]);
    expect((await putOrder(key.secret, 'IA-RV-1', order('IA-RV-1'))).status).toBe(201);
    expect((await call(server.api, 'POST', `/apiKey/${key.id}/revoke`, { token: adminToken })).status).toBe(
      204,
    );
    const revoked = await putOrder(key.secret, 'IA-RV-2', order('IA-RV-2'));
    expect(revoked.status).toBe(401);
    expect(revoked.body.messages).toEqual([INTEGRATION_MESSAGES.apiKeyInvalid]);
    expect(await storedOrder('IA-RV-2')).toBeUndefined();
    const unknown = await putOrder(`lms_${'A'.repeat(43)}`, 'IA-RV-3', order('IA-RV-3'));
    expect(unknown.status).toBe(401);
    expect(unknown.body.messages).toEqual([INTEGRATION_MESSAGES.apiKeyInvalid]);
    const listed = await call(server.api, 'GET', '/apiKey', { token: adminToken });
    expect(listed.body.find((k: { id: string }) => k.id === key.id).revokedAt).not.toBeNull();
  });
});

describe('PUT {entity}/byKey/{key}', () => {
  it('creates, then updates, then leaves an unchanged record alone, setting lastSyncAt each time', async () => {
    const key = await newKey('orders', [branchA], 'ERP ซิงค์');
    const created = await putOrder(key.secret, 'IA-UP-1', order('IA-UP-1'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ docNo: 'IA-UP-1', weight: 120.5, branchId: branchA, version: 1 });
    const first = (await storedOrder('IA-UP-1'))!;
    expect(first.last_sync_at).not.toBeNull();

    const same = await putOrder(key.secret, 'IA-UP-1', order('IA-UP-1'));
    expect(same.status).toBe(200);
    const unchanged = (await storedOrder('IA-UP-1'))!;
    expect(unchanged.version).toBe(1);
    expect(unchanged.last_sync_at!.getTime()).toBeGreaterThanOrEqual(first.last_sync_at!.getTime());

    // Only what the ERP sends changes; the rest keeps its value.
    const changed = await putOrder(key.secret, 'IA-UP-1', { weight: 99 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ weight: 99, volume: 1.25, version: 2 });

    const history = await call(server.api, 'GET', `/deliveryOrder/${first.id}/history?branchId=${branchA}`, {
      token: adminToken,
    });
    expect(history.body.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(history.body[0].userLabel).toBe('คีย์ API: ERP ซิงค์');
  });

  it('refuses a body whose key differs from the path, and bad fields, in Thai (422)', async () => {
    const key = await newKey('orders', [branchA]);
    const mismatch = await putOrder(key.secret, 'IA-KM-1', order('IA-KM-2'));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.docNo).toBe(INTEGRATION_MESSAGES.keyMismatch('เลขที่เอกสาร'));
    const bad = await putOrder(key.secret, 'IA-KM-1', order('IA-KM-1', { weight: -1 }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.weight).toMatch(/[\u0E00-\u0E7F]/);
    expect(await storedOrder('IA-KM-1')).toBeUndefined();
  });

  it('refuses (409, naming the booking) a sync that changes what a booking was checked against', async () => {
    const key = await newKey('orders', [branchA]);
    const created = await putOrder(key.secret, 'IA-BK-1', order('IA-BK-1'));
    expect(created.status).toBe(201);
    const booking = sampleBody(entityByName('bookingReport'), refs);
    (booking.lines as Record<string, unknown>[])[0]!.deliveryOrderId = created.body.id;
    const booked = await call(server.api, 'POST', `/bookingReport?branchId=${branchA}`, {
      token: adminToken,
      body: booking,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // The booking flow numbers the booking and sets isBooking when it confirms (booking/confirm.ts).
    await sql`update booking_report set doc_no = 'BK-IA-0001' where id = ${booked.body.id}`.execute(
      server.db,
    );
    await sql`update delivery_order set is_booking = true where id = ${created.body.id}`.execute(server.db);

    const another = async (entity: EntityName) => {
      const body = sampleBody(entityByName(entity), refs);
      const created = await call(server.api, 'POST', `/${entity}`, { token: adminToken, body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as string;
    };
    const changes = [
      { weight: 1 },
      { volume: 9 },
      { shipCondId: await another('shipCond') },
      { soShipToId: await another('shipTo') },
      { boShipToId: refs.shipTo },
    ];
    for (const change of changes) {
      const refused = await putOrder(key.secret, 'IA-BK-1', change);
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect(refused.body.messages[0]).toContain('BK-IA-0001');
    }
    const bulk = await call(server.api, 'POST', `/deliveryOrder/bulk?branchId=${branchA}`, {
      token: key.secret,
      body: { records: [order('IA-BK-2'), order('IA-BK-1', { weight: 2 })] },
    });
    expect(bulk.status).toBe(409);
    expect(bulk.body.rows).toEqual([
      { row: 2, key: 'IA-BK-1', status: 'failed', errors: { weight: expect.stringContaining('BK-IA-0001') } },
    ]);
    expect(await storedOrder('IA-BK-2')).toBeUndefined();
    expect((await storedOrder('IA-BK-1'))!).toMatchObject({ weight: 120.5, version: 1 });
    // What the booking does not depend on still syncs.
    expect((await putOrder(key.secret, 'IA-BK-1', { pickAt: '2026-03-14' })).status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retried call with the first answer and writes nothing more; another body is a 409', async () => {
    const key = await newKey('orders', [branchA]);
    const headers = { 'idempotency-key': 'erp-batch-0001' };
    const first = await putOrder(key.secret, 'IA-ID-1', order('IA-ID-1'), headers);
    expect(first.status).toBe(201);
    const countAfterFirst = await orderCount();
    // Meanwhile someone changes the record: the retry must still answer what the first call did.
    await sql`update delivery_order set weight = 5, version = version + 1 where doc_no = 'IA-ID-1'`.execute(
      server.db,
    );
    const retry = await putOrder(key.secret, 'IA-ID-1', order('IA-ID-1'), headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await orderCount()).toBe(countAfterFirst);
    expect((await storedOrder('IA-ID-1'))!).toMatchObject({ weight: 5, version: 2 });

    const other = await putOrder(key.secret, 'IA-ID-1', order('IA-ID-1', { weight: 7 }), headers);
    expect(other.status).toBe(409);
    expect(other.body.messages).toEqual([INTEGRATION_MESSAGES.idempotencyMismatch]);

    // Keys belong to their caller: another API key's same Idempotency-Key is its own call.
    const otherKey = await newKey('orders', [branchA]);
    const own = await putOrder(otherKey.secret, 'IA-ID-2', order('IA-ID-2'), headers);
    expect(own.status).toBe(201);
    expect(own.headers.get('idempotent-replayed')).toBeNull();
  });

  it('replays a bulk call, and a refused call is not remembered (its retry runs again)', async () => {
    const key = await newKey('orders', [branchA]);
    const bulk = (records: unknown[], idem: string) =>
      call(server.api, 'POST', `/deliveryOrder/bulk?branchId=${branchA}`, {
        token: key.secret,
        body: { records },
        headers: { 'idempotency-key': idem },
      });
    const first = await bulk([order('IA-IB-1'), order('IA-IB-2')], 'bulk-1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 2, created: 2 });
    const again = await bulk([order('IA-IB-1'), order('IA-IB-2')], 'bulk-1');
    expect(again.body).toEqual(first.body);

    const refused = await bulk([order('IA-IB-3', { weight: -1 })], 'bulk-2');
    expect(refused.status).toBe(422);
    const fixed = await bulk([order('IA-IB-3', { weight: -1 })], 'bulk-2');
    expect(fixed.status).toBe(422);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('POST {entity}/bulk', () => {
  it('writes every record or none, and reports each failed row by number and field', async () => {
    const key = await newKey('orders', [branchA]);
    const url = `/deliveryOrder/bulk?branchId=${branchA}`;
    expect((await putOrder(key.secret, 'IA-BU-1', order('IA-BU-1'))).status).toBe(201);
    const before = await orderCount();
    const refused = await call(server.api, 'POST', url, {
      token: key.secret,
      body: {
        records: [
          order('IA-BU-1', { weight: 10 }),
          order('IA-BU-2'),
          order('IA-BU-3', { weight: -1 }),
          order('IA-BU-2'),
          'not a record',
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.messages).toEqual([INTEGRATION_MESSAGES.bulkRefused(3)]);
    expect(refused.body).toMatchObject({ total: 5, created: 0, updated: 0, unchanged: 0, failed: 3 });
    expect(refused.body.rows.map((r: { row: number }) => r.row)).toEqual([3, 4, 5]);
    expect(Object.keys(refused.body.rows[0].errors)).toEqual(['weight']);
    expect(refused.body.rows[1].errors.docNo).toBe(INTEGRATION_MESSAGES.duplicateKey('เลขที่เอกสาร', 2));
    expect(await orderCount()).toBe(before);
    expect((await storedOrder('IA-BU-1'))!).toMatchObject({ weight: 120.5, version: 1 });

    const applied = await call(server.api, 'POST', url, {
      token: key.secret,
      body: { records: [order('IA-BU-1', { weight: 10 }), order('IA-BU-2'), order('IA-BU-1b')] },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ total: 3, created: 2, updated: 1, unchanged: 0, failed: 0 });
    const repeated = await call(server.api, 'POST', url, {
      token: key.secret,
      body: { records: [order('IA-BU-1', { weight: 10 }), order('IA-BU-2')] },
    });
    expect(repeated.body).toMatchObject({ total: 2, created: 0, updated: 0, unchanged: 2 });
  });

  it(`refuses more than ${BULK_MAX_RECORDS} records (413) and a body without records (400), in Thai`, async () => {
    const key = await newKey('orders', [branchA]);
    const url = `/deliveryOrder/bulk?branchId=${branchA}`;
    const records = Array.from({ length: BULK_MAX_RECORDS + 1 }, (_, i) => order(`IA-MX-${i}`));
    const tooMany = await call(server.api, 'POST', url, { token: key.secret, body: { records } });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.messages).toEqual([INTEGRATION_MESSAGES.tooManyRecords(BULK_MAX_RECORDS)]);
    for (const body of [{}, { records: [] }, { records: 'x' }, []]) {
      const response = await call(server.api, 'POST', url, { token: key.secret, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.messages).toEqual([INTEGRATION_MESSAGES.noRecords]);
    }
    expect(await storedOrder('IA-MX-0')).toBeUndefined();
  });

  it('upserts master data by code for a signed-in user too, with the same role checks', async () => {
    const editor = await createUser(server.db, { roles: [editRoleOf('WAREHOUSE')] });
    const token = await signIn(server.api, editor);
    const response = await call(server.api, 'POST', '/warehouse/bulk', {
      token,
      body: {
        records: [
          { code: 'WH-IA-1', name: 'คลัง 1' },
          { code: 'WH-IA-2', name: 'คลัง 2' },
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ created: 2 });
    const renamed = await call(server.api, 'PUT', '/warehouse/byKey/WH-IA-1', {
      token,
      body: { name: 'คลังหลัก' },
    });
    expect(renamed.body).toMatchObject({ code: 'WH-IA-1', name: 'คลังหลัก', version: 2 });
  });

  it('checks 1,000 records at once: any invalid one writes nothing, unless validOnly keeps the valid ones', async () => {
    const key = await newKey('orders', [branchA], 'ERP ทีละพัน');
    const url = `/deliveryOrder/bulk?branchId=${branchA}`;
    // Every 97th record is invalid (negative weight), every 250th names a ship cond that does not exist.
    const records = Array.from({ length: BULK_MAX_RECORDS }, (_, i) =>
      order(`IA-TH-${i}`, {
        ...(i % 97 === 5 ? { weight: -1 } : {}),
        ...(i % 250 === 7 ? { shipCondId: 'SC-ไม่มี' } : {}),
      }),
    );
    const bad = new Set(records.flatMap((_, i) => (i % 97 === 5 || i % 250 === 7 ? [i + 1] : [])));
    const before = await orderCount();
    const refused = await call(server.api, 'POST', url, { token: key.secret, body: { records } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ total: 1000, created: 0, failed: bad.size });
    expect(refused.body.rows.map((r: { row: number }) => r.row)).toEqual([...bad]);
    expect(refused.body.rows.find((r: { row: number }) => r.row === 8).errors.shipCondId).toContain('SC-ไม่มี');
    expect(await orderCount()).toBe(before);

    const kept = await call(server.api, 'POST', `${url}&validOnly=true`, {
      token: key.secret,
      body: { records },
    });
    expect(kept.status, JSON.stringify(kept.body).slice(0, 500)).toBe(200);
    expect(kept.body).toMatchObject({ total: 1000, created: 1000 - bad.size, failed: bad.size });
    expect(kept.body.rows).toHaveLength(1000);
    expect(
      kept.body.rows
        .filter((r: { status: string }) => r.status === 'failed')
        .map((r: { row: number }) => r.row),
    ).toEqual([...bad]);
    expect(await orderCount()).toBe(before + 1000 - bad.size);
    const { rows } = await sql<{ n: number; synced: number; history: number }>`
      select count(*)::int as n, count(d.last_sync_at)::int as synced, count(h.id)::int as history
        from delivery_order d left join history h on h.record_id = d.id and h.action = 'create'
       where d.doc_no like 'IA-TH-%'`.execute(server.db);
    expect(rows[0]).toEqual({ n: 1000 - bad.size, synced: 1000 - bad.size, history: 1000 - bad.size });
    expect(await storedOrder('IA-TH-5')).toBeUndefined();

    const wrong = await call(server.api, 'POST', `${url}&validOnly=maybe`, {
      token: key.secret,
      body: { records },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.messages).toEqual([INTEGRATION_MESSAGES.validOnlyInvalid]);
  });

  it('stores an empty yes/no as no: null, an empty string or a missing box, on create and on update', async () => {
    const response = await call(server.api, 'POST', '/shipCond/bulk?validOnly=true', {
      token: adminToken,
      body: {
        records: [
          { code: 'SC-BOOL-1', name: 'ว่าง', sla: 1, migrate: null },
          { code: 'SC-BOOL-2', name: 'ข้อความว่าง', sla: 1, migrate: '' },
          { code: 'SC-BOOL-3', name: 'ไม่ส่งมา', sla: 1 },
          { code: 'SC-BOOL-4', name: 'ใช่', sla: 1, migrate: true },
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ created: 4, failed: 0 });
    const cleared = await call(server.api, 'PUT', '/shipCond/byKey/SC-BOOL-4', {
      token: adminToken,
      body: { migrate: null },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const { rows } = await sql<{ code: string; migrate: boolean }>`
      select code, migrate from ship_cond where code like 'SC-BOOL-%' order by code`.execute(server.db);
    expect(rows.map((r) => r.migrate)).toEqual([false, false, false, false]);
  });

  it('takes the branch from the call, never from a record, and references by code as well as by id', async () => {
    const key = await newKey('orders', [branchA, branchB]);
    const shipCond = await call(server.api, 'GET', `/shipCond/${refs.shipCond}`, { token: adminToken });
    const response = await call(server.api, 'POST', `/deliveryOrder/bulk?branchId=${branchA}`, {
      token: key.secret,
      body: { records: [order('IA-BR-BODY', { branchId: branchB, shipCondId: shipCond.body.code })] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { rows } = await sql<{ branch_id: string; ship_cond_id: string }>`
      select branch_id, ship_cond_id from delivery_order where doc_no = 'IA-BR-BODY'`.execute(server.db);
    expect(rows).toEqual([{ branch_id: branchA, ship_cond_id: refs.shipCond }]);
  });
});
