import { randomBytes } from 'node:crypto';
import {
  addDays,
  type BoardTrip,
  type DispatcherHome,
  type DispatcherSlot,
  planningSlotPath,
  ROLE_ADMIN,
  readRoleOf,
  staffGroups,
  tripsOf,
} from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { bookThroughApi } from './bookThroughApi.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();

type World = Awaited<ReturnType<typeof bookingScenario>>;

describe("the dispatcher's home", () => {
  let world: World;
  let other: World;
  const tokens = { admin: '', dispatcher: '', planner: '', driver: '', elsewhere: '' };
  const bookings: string[] = [];
  const q = () => `branchId=${world.branchId}`;

  const home = async (token = tokens.dispatcher) => {
    const answer = await call(server.api, 'GET', `/home/dispatcher?${q()}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as DispatcherHome;
  };
  const slotOf = (body: DispatcherHome, date: string): DispatcherSlot => {
    const slot = body.slots.find((s) => s.date === date && s.shiftOfDayId === world.shiftOfDayId);
    expect(slot, `${date} ${world.shiftOfDayId}`).toBeDefined();
    return slot!;
  };

  beforeAll(async () => {
    world = await bookingScenario(server.db, { deliveryOrders: 3 });
    other = await bookingScenario(server.db, { deliveryOrders: 1 });
    const admin = await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [world.branchId] });
    tokens.admin = await signIn(server.api, admin);
    const user = (roles: readonly string[], branchId = world.branchId) =>
      createUser(server.db, { roles: [...roles], branchIds: [branchId] }).then((u) => signIn(server.api, u));
    tokens.dispatcher = await user(staffGroups.dispatcher.roles);
    tokens.planner = await user(staffGroups.planner.roles);
    tokens.driver = await user(staffGroups.driver.roles);
    tokens.elsewhere = await user(staffGroups.dispatcher.roles, other.branchId);
    for (const doId of world.deliveryOrderIds.slice(0, 2))
      bookings.push(await bookThroughApi(server, world, tokens.admin, world.shipToId, doId));
    // Another branch's booking never shows in this branch's numbers.
    await bookThroughApi(server, other, tokens.admin, other.shipToId, other.deliveryOrderIds[0]!);
  });

  it('gives each shift of today and tomorrow its bookings, none on a trip before the plan, and a link to its slot', async () => {
    const body = await home();
    expect(body.today).toBe(world.today);
    expect(body.tomorrow).toBe(addDays(world.today, 1));
    expect(slotOf(body, world.today)).toMatchObject({
      bookings: 2,
      waiting: 2,
      trips: 0,
      confirmed: false,
      href: planningSlotPath(world.today, world.shiftOfDayId),
    });
    expect(slotOf(body, body.tomorrow)).toMatchObject({
      bookings: 0,
      waiting: 0,
      trips: 0,
      confirmed: false,
    });
    // Every shift the planning screen offers, on both days, in its order.
    const shifts = await call(server.api, 'GET', `/shipmentPlanning/shifts?${q()}`, {
      token: tokens.dispatcher,
    });
    const ids = (shifts.body as { id: string }[]).map((s) => s.id);
    expect(body.slots.map((s) => s.shiftOfDayId)).toEqual([...ids, ...ids]);
    expect(body.trips.PLANNED.count + body.trips.RUNNING.count + body.trips.DONE.count).toBe(0);
  });

  it('follows the plan confirmed, a booking after it, and the day as the board reads it', async () => {
    const [truck] = await insertRecords(server.db, 'vehicle', [
      {
        code: 'HD1',
        name: 'หกล้อ',
        licensePlate: `กข-${randomBytes(2).toString('hex')}`,
        branchId: world.branchId,
        vehicleTypeId: world.vehicleTypeId,
      },
    ]);
    await insertRecords(server.db, 'driver', [
      {
        code: 'HD1',
        name: 'สมชาย ขับดี',
        tel: '0812345678',
        branchId: world.branchId,
        vehicleId: truck,
        isMain: true,
      },
    ]);
    const at = `?${q()}`;
    const slot = { date: world.today, shiftOfDayId: world.shiftOfDayId };
    const plan = await call(server.api, 'POST', `/shipmentPlanning/plan${at}`, {
      token: tokens.dispatcher,
      body: slot,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const confirmed = await call(server.api, 'POST', `/shipmentPlanning/confirm${at}`, {
      token: tokens.dispatcher,
      body: { ...slot, version: 0, trips: tripsOf(plan.body) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    let body = await home();
    expect(slotOf(body, world.today)).toMatchObject({ bookings: 2, waiting: 0, trips: 1, confirmed: true });
    expect(body.trips.PLANNED).toEqual({ count: 1, countIsLowerBound: false, href: '/deliveryBoard' });

    // A booking after the confirm waits for the next plan; the confirmed one stays confirmed.
    bookings.push(
      await bookThroughApi(server, world, tokens.admin, world.shipToId, world.deliveryOrderIds[2]!),
    );
    // The trip leaves and its first stop fails (what the driver's events leave, delivery/events.ts).
    const shipmentId = confirmed.body.trips[0].shipmentId as string;
    await sql`update delivery_trip set started_at = now() - interval '1 hour' where shipment_id = ${shipmentId}`.execute(
      server.db,
    );
    await sql`update delivery_stop set status = 'FAILED', arrived_at = now() - interval '30 minutes',
      left_at = now() - interval '20 minutes' where shipment_id = ${shipmentId} and seq = 1`.execute(
      server.db,
    );

    body = await home();
    expect(slotOf(body, world.today)).toMatchObject({ bookings: 3, waiting: 1, trips: 1, confirmed: true });
    expect(body.trips.PLANNED.count).toBe(0);
    expect(body.trips.RUNNING.count).toBe(1);
    expect(body.failedStops.count).toBe(1);
    // The board of the same moment says the same: statuses and late stops are its own.
    const board = await call(server.api, 'GET', `/delivery/board?${q()}`, { token: tokens.dispatcher });
    const trips = board.body as BoardTrip[];
    expect(trips.filter((t) => t.status === 'RUNNING')).toHaveLength(body.trips.RUNNING.count);
    expect(trips.flatMap((t) => t.stops).filter((s) => s.late)).toHaveLength(body.lateStops.count);
    expect(trips.flatMap((t) => t.stops).filter((s) => s.status === 'FAILED')).toHaveLength(1);
  });

  it('answers the roles that plan, in their branch, and refuses the rest in Thai', async () => {
    const get = (path: string, token?: string) => call(server.api, 'GET', path, token ? { token } : {});
    const path = `/home/dispatcher?${q()}`;
    expect((await get(path, tokens.admin)).status).toBe(200);
    // A driver holds the planning role (spec §6): the web shows them no section, the route answers.
    expect((await get(path, tokens.driver)).status).toBe(200);
    const planner = await get(path, tokens.planner);
    expect(planner.status).toBe(403);
    expect(planner.body.messages.join(' ')).toMatch(/[\u0E00-\u0E7F]/);
    expect((await get(path, tokens.elsewhere)).status).toBe(403);
    expect((await get(path)).status).toBe(401);
    const noBranch = await get('/home/dispatcher', tokens.dispatcher);
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.messages.join(' ')).toMatch(/[\u0E00-\u0E7F]/);
    // A reader of shipments who does not plan them is refused too.
    const reader = await createUser(server.db, {
      roles: [readRoleOf('SHIPMENT')],
      branchIds: [world.branchId],
    });
    expect((await get(path, await signIn(server.api, reader))).status).toBe(403);
  });
});
