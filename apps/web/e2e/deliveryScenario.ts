import { editRoleOf, ROLE_ADMIN, ROLE_BOOKING_REPORT_READ, tripsOf } from '@lms/domain';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/src/db/database.ts';
import { insertRecords } from '../../server/src/seed/insertRecords.ts';
import { bookingScenario } from '../../server/test/bookingScenario.ts';
import { call, createUser, signIn, type TestUser } from '../../server/test/fixtures.ts';

/**
 * Today's trip of three stops on the real server, made as the product makes one: three DOs for
 * three ship-tos (the first asks a signature and a photo, the second a signature, the third a
 * photo; the second's DO is ten units), booked through the API, planned and confirmed into one
 * shipment whose driver is a user. Answers the trip, its driver user and the branch's dispatcher.
 */
export async function deliveryTrip(server: { db: Database; api: string }) {
  const world = await bookingScenario(server.db, { deliveryOrders: 3 });
  // The shift runs now, whatever the hour the test runs at: from half an hour ago (not before
  // midnight) for ten hours. A stage tapped now is then neither refused nor asked about as far from
  // its plan (rules/stageTap.ts), as a driver's taps on a real trip are.
  const minutes = Math.max(0, Math.floor((Date.now() / 60_000 + 7 * 60) % (24 * 60)) - 30);
  const at = (m: number) =>
    `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  await sql`update shift_of_day set start_time = ${at(minutes)}::time, end_time = ${at(minutes + 600)}::time
    where id = ${world.shiftOfDayId}`.execute(server.db);
  const admin = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
  const driver: TestUser = await createUser(server.db, { branchIds: [world.branchId] });
  const dispatcher = await createUser(server.db, {
    roles: [editRoleOf('SHIPMENT'), ROLE_BOOKING_REPORT_READ],
    branchIds: [world.branchId],
  });
  const { rows } = await sql<{
    id: string;
  }>`select sub_district_id as id from ship_to where id = ${world.shipToId}`.execute(server.db);
  const subDistrictId = rows[0]!.id;
  const n = world.branchId.slice(0, 4);
  const shipTos = (await insertRecords(server.db, 'shipTo', [
    {
      code: `EA${n}`,
      name: 'ร้านวัสดุก่อสร้างเจริญทรัพย์',
      tel: '021110001',
      address: '1 ถนนพหลโยธิน',
      subDistrictId,
      lat: 13.75,
      lon: 100.5,
      proofRequirement: 'BOTH',
    },
    { code: `EB${n}`, name: 'ร้านบี', tel: '021110002', subDistrictId, lat: 13.8, lon: 100.5 },
    {
      code: `EC${n}`,
      name: 'ร้านซี',
      tel: '021110003',
      subDistrictId,
      lat: 13.85,
      lon: 100.5,
      proofRequirement: 'PHOTO',
    },
  ])) as string[];
  const dos = world.deliveryOrderIds as string[];
  for (const [i, id] of dos.entries())
    await sql`update delivery_order set so_ship_to_id = ${shipTos[i]!} where id = ${id}`.execute(server.db);
  await sql`update delivery_order set qty = 10 where id = ${dos[1]!}`.execute(server.db);
  const q = `branchId=${world.branchId}`;
  for (const [i, id] of dos.entries()) {
    const qty = i === 1 ? 10 : 1;
    const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
      token: admin,
      body: {
        deliveryOrderIds: [id],
        shipToId: shipTos[i],
        shipCondId: world.shipCondId,
        allocations: [
          { slotId: world.slotId, vehicles: 1, lines: [{ deliveryOrderId: id, lineId: id, qty }] },
        ],
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q}`, {
      token: admin,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  }
  const [truck] = await insertRecords(server.db, 'vehicle', [
    {
      code: `E${n}`,
      name: 'หกล้อ',
      licensePlate: '1กข-2345',
      branchId: world.branchId,
      vehicleTypeId: world.vehicleTypeId,
    },
  ]);
  await insertRecords(server.db, 'driver', [
    {
      code: `DE${n}`,
      name: 'สมชาย ขับดี',
      tel: '0812345678',
      branchId: world.branchId,
      vehicleId: truck,
      isMain: true,
      appUserId: driver.id,
    },
  ]);
  const plan = await call(server.api, 'POST', `/shipmentPlanning/plan?${q}`, {
    token: admin,
    body: { date: world.today, shiftOfDayId: world.shiftOfDayId },
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  const confirmed = await call(server.api, 'POST', `/shipmentPlanning/confirm?${q}`, {
    token: admin,
    body: { date: world.today, shiftOfDayId: world.shiftOfDayId, version: 0, trips: tripsOf(plan.body) },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const tripId = confirmed.body.trips[0].shipmentId as string;
  return { world, tripId, driver, dispatcher, shipTos, deliveryOrderIds: dos };
}
