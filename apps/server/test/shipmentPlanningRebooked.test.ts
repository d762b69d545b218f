import { randomUUID } from 'node:crypto';
import {
  bangkokIsoDate,
  editRoleOf,
  formatTime,
  type ReplanPreview,
  ROLE_ADMIN,
  type SlotPlan,
  tripsOf,
} from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { bookThroughApi } from './bookThroughApi.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
const MIN = 60_000;

type World = Awaited<ReturnType<typeof bookingScenario>>;

/** A booking of one DO through the wizard's API into the world's slot; answers its id. */
const book = (world: World, admin: string, shipToId: string, doId: string) =>
  bookThroughApi(server, world, admin, shipToId, doId);

const stopsOf = (plan: SlotPlan) =>
  plan.trips.flatMap((t) => t.stops.map((s) => ({ vehicleId: t.vehicleId, trip: t.trip, ...s })));

/**
 * A DO whose delivery failed, booked again into the very shift of its failed stop (issue 42): the
 * slot holds the DO twice — the failed stop's line, history and done, and the new booking's, to be
 * delivered. Everything through the real routes on a shift around now: book → plan → confirm → the
 * driver fails the stop → book again → plan → re-plan → confirm.
 */
describe('a returned DO booked again into the same shift', () => {
  it('is planned once, for the new booking; the failed stop stays as it happened through re-plan and confirm', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 2, vehicles: 2 });
    // The shift runs from an hour ago to five hours ahead, whatever the hour the test runs, on
    // today's Bangkok date: in the day's first hour it starts at midnight, as a slot of yesterday
    // is before the SLA's first bookable day (it failed so when run 00:00–01:00 in Bangkok).
    const now = Date.now();
    const date = bangkokIsoDate(new Date(now));
    const from = Math.max(now - 60 * MIN, Date.parse(`${date}T00:00:00+07:00`));
    await sql`update shift_of_day set start_time = ${formatTime(new Date(from))},
      end_time = ${formatTime(new Date(from + 6 * 60 * MIN))} where id = ${world.shiftOfDayId}`.execute(
      server.db,
    );
    await sql`update vehicle_date_slot set shift_date = ${date} where id = ${world.slotId}`.execute(
      server.db,
    );
    // One truck, two trips: the DO booked again goes out on the second once the first is back.
    await sql`update branch set trips_per_truck = 2 where id = ${world.branchId}`.execute(server.db);
    const driverUser = await createUser(server.db, { branchIds: [world.branchId] });
    const [truck] = (await insertRecords(server.db, 'vehicle', [
      {
        code: `RB${world.branchId.slice(0, 4)}`,
        name: 'หกล้อ',
        licensePlate: 'รบ-1001',
        branchId: world.branchId,
        vehicleTypeId: world.vehicleTypeId,
      },
    ])) as [string];
    await insertRecords(server.db, 'driver', [
      {
        code: `RD${world.branchId.slice(0, 4)}`,
        name: 'สมชาย ขับดี',
        tel: '0812345678',
        branchId: world.branchId,
        vehicleId: truck,
        isMain: true,
        appUserId: driverUser.id,
      },
    ]);
    const admin = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
    const dispatcher = await signIn(
      server.api,
      await createUser(server.db, { roles: [editRoleOf('SHIPMENT')], branchIds: [world.branchId] }),
    );
    const driver = await signIn(server.api, driverUser);
    const [failedDo, otherDo] = world.deliveryOrderIds as [string, string];
    const q = `?branchId=${world.branchId}`;
    const body = (extra: object = {}) => ({ date, shiftOfDayId: world.shiftOfDayId, ...extra });
    const post = (path: string, extra: object = {}) =>
      call(server.api, 'POST', `/shipmentPlanning${path}${q}`, { token: dispatcher, body: body(extra) });

    const first = await book(world, admin, world.shipToId, failedDo);
    const second = await book(world, admin, world.shipToId, otherDo);
    const planned = await post('/plan');
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    const confirmed = await post('/confirm', { version: 0, trips: tripsOf(planned.body) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const shipmentId = (confirmed.body as SlotPlan).trips[0]!.shipmentId!;

    // The driver reaches the first booking's stop and fails it (no one there), then leaves.
    const trip = await call(server.api, 'GET', `/driver/trips/${shipmentId}`, { token: driver });
    expect(trip.status, JSON.stringify(trip.body)).toBe(200);
    const stop = trip.body.stops.find((s: { bookingId: string }) => s.bookingId === first);
    const at = (minutes: number) => new Date(Date.now() - minutes * MIN).toISOString();
    const events = await call(server.api, 'POST', `/driver/trips/${shipmentId}/events`, {
      token: driver,
      body: {
        events: [
          { id: randomUUID(), kind: 'arrived', at: at(20), stopId: stop.id },
          { id: randomUUID(), kind: 'failed', at: at(15), stopId: stop.id, reason: 'CUSTOMER_ABSENT' },
          { id: randomUUID(), kind: 'left', at: at(14), stopId: stop.id },
        ],
      },
    });
    expect(events.status, JSON.stringify(events.body)).toBe(200);

    // Booked again into the same shift: the slot now holds the DO on both bookings.
    const again = await book(world, admin, world.shipToId, failedDo);
    expect(again).not.toBe(first);

    // The ordinary plan: the DO once, for the new booking; the failed stop's booking has nothing to deliver.
    const replanned = await post('/plan');
    expect(replanned.status, JSON.stringify(replanned.body)).toBe(200);
    const planStops = stopsOf(replanned.body);
    expect(planStops.filter((s) => s.deliveryOrderIds.includes(failedDo)).map((s) => s.bookingId)).toEqual([
      again,
    ]);
    expect(planStops.map((s) => s.bookingId).sort()).toEqual([second, again].sort());
    expect((replanned.body as SlotPlan).unassigned).toEqual([]);

    // The plan in force reads as confirmed: the failed stop on its trip, the new booking not yet on one.
    const current = await call(
      server.api,
      'GET',
      `/shipmentPlanning${q}&date=${date}&shiftOfDayId=${world.shiftOfDayId}`,
      { token: dispatcher },
    );
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    expect(
      stopsOf(current.body)
        .filter((s) => s.deliveryOrderIds.includes(failedDo))
        .map((s) => s.bookingId),
    ).toEqual([first]);

    // Re-planned from now: the failed stop fixed where it happened, the new booking planned as new.
    const preview = await post('/replan');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const { plan, fixed, changes } = preview.body as ReplanPreview;
    expect(fixed).toEqual([{ bookingId: first, vehicleId: truck, trip: 1 }]);
    const withDo = stopsOf(plan).filter((s) => s.deliveryOrderIds.includes(failedDo));
    expect(withDo.map((s) => s.bookingId).sort()).toEqual([first, again].sort());
    expect(withDo.find((s) => s.bookingId === first)).toMatchObject({ vehicleId: truck, trip: 1 });
    expect(withDo.find((s) => s.bookingId === again)).toMatchObject({ vehicleId: truck, trip: 2 });
    expect(changes.find((c) => c.bookingId === again)).toMatchObject({ kind: 'NEW', after: { trip: 2 } });
    expect(changes.some((c) => c.bookingId === first)).toBe(false);

    const done = await post('/replan/confirm', { version: plan.version, trips: tripsOf(plan) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const written = await sql<{ booking_id: string; status: string; orders: string }>`
      select booking_id, status, orders::text from delivery_stop
      where booking_id = any(${[first, again]}::uuid[]) order by booking_id = ${first} desc`.execute(
      server.db,
    );
    expect(written.rows.map((r) => [r.booking_id, r.status])).toEqual([
      [first, 'FAILED'],
      [again, 'PENDING'],
    ]);
    expect(written.rows[1]!.orders).toContain(failedDo);
  });
});
