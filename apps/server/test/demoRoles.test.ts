import { randomUUID } from 'node:crypto';
import { addDays, ROLE_ADMIN, staffGroups } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { seedUsers } from '../src/seed/users.ts';
import { bookingScenario } from './bookingScenario.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * The demo's permission groups let each demo user do its job (docs/roles.md, issue "The day as
 * one flow" 4), and no more: the seeded users and groups themselves, on a small planned slot.
 */
const server = setupTestServer();

type World = Awaited<ReturnType<typeof bookingScenario>>;
let world: World;
/**
 * The slot's day: yesterday, so that the taps of its shift (08:00–18:00) lie in the past whatever the
 * hour the test runs at (a tap is judged against its shipment's day and shift, docs/planning.md).
 */
let day = '';
let truck = '';
let driverId = '';
const bookingIds: string[] = [];
const groups: string[][] = [];
const tokens: Record<string, string> = {};
let adminToken = '';

beforeAll(async () => {
  world = await bookingScenario(server.db, { deliveryOrders: 4, vehicles: 1 });
  day = addDays(world.today, -1);
  await sql`update vehicle_date_slot set shift_date = ${day} where id = ${world.slotId}`.execute(server.db);
  truck = (
    await insertRecords(server.db, 'vehicle', [
      {
        code: 'T1',
        name: 'หกล้อ 1',
        licensePlate: 'กข-1001',
        branchId: world.branchId,
        vehicleTypeId: world.vehicleTypeId,
      },
    ])
  )[0]!;
  driverId = (
    await insertRecords(server.db, 'driver', [
      { code: 'D1', name: 'สมชาย', branchId: world.branchId, vehicleId: truck, isMain: true },
    ])
  )[0]!;
  groups.push(world.deliveryOrderIds.slice(0, 2), world.deliveryOrderIds.slice(2, 3));
  for (const [i, dos] of groups.entries()) {
    const { rows } = await sql<{
      id: string;
    }>`insert into booking_report (branch_id, status, doc_no, customer_id, ship_to_id)
      select ${world.branchId}, 'CONFIRMED', ${`BKROLE${i + 1}`}, customer_id, ${world.shipToId}
        from delivery_order where id = ${dos[0]!} returning id`.execute(server.db);
    bookingIds.push(rows[0]!.id);
    for (const [position, id] of dos.entries())
      await sql`insert into booking_report__lines (parent_id, position, delivery_order_id, qty, delivery_date, delivery_time,
          used_weight, used_volume, ship_cond_id, slot_id)
        values (${rows[0]!.id}, ${position}, ${id}, 1, ${day}::date, '09:00', 100, 1, ${world.shipCondId}, ${world.slotId})`.execute(
        server.db,
      );
  }
  // The demo's four branches: this world's first, as the Bangkok one.
  const others = await Promise.all([1, 2, 3].map(() => createBranch(server.db)));
  for (const { username, password } of await seedUsers(server.db, [world.branchId, ...others]))
    tokens[username] = await signIn(server.api, { username, password });
  adminToken = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
}, 120_000);

const q = () => `?branchId=${world.branchId}`;
const slot = () => ({ date: day, shiftOfDayId: world.shiftOfDayId });
const confirmPlan = (token: string, version: number) =>
  call(server.api, 'POST', `/shipmentPlanning/confirm${q()}`, {
    token,
    body: {
      ...slot(),
      version,
      trips: [
        {
          vehicleId: truck,
          driverId,
          stops: bookingIds.map((bookingId, i) => ({ bookingId, deliveryOrderIds: groups[i]! })),
        },
      ],
    },
  });
const tap = (token: string, shipmentId: string, stage: string, at: string) =>
  call(server.api, 'POST', `/shipment/${shipmentId}/stage${q()}`, {
    token,
    body: { id: randomUUID(), stage, at },
  });

describe('the demo’s people at work', () => {
  let shipmentId = '';

  it('the planner reads the plan but cannot confirm it', async () => {
    const read = await call(
      server.api,
      'GET',
      `/shipmentPlanning${q()}&date=${day}&shiftOfDayId=${world.shiftOfDayId}`,
      { token: tokens['planner.bkk']! },
    );
    expect(read.status).toBe(200);
    expect((await confirmPlan(tokens['planner.bkk']!, 0)).status).toBe(403);
  });

  it('the dispatcher confirms the plan, taps a stage, reads the bookings and prints the trip sheet, but books nothing', async () => {
    const token = tokens['dispatcher.bkk']!;
    const confirmed = await confirmPlan(token, 0);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    shipmentId = confirmed.body.trips[0].shipmentId;
    expect((await tap(token, shipmentId, 'CheckIn', `${day}T01:30:00Z`)).status).toBe(200);
    expect((await call(server.api, 'GET', `/bookingReport/${bookingIds[0]}${q()}`, { token })).status).toBe(
      200,
    );
    const sheet = await fetch(`${server.api}/shipment/${shipmentId}/document/tripSheet.pdf${q()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sheet.status).toBe(200);
    const draft = await call(server.api, 'POST', `/doBooking/draft${q()}`, {
      token,
      body: {
        deliveryOrderIds: [world.deliveryOrderIds[3]],
        shipToId: world.shipToId,
        shipCondId: world.shipCondId,
      },
    });
    expect(draft.status).toBe(403);
  });

  it('the driver sees the shipment and records the next stage, and reads no booking', async () => {
    const token = tokens['driver.bkk']!;
    expect((await call(server.api, 'GET', `/shipment/${shipmentId}${q()}`, { token })).status).toBe(200);
    const loaded = await tap(token, shipmentId, 'LoadStart', `${day}T01:45:00Z`);
    expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
    expect((await call(server.api, 'GET', `/bookingReport/${bookingIds[0]}${q()}`, { token })).status).toBe(
      403,
    );
  });

  it('a key of the ERP group writes a DO and a customer by key, and reaches no booking', async () => {
    const { rows } = await sql<{
      id: string;
    }>`select id from app_role_group where name = ${staffGroups.erp.name}`.execute(server.db);
    const created = await call(server.api, 'POST', '/apiKey', {
      token: adminToken,
      body: { name: 'ERP สาธิต', roleGroupId: rows[0]!.id, branchIds: [world.branchId] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = created.body.secret as string;
    const { rows: dos } = await sql<{ customer_id: string }>`select customer_id from delivery_order
      where id = ${world.deliveryOrderIds[0]!}`.execute(server.db);
    const order = await call(server.api, 'PUT', `/deliveryOrder/byKey/ERP-0001${q()}`, {
      token,
      body: {
        docNo: 'ERP-0001',
        weight: 120.5,
        volume: 1.25,
        customerId: dos[0]!.customer_id,
        shipCondId: world.shipCondId,
        soShipToId: world.shipToId,
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const customer = await call(server.api, 'PUT', '/customer/byKey/ERP-C1', {
      token,
      body: { code: 'ERP-C1', name: 'ลูกค้าจาก ERP' },
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    expect((await call(server.api, 'GET', `/bookingReport/${bookingIds[0]}${q()}`, { token })).status).toBe(
      403,
    );
    expect((await call(server.api, 'GET', `/shipment/${shipmentId}${q()}`, { token })).status).toBe(403);
  });
});
