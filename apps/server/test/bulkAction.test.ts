import {
  bulkActionPath,
  bulkText,
  editRoleOf,
  LIMITS,
  ROLE_ADMIN,
  readRoleOf,
  USER_ADMIN_MESSAGES,
} from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/** `POST {entity}/bulkAction` (issue 22): one action on many rows, one transaction, a Thai report. */
const server = setupTestServer();
let branchA = '';
let branchB = '';
let editor = '';
let reader = '';
let typeIds: string[] = [];

const bulk = (entity: string, body: unknown, options: { token?: string; branchId?: string } = {}) =>
  call(
    server.api,
    'POST',
    `${bulkActionPath(entity)}${options.branchId ? `?branchId=${options.branchId}` : ''}`,
    { token: options.token ?? editor, body },
  );

async function insertVehicleTypes(codes: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    insert into vehicle_type (code, name, max_capacity_weight, max_capacity_volume)
    select c, 'ประเภท ' || c, 1000, 10 from unnest(${codes}::text[]) c returning id`.execute(server.db);
  return rows.map((row) => row.id);
}

async function insertVehicles(branchId: string, codes: string[], typeId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    insert into vehicle (code, name, vehicle_type_id, branch_id, fuel_type)
    select c, 'รถ ' || c, ${typeId}::uuid, ${branchId}::uuid, 'DIESEL' from unnest(${codes}::text[]) c
    returning id`.execute(server.db);
  return rows.map((row) => row.id);
}

async function historyOf(entity: string, ids: readonly string[]) {
  const { rows } = await sql<{
    record_id: string;
    action: string;
    changes: Record<string, unknown>;
    source: string;
  }>`
    select record_id::text, action, changes, source from history
     where entity = ${entity} and record_id = any(${ids}::uuid[]) order by record_id`.execute(server.db);
  return rows;
}

async function fuelOf(ids: readonly string[]) {
  const { rows } = await sql<{ id: string; fuel_type: string; version: number }>`
    select id::text, fuel_type, version from vehicle where id = any(${ids}::uuid[]) order by id`.execute(
    server.db,
  );
  return rows;
}

beforeAll(async () => {
  branchA = await createBranch(server.db, 'BA', 'สาขา ก');
  branchB = await createBranch(server.db, 'BB', 'สาขา ข');
  const edit = [editRoleOf('VEHICLE'), editRoleOf('VEHICLE_TYPE')];
  editor = await signIn(server.api, await createUser(server.db, { roles: edit, branchIds: [branchA] }));
  reader = await signIn(
    server.api,
    await createUser(server.db, { roles: [readRoleOf('VEHICLE')], branchIds: [branchA] }),
  );
  typeIds = await insertVehicleTypes(['T1', 'T2']);
});

describe('bulk delete', () => {
  it('deletes the free rows and reports the referenced ones with who refers to them', async () => {
    const [used, free1, free2] = await insertVehicleTypes(['D1', 'D2', 'D3']);
    await insertVehicles(branchA, ['DV1'], used!);
    const answer = await bulk('vehicleType', {
      action: 'delete',
      selection: { rows: [{ id: used }, { id: free1 }, { id: free2 }] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ action: 'delete', selected: 3, done: 2 });
    expect(answer.body.refused).toEqual([
      { id: used, label: 'D1: ประเภท D1', reasons: [bulkText.referenced(['ยานพาหนะ'])] },
    ]);
    const { rows: left } = await sql<{ id: string }>`
      select id::text from vehicle_type where id = any(${[used, free1, free2]}::uuid[])`.execute(server.db);
    expect(left.map((row) => row.id)).toEqual([used]);
    // One history entry per deleted record, with its fields, marked as a bulk action.
    const history = await historyOf('vehicleType', [used!, free1!, free2!]);
    expect(history.map((h) => [h.record_id, h.action])).toEqual(
      [free1!, free2!].sort().map((id) => [id, 'delete']),
    );
    expect(history[0]!.changes).toMatchObject({ code: expect.stringMatching(/^D[23]$/) });
    expect(history[0]!.source).toBe(bulkText.historySource);
  });

  it('needs the delete right, checked on the server', async () => {
    const [id] = await insertVehicleTypes(['R1']);
    const answer = await bulk(
      'vehicleType',
      { action: 'delete', selection: { rows: [{ id }] } },
      { token: reader },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.messages[0]).toMatch(/สิทธิ์/);
    const unsigned = await call(server.api, 'POST', bulkActionPath('vehicleType'), {
      body: { action: 'delete', selection: { rows: [{ id }] } },
    });
    expect(unsigned.status).toBe(401);
  });
});

describe('bulk set', () => {
  let mine: string[] = [];
  let theirs: string[] = [];
  beforeEach(async () => {
    await sql`delete from vehicle`.execute(server.db);
    mine = await insertVehicles(branchA, ['A1', 'A2', 'A3', 'X1'], typeIds[0]!);
    theirs = await insertVehicles(branchB, ['B1'], typeIds[0]!);
  });

  it('sets a bulk-editable field on the picked rows, one history entry each', async () => {
    const answer = await bulk(
      'vehicle',
      {
        action: 'set',
        field: 'fuelType',
        value: 'ELECTRIC',
        selection: { rows: mine.slice(0, 2).map((id) => ({ id })) },
      },
      { branchId: branchA },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ action: 'set', selected: 2, done: 2, refused: [] });
    const rows = await fuelOf(mine);
    expect(rows.filter((r) => r.fuel_type === 'ELECTRIC').map((r) => r.id)).toEqual(mine.slice(0, 2).sort());
    expect(rows.filter((r) => r.fuel_type === 'ELECTRIC').every((r) => r.version === 2)).toBe(true);
    const history = await historyOf('vehicle', mine);
    expect(history).toHaveLength(2);
    for (const entry of history) {
      expect(entry.action).toBe('update');
      expect(entry.changes).toEqual({ fuelType: { from: 'DIESEL', to: 'ELECTRIC' } });
    }
  });

  it('refuses a field the declaration does not mark bulk-editable, and an unknown one', async () => {
    const selection = { rows: [{ id: mine[0] }] };
    const name = await bulk(
      'vehicle',
      { action: 'set', field: 'name', value: 'x', selection },
      { branchId: branchA },
    );
    expect(name.status).toBe(422);
    expect(name.body.errors).toEqual({ name: bulkText.notBulkEditable('ชื่อ') });
    const unknown = await bulk(
      'vehicle',
      { action: 'set', field: 'nope', value: 1, selection },
      { branchId: branchA },
    );
    expect(unknown.status).toBe(422);
    const badValue = await bulk(
      'vehicle',
      { action: 'set', field: 'fuelType', value: 'COAL', selection },
      { branchId: branchA },
    );
    expect(badValue.status).toBe(422);
    const required = await bulk(
      'vehicle',
      { action: 'set', field: 'vehicleTypeId', value: null, selection },
      { branchId: branchA },
    );
    expect(required.status).toBe(422);
    expect((await fuelOf(mine)).every((r) => r.version === 1)).toBe(true);
  });

  it("refuses another branch's rows as unknown ones, and stale versions, and writes the rest", async () => {
    const answer = await bulk(
      'vehicle',
      {
        action: 'set',
        field: 'fuelType',
        value: 'LPG',
        selection: { rows: [{ id: mine[0], version: 1 }, { id: mine[1], version: 7 }, { id: theirs[0] }] },
      },
      { branchId: branchA },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.done).toBe(1);
    const reasons = Object.fromEntries(
      answer.body.refused.map((r: { id: string; reasons: string[] }) => [r.id, r.reasons]),
    );
    expect(reasons).toEqual({ [mine[1]!]: [bulkText.stale], [theirs[0]!]: [bulkText.gone] });
    expect(answer.body.refused.find((r: { id: string }) => r.id === theirs[0]).label).toBe(theirs[0]);
    expect((await fuelOf(theirs))[0]!.fuel_type).toBe('DIESEL');
    expect((await fuelOf([mine[0]!]))[0]!.fuel_type).toBe('LPG');
    // Acting for a branch the user does not have is refused before anything is read.
    const elsewhere = await bulk(
      'vehicle',
      { action: 'set', field: 'fuelType', value: 'LPG', selection: { rows: [{ id: theirs[0] }] } },
      { branchId: branchB },
    );
    expect(elsewhere.status).toBe(403);
  });

  it('by filter acts on exactly the rows the list shows for that filter', async () => {
    const filter = { searchTerm: 'A' };
    const list = await call(server.api, 'GET', `/vehicle?branchId=${branchA}&searchTerm=A&size=500`, {
      token: editor,
    });
    const listed = list.body.items.map((row: { id: string }) => row.id).sort();
    expect(listed).toHaveLength(3);
    const answer = await bulk(
      'vehicle',
      { action: 'set', field: 'fuelType', value: 'HYBRID', selection: { filter } },
      { branchId: branchA },
    );
    expect(answer.body).toEqual({ action: 'set', selected: 3, done: 3, refused: [] });
    const changed = (await fuelOf([...mine, ...theirs]))
      .filter((r) => r.fuel_type === 'HYBRID')
      .map((r) => r.id);
    expect(changed).toEqual(listed);
    const bad = await bulk(
      'vehicle',
      { action: 'set', field: 'fuelType', value: 'HYBRID', selection: { filter: { nope: '1' } } },
      { branchId: branchA },
    );
    expect(bad.status).toBe(400);
  });

  it('rolls the whole action back when one write fails, history included', async () => {
    // A row the database refuses mid-action (as a constraint would): nothing of the action stays.
    await sql`create function refuse_x1() returns trigger language plpgsql as $$
      begin
        if new.code = 'X1' then raise exception 'x1' using errcode = 'check_violation'; end if;
        return new;
      end $$`.execute(server.db);
    await sql`create trigger refuse_x1 before update on vehicle for each row execute function refuse_x1()`.execute(
      server.db,
    );
    try {
      const answer = await bulk(
        'vehicle',
        { action: 'set', field: 'fuelType', value: 'NGV', selection: { rows: mine.map((id) => ({ id })) } },
        { branchId: branchA },
      );
      expect(answer.status).toBe(422);
      expect(answer.body.messages[0]).toMatch(/ข้อมูล/);
      expect((await fuelOf(mine)).map((r) => [r.fuel_type, r.version])).toEqual(
        mine.map(() => ['DIESEL', 1]),
      );
      expect(await historyOf('vehicle', mine)).toEqual([]);
    } finally {
      await sql`drop trigger refuse_x1 on vehicle`.execute(server.db);
      await sql`drop function refuse_x1()`.execute(server.db);
    }
  });

  it(`refuses more than ${LIMITS.bulkActionMaxRows} rows with a Thai 413`, async () => {
    const rows = Array.from({ length: LIMITS.bulkActionMaxRows + 1 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    }));
    const answer = await bulk('vehicle', { action: 'delete', selection: { rows } }, { branchId: branchA });
    expect(answer.status).toBe(413);
    expect(answer.body.messages).toEqual([bulkText.tooMany]);
  });

  it('reports rows that no longer exist, and refuses a malformed body in Thai', async () => {
    const gone = '00000000-0000-4000-8000-000000000001';
    const answer = await bulk(
      'vehicle',
      { action: 'delete', selection: { rows: [{ id: gone }, { id: mine[0] }] } },
      { branchId: branchA },
    );
    expect(answer.body).toMatchObject({
      done: 1,
      refused: [{ id: gone, label: gone, reasons: [bulkText.gone] }],
    });
    const malformed = await bulk('vehicle', { action: 'explode', selection: {} }, { branchId: branchA });
    expect(malformed.status).toBe(400);
    expect(malformed.body.messages.join()).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe("an entity's own rule", () => {
  it('refuses the rows it forbids (a user stronger than the actor) and lets the others go', async () => {
    const manager = await createUser(server.db, { roles: [editRoleOf('APP_USER')], branchIds: [branchA] });
    const token = await signIn(server.api, manager);
    const plain = await createUser(server.db, { branchIds: [branchA] });
    const admin = await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchA] });
    const answer = await bulk(
      'appUser',
      { action: 'delete', selection: { rows: [{ id: plain.id }, { id: admin.id }] } },
      { token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.done).toBe(1);
    expect(answer.body.refused).toEqual([
      {
        id: admin.id,
        label: expect.stringContaining(admin.username),
        reasons: [USER_ADMIN_MESSAGES.actOnStronger],
      },
    ]);
    const { rows } = await sql<{ id: string }>`
      select id::text from app_user where id = any(${[plain.id, admin.id]}::uuid[])`.execute(server.db);
    expect(rows.map((row) => row.id)).toEqual([admin.id]);
    expect((await historyOf('appUser', [plain.id, admin.id])).map((h) => [h.record_id, h.action])).toEqual([
      [plain.id, 'delete'],
    ]);
  });
});
