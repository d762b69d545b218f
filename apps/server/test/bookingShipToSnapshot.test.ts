import { editRoleOf, featureRoles, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingScenario, oneDoAllocation } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
let world: Awaited<ReturnType<typeof bookingScenario>>;
let token = '';
const q = () => `branchId=${world.branchId}`;

beforeAll(async () => {
  world = await bookingScenario(server.db, { deliveryOrders: 2 });
  await sql`update ship_to set tel = '0812345678', address = '99/1 ถนนสุขุมวิท ซอย 21 (อโศก)' where id = ${world.shipToId}`.execute(
    server.db,
  );
  const user = await createUser(server.db, {
    roles: [
      ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
      readRoleOf('DELIVERY_ORDER'),
      'ROLE_BOOKING_REPORT_READ',
      editRoleOf('SHIP_TO'),
    ],
    branchIds: [world.branchId],
  });
  token = await signIn(server.api, user);
});

async function confirm(deliveryOrderId: string): Promise<string> {
  const draft = await call(server.api, 'POST', `/doBooking/draft?${q()}`, {
    token,
    body: {
      deliveryOrderIds: [deliveryOrderId],
      shipToId: world.shipToId,
      shipCondId: world.shipCondId,
      allocations: oneDoAllocation(world.slotId, deliveryOrderId),
    },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q()}`, {
    token,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return confirmed.body.id;
}

async function snapshotOf(bookingId: string) {
  const { rows } = await sql<Record<string, unknown>>`
    select ship_to_name, ship_to_tel, ship_to_address, ship_to_lat::float, ship_to_lon::float, ship_to_sub_district_id
      from booking_report where id = ${bookingId}`.execute(server.db);
  return rows[0];
}

describe('the booking’s snapshot of its ship-to (spec §3)', () => {
  it('copies name, tel, address, coordinates and sub-district at confirm, and keeps them when the ship-to changes', async () => {
    const bookingId = await confirm(world.deliveryOrderIds[0]!);
    const { rows } = await sql<{
      sub_district_id: string;
    }>`select sub_district_id from ship_to where id = ${world.shipToId}`.execute(server.db);
    const asConfirmed = {
      ship_to_name: 'หน้าร้าน',
      ship_to_tel: '0812345678',
      ship_to_address: '99/1 ถนนสุขุมวิท ซอย 21 (อโศก)',
      ship_to_lat: 13.7,
      ship_to_lon: 100.5,
      ship_to_sub_district_id: rows[0]!.sub_district_id,
    };
    expect(await snapshotOf(bookingId)).toEqual(asConfirmed);

    // The booking's own API answers the snapshot under the declaration's names.
    const read = await call(server.api, 'GET', `/bookingReport/${bookingId}?${q()}`, { token });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toMatchObject({
      shipToName: 'หน้าร้าน',
      shipToAddress: asConfirmed.ship_to_address,
      shipToSubDistrictId: asConfirmed.ship_to_sub_district_id,
    });
    expect(Number(read.body.shipToLat)).toBe(13.7);

    await sql`update ship_to set name = 'โกดังใหม่', address = 'ย้ายไปแล้ว', lat = 14, lon = 101 where id = ${world.shipToId}`.execute(
      server.db,
    );
    expect(await snapshotOf(bookingId)).toEqual(asConfirmed);
    // A booking confirmed after the change copies the ship-to as it is now.
    const later = await confirm(world.deliveryOrderIds[1]!);
    expect(await snapshotOf(later)).toMatchObject({ ship_to_name: 'โกดังใหม่', ship_to_lat: 14 });
  });

  it('loses the copied phone when the customer’s contact data is erased (PDPA), and keeps the rest', async () => {
    const { rows } = await sql<{
      id: string;
    }>`select id from booking_report where ship_to_id = ${world.shipToId}`.execute(server.db);
    expect(rows.length).toBe(2);
    const erased = await call(server.api, 'POST', `/shipTo/${world.shipToId}/eraseContact`, { token });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    for (const { id } of rows) {
      const snapshot = await snapshotOf(id);
      expect(snapshot?.ship_to_tel).toBeNull();
      expect(snapshot?.ship_to_name).not.toBeNull();
    }
  });
});
