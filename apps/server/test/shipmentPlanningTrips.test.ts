import { addDays, editRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();

/**
 * Several trips per truck (docs/planning.md "Several trips"): a branch allowing two trips a shift,
 * ONE truck planning 500 kg (50 % of 1,000), and two confirmed bookings of 400 kg each in the
 * shift 08:00–18:00, one wanted at 09:00, the other at 15:00. They do not fit one load; with one
 * trip a truck one of them would stay unassigned, with two the truck carries both.
 */
async function twoTripSlot() {
  const world = await bookingScenario(server.db, { deliveryOrders: 8, vehicles: 1 });
  const day = addDays(world.today, 1);
  await sql`update vehicle_date_slot set shift_date = ${day} where id = ${world.slotId}`.execute(server.db);
  await sql`update branch set trips_per_truck = 2 where id = ${world.branchId}`.execute(server.db);
  await insertRecords(server.db, 'vehicleTypeAdjustPercent', [
    {
      branchId: world.branchId,
      vehicleTypeId: world.vehicleTypeId,
      bookingWeightAdjustPercent: 100,
      bookingVolumeAdjustPercent: 100,
      planningWeightAdjustPercent: 50,
      planningVolumeAdjustPercent: 100,
    },
  ]);
  const [truck] = (await insertRecords(server.db, 'vehicle', [
    {
      code: 'T1',
      name: 'หกล้อ 1',
      licensePlate: 'กข-2001',
      branchId: world.branchId,
      vehicleTypeId: world.vehicleTypeId,
    },
  ])) as string[];
  const [driver] = (await insertRecords(server.db, 'driver', [
    { code: 'D1', name: 'สมชาย', branchId: world.branchId, vehicleId: truck, isMain: true },
  ])) as string[];
  const { rows: shipTo } = await sql<{ customer_id: string }>`
    select customer_id from delivery_order where id = ${world.deliveryOrderIds[0]!}`.execute(server.db);
  const groups = [world.deliveryOrderIds.slice(0, 4), world.deliveryOrderIds.slice(4, 8)];
  const bookingIds: string[] = [];
  for (const [i, dos] of groups.entries()) {
    const { rows } = await sql<{ id: string }>`
      insert into booking_report (branch_id, status, doc_no, customer_id, ship_to_id)
      values (${world.branchId}, 'CONFIRMED', ${`BKTRIP${i + 1}`}, ${shipTo[0]!.customer_id}, ${world.shipToId}) returning id`.execute(
      server.db,
    );
    bookingIds.push(rows[0]!.id);
    for (const [position, id] of dos.entries())
      await sql`insert into booking_report__lines (parent_id, position, delivery_order_id, qty, delivery_date, delivery_time,
          used_weight, used_volume, ship_cond_id, slot_id)
        values (${rows[0]!.id}, ${position}, ${id}, 1, ${day}::date, ${i === 0 ? '09:00' : '15:00'}, 100, 1, ${world.shipCondId}, ${world.slotId})`.execute(
        server.db,
      );
  }
  return { ...world, day, truck: truck as string, driver: driver as string, bookingIds, groups };
}

type Trip = {
  vehicleId: string;
  trip: number;
  driverId: string | null;
  stops: { bookingId: string; deliveryOrderIds: string[] }[];
  stages: { stage: string; at: { date: string; time: string } }[];
  shipmentDocNo: string | null;
};

describe('several trips per truck over HTTP', () => {
  let slot: Awaited<ReturnType<typeof twoTripSlot>>;
  let dispatcher: string;
  const q = () => `?branchId=${slot.branchId}`;
  const body = (extra: object) => ({ date: slot.day, shiftOfDayId: slot.shiftOfDayId, ...extra });
  const input = (trips: Trip[]) =>
    trips.map((t) => ({
      vehicleId: t.vehicleId,
      driverId: t.driverId,
      stops: t.stops.map((s) => ({ bookingId: s.bookingId, deliveryOrderIds: s.deliveryOrderIds })),
    }));

  beforeAll(async () => {
    slot = await twoTripSlot();
    dispatcher = await signIn(
      server.api,
      await createUser(server.db, { roles: [editRoleOf('SHIPMENT')], branchIds: [slot.branchId] }),
    );
  });

  it('plans one truck for two trips, confirms them into two shipments with their stops, and keeps their numbers on a re-plan', async () => {
    const planned = await call(server.api, 'POST', `/shipmentPlanning/plan${q()}`, {
      token: dispatcher,
      body: body({}),
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    const trips = planned.body.trips as Trip[];
    expect(planned.body.unassigned).toEqual([]);
    expect(trips.map((t) => [t.vehicleId, t.trip, t.driverId])).toEqual([
      [slot.truck, 1, slot.driver],
      [slot.truck, 2, slot.driver],
    ]);
    expect(trips.map((t) => t.stops.map((s) => s.bookingId))).toEqual([
      [slot.bookingIds[0]],
      [slot.bookingIds[1]],
    ]);
    // The second trip loads after the first is back: its load starts after the first's last delivery.
    const at = (t: Trip, stage: string) => {
      const found = t.stages.find((s) => s.stage === stage)!.at;
      return `${found.date} ${found.time}`;
    };
    expect(at(trips[1]!, 'LoadStart') > at(trips[0]!, 'ShipEnd')).toBe(true);

    const confirmed = await call(server.api, 'POST', `/shipmentPlanning/confirm${q()}`, {
      token: dispatcher,
      body: body({ version: 0, trips: input(trips) }),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const numbers = (confirmed.body.trips as Trip[]).map((t) => t.shipmentDocNo);
    expect(numbers).toEqual([expect.stringMatching(/^SH\d{14}$/), expect.stringMatching(/^SH\d{14}$/)]);
    expect(new Set(numbers).size).toBe(2);
    const { rows } = await sql<{
      doc_no: string;
      car_plate_snap: string;
      driver_id: string;
      plan_time_load_start: string;
      bookings: string[];
      dos: number;
      stops: string[];
    }>`select s.doc_no, s.car_plate_snap, s.driver_id, s.plan_time_load_start::text,
         array(select ref_id::text from shipment__booking_report_ids where owner_id = s.id) as bookings,
         (select count(*)::int from shipment__delivery_order_ids where owner_id = s.id) as dos,
         array(select booking_id::text from delivery_stop where shipment_id = s.id order by seq) as stops
       from shipment s where s.branch_id = ${slot.branchId} order by s.doc_no`.execute(server.db);
    expect(rows.map((r) => [r.doc_no, r.car_plate_snap, r.driver_id, r.bookings, r.dos, r.stops])).toEqual([
      [numbers[0], 'กข-2001', slot.driver, [slot.bookingIds[0]], 4, [slot.bookingIds[0]]],
      [numbers[1], 'กข-2001', slot.driver, [slot.bookingIds[1]], 4, [slot.bookingIds[1]]],
    ]);
    expect(rows[0]!.plan_time_load_start < rows[1]!.plan_time_load_start).toBe(true);

    // Read back: the truck's trips in order with their shipments.
    const read = await call(
      server.api,
      'GET',
      `/shipmentPlanning${q()}&date=${slot.day}&shiftOfDayId=${slot.shiftOfDayId}`,
      { token: dispatcher },
    );
    expect((read.body.trips as Trip[]).map((t) => [t.trip, t.shipmentDocNo])).toEqual([
      [1, numbers[0]],
      [2, numbers[1]],
    ]);

    // Confirmed again from version 1 with the same trips: the same two shipments, no third.
    const again = await call(server.api, 'POST', `/shipmentPlanning/confirm${q()}`, {
      token: dispatcher,
      body: body({ version: 1, trips: input(trips) }),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((again.body.trips as Trip[]).map((t) => t.shipmentDocNo)).toEqual(numbers);
    const { rows: count } = await sql<{ n: number }>`
      select count(*)::int as n from shipment where branch_id = ${slot.branchId}`.execute(server.db);
    expect(count[0]!.n).toBe(2);
  });

  it('refuses more trips than the branch allows, and both loads on one trip, in Thai', async () => {
    const stop = (b: number) => ({ bookingId: slot.bookingIds[b]!, deliveryOrderIds: slot.groups[b]! });
    const three = await call(server.api, 'POST', `/shipmentPlanning/evaluate${q()}`, {
      token: dispatcher,
      body: body({
        trips: [
          { vehicleId: slot.truck, driverId: slot.driver, stops: [stop(0)] },
          {
            vehicleId: slot.truck,
            driverId: slot.driver,
            stops: [{ bookingId: slot.bookingIds[1]!, deliveryOrderIds: slot.groups[1]!.slice(0, 2) }],
          },
          {
            vehicleId: slot.truck,
            driverId: slot.driver,
            stops: [{ bookingId: slot.bookingIds[1]!, deliveryOrderIds: slot.groups[1]!.slice(2) }],
          },
        ],
      }),
    });
    expect(three.status).toBe(422);
    expect(three.body.messages).toEqual([expect.stringContaining('มากกว่า 2 เที่ยว')]);
    const oneLoad = await call(server.api, 'POST', `/shipmentPlanning/evaluate${q()}`, {
      token: dispatcher,
      body: body({ trips: [{ vehicleId: slot.truck, driverId: slot.driver, stops: [stop(0), stop(1)] }] }),
    });
    expect(oneLoad.status).toBe(422);
    expect(oneLoad.body.messages.join(' ')).toContain('เกินความจุ');
  });
});
