import {
  entityByName,
  maskContact,
  ROLE_ADMIN,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  ROLE_BOOKING_REPORT_READ,
} from '@lms/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingScenario } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * A booking's phone (its copy of the ship-to's, `shipToTel`) follows one rule on every path
 * (docs/privacy.md, issue "The day as one flow" 5): whoever may change the booking's call status
 * sees it whole and each such read is logged; the others see it masked. Lists mask it for everyone.
 * The printed documents' side is in documents.test.ts.
 */
const server = setupTestServer();
const PHONE = '081-234-5678';
const masked = maskContact(PHONE);
const label = entityByName('bookingReport').fields.find((f) => f.name === 'shipToTel')!.label;

let branchId = '';
let bookingId = '';
/** A planner without the call-status role, and one with it. */
const reader = { id: '', token: '' };
const caller = { id: '', token: '' };
const keys = { reader: { id: '', secret: '' }, caller: { id: '', secret: '' } };

const logOf = async (userId: string) => {
  const { rows } = await sql<{
    action: string;
    entity: string;
    record_id: string | null;
    fields: string[];
    detail: unknown;
  }>`
    select action, entity, record_id, fields, detail from personal_data_access where user_id = ${userId} order by id`.execute(
    server.db,
  );
  return rows;
};

beforeAll(async () => {
  const world = await bookingScenario(server.db, { deliveryOrders: 1 });
  branchId = world.branchId;
  const { rows } = await sql<{
    id: string;
  }>`insert into booking_report (branch_id, status, doc_no, customer_id, ship_to_id, ship_to_tel)
    select ${branchId}, 'CONFIRMED', 'BK-PHONE-1', customer_id, ${world.shipToId}, ${PHONE}
      from delivery_order where id = ${world.deliveryOrderIds[0]!} returning id`.execute(server.db);
  bookingId = rows[0]!.id;
  // Its past phone, as confirm's history entry holds it.
  await sql`insert into history (entity, record_id, action, changes)
    values ('bookingReport', ${bookingId}, 'create', ${JSON.stringify({ shipToTel: PHONE })})`.execute(
    server.db,
  );
  for (const [who, roles] of [
    [reader, [ROLE_BOOKING_REPORT_READ]],
    [caller, [ROLE_BOOKING_REPORT_READ, ROLE_BOOKING_CHANGE_CALL_STATUS]],
  ] as const) {
    const user = await createUser(server.db, { roles: [...roles], branchIds: [branchId] });
    who.id = user.id;
    who.token = await signIn(server.api, user);
  }
  const admin = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
  for (const [name, roles] of [
    ['reader', [ROLE_BOOKING_REPORT_READ]],
    ['caller', [ROLE_BOOKING_REPORT_READ, ROLE_BOOKING_CHANGE_CALL_STATUS]],
  ] as const) {
    const { rows: group } = await sql<{ id: string }>`insert into app_role_group (name, roles)
      values (${`ERP ${name}`}, ${[...roles]}) returning id`.execute(server.db);
    const created = await call(server.api, 'POST', '/apiKey', {
      token: admin,
      body: { name: `ERP ${name}`, roleGroupId: group[0]!.id, branchIds: [branchId] },
    });
    expect(created.status).toBe(201);
    keys[name] = { id: created.body.id, secret: created.body.secret };
  }
});

const q = () => `branchId=${branchId}`;
const read = (detail: unknown = null) => ({
  action: 'read',
  entity: 'bookingReport',
  record_id: bookingId,
  fields: ['shipToTel'],
  detail,
});

describe('a booking’s phone: whoever may change its call status sees it, logged', () => {
  it('is masked in the list for everyone, the caller too, and nothing is logged', async () => {
    for (const who of [reader, caller]) {
      const list = await call(server.api, 'GET', `/bookingReport?${q()}&ids=${bookingId}`, {
        token: who.token,
      });
      expect(list.status).toBe(200);
      expect(list.body.items[0].shipToTel).toBe(masked);
      expect(await logOf(who.id)).toEqual([]);
    }
  });

  it('on the record’s page: masked for a planner without the role (not logged), whole for one with it (logged)', async () => {
    const path = `/bookingReport/${bookingId}?${q()}`;
    expect((await call(server.api, 'GET', path, { token: reader.token })).body.shipToTel).toBe(masked);
    expect(await logOf(reader.id)).toEqual([]);
    expect((await call(server.api, 'GET', path, { token: caller.token })).body.shipToTel).toBe(PHONE);
    expect(await logOf(caller.id)).toEqual([read()]);
  });

  it('in the record’s history, the same rule and the same log', async () => {
    const path = `/bookingReport/${bookingId}/history?${q()}`;
    const changesOf = async (token: string) =>
      (await call(server.api, 'GET', path, { token })).body.map(
        (entry: { changes: { shipToTel?: string } }) => entry.changes.shipToTel,
      );
    expect(await changesOf(reader.token)).toContain(masked);
    expect(await logOf(reader.id)).toEqual([]);
    expect(await changesOf(caller.token)).toContain(PHONE);
    expect((await logOf(caller.id)).at(-1)).toEqual(read({ history: true }));
  });

  it('in the Excel export: masked for the planner without the role, whole with it; every export logged', async () => {
    const cell = async (token: string) => {
      const response = await fetch(`${server.api}/bookingReport/export?${q()}&ids=${bookingId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
      const sheet = workbook.worksheets[0]!;
      return sheet.getRow(2).getCell((sheet.getRow(1).values as unknown[]).indexOf(label)).value;
    };
    expect(await cell(reader.token)).toBe(masked);
    expect(await cell(caller.token)).toBe(PHONE);
    const exported = (masked: boolean) => ({
      action: 'export',
      entity: 'bookingReport',
      record_id: null,
      fields: ['shipToTel'],
      detail: { filters: { ids: [bookingId] }, masked },
    });
    expect(await logOf(reader.id)).toEqual([exported(true)]);
    expect((await logOf(caller.id)).at(-1)).toEqual(exported(false));
  });

  it('by API key: the key’s group decides as a user’s roles do, and the read is logged under the key', async () => {
    const path = `/bookingReport/${bookingId}?${q()}`;
    expect((await call(server.api, 'GET', path, { token: keys.reader.secret })).body.shipToTel).toBe(masked);
    expect(await logOf(keys.reader.id)).toEqual([]);
    expect((await call(server.api, 'GET', path, { token: keys.caller.secret })).body.shipToTel).toBe(PHONE);
    expect(await logOf(keys.caller.id)).toEqual([read()]);
  });
});
