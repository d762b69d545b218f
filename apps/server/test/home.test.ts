import { addDays } from '@lms/booking';
import { type DueBucket, featureRoles, type HomeCount, LIMITS, ROLE_ADMIN, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();

/** The list a count links to, asked of the list API itself: its total must be the count. */
async function listTotal(count: HomeCount, token: string, branchId?: string) {
  return (await listPage(count, token, branchId)).total as number;
}

async function listPage(count: HomeCount, token: string, branchId?: string) {
  expect(count.href).not.toBeNull();
  const href = count.href!;
  const answer = await call(server.api, 'GET', `${href}${branchId ? `&branchId=${branchId}` : ''}`, {
    token,
  });
  expect(answer.status, href).toBe(200);
  return answer.body as { total: number; totalIsLowerBound: boolean };
}

describe('the home per role', () => {
  let world: Awaited<ReturnType<typeof bookingScenario>>;
  let other: Awaited<ReturnType<typeof bookingScenario>>;
  const tokens = { planner: '', masterData: '', admin: '', bystander: '' };
  const q = () => `branchId=${world.branchId}`;

  async function booking(branch: typeof world, docNo: string, values: Record<string, unknown>) {
    await insertRecords(server.db, 'bookingReport', [
      {
        branchId: branch.branchId,
        docNo,
        customerId: await sql<{
          id: string;
        }>`select customer_id as id from delivery_order where id = ${branch.deliveryOrderIds[0]!}`
          .execute(server.db)
          .then((r) => r.rows[0]!.id),
        shipToId: branch.shipToId,
        status: 'CONFIRMED',
        callStatus: 'NOT_CALLED',
        ...values,
      },
    ]);
  }

  beforeAll(async () => {
    world = await bookingScenario(server.db, { deliveryOrders: 7 });
    other = await bookingScenario(server.db, { deliveryOrders: 2 });
    const t = world.today;
    // Delivery dates: overdue, today, tomorrow, in 3 days, in 10 days, none; the 7th is booked.
    const dates = [addDays(t, -1), t, addDays(t, 1), addDays(t, 3), addDays(t, 10), null, t];
    for (const [i, id] of world.deliveryOrderIds.entries()) {
      await sql`update delivery_order set delivery_at = ${dates[i]}, is_booking = ${i === 6} where id = ${id}`.execute(
        server.db,
      );
    }
    await booking(world, 'HB-1', {});
    await booking(world, 'HB-2', {});
    await booking(world, 'HB-3', { callStatus: 'UNREACHABLE' });
    await booking(world, 'HB-4', { callStatus: 'CALLED' });
    await booking(world, 'HB-5', { status: 'CANCELED', canceledAt: new Date().toISOString() });
    await booking(world, 'HB-6', {
      status: 'CANCELED',
      canceledAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });
    // Another branch's work never shows in this branch's numbers.
    await booking(other, 'HB-OTHER', {});

    const planner = await createUser(server.db, {
      roles: [
        readRoleOf('BOOKING_CALENDAR'),
        readRoleOf('DELIVERY_ORDER'),
        'ROLE_BOOKING_REPORT_READ',
        ...featureRoles.doBooking.edit.filter((r) => r !== ROLE_ADMIN),
      ],
      branchIds: [world.branchId],
    });
    const masterData = await createUser(server.db, {
      roles: ['ROLE_SHIP_TO_EDIT', 'ROLE_VEHICLE_DATE_SLOT_EDIT', 'ROLE_VEHICLE_TYPE_READ'],
      branchIds: [world.branchId],
    });
    const admin = await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [world.branchId] });
    const bystander = await createUser(server.db, {
      roles: [readRoleOf('UNIT')],
      branchIds: [world.branchId],
    });
    tokens.planner = await signIn(server.api, planner);
    tokens.masterData = await signIn(server.api, masterData);
    tokens.admin = await signIn(server.api, admin);
    tokens.bystander = await signIn(server.api, bystander);
  });

  it("gives a planner the branch's capacity as the calendar has it and the counts of its lists", async () => {
    const { status, body } = await call(server.api, 'GET', `/home/planner?${q()}`, { token: tokens.planner });
    expect(status).toBe(200);
    expect(body.today).toBe(world.today);
    expect(body.tomorrow).toBe(addDays(world.today, 1));
    const calendar = await call(
      server.api,
      'GET',
      `/bookingCalendar?${q()}&from=${world.today}&to=${addDays(world.today, 1)}`,
      { token: tokens.planner },
    );
    expect(body.capacity).toEqual(calendar.body);
    expect(body.capacity).toHaveLength(1);
    expect(body.capacity[0]).toMatchObject({ date: world.today, vehicles: 1, status: expect.any(String) });

    const buckets = Object.fromEntries(
      body.unbooked.buckets.map((b: HomeCount & { bucket: string }) => [b.bucket, b]),
    );
    expect(body.unbooked.total.count).toBe(6);
    expect(buckets.overdue.count).toBe(1);
    expect(buckets.today.count).toBe(1);
    expect(buckets.tomorrow.count).toBe(1);
    expect(buckets.week.count).toBe(1);
    expect(buckets.later.count).toBe(1);
    expect(body.notCalled.count).toBe(2);
    expect(body.unreachable.count).toBe(1);
    expect(body.canceledToday.count).toBe(1);
    // Every number opens its list filtered to exactly those rows.
    for (const count of [body.unbooked.total, ...body.unbooked.buckets, body.notCalled, body.unreachable]) {
      expect(await listPage(count, tokens.planner, world.branchId)).toMatchObject({
        total: count.count,
        totalIsLowerBound: false,
      });
      expect(count.countIsLowerBound).toBe(false);
    }
    expect(await listTotal(body.canceledToday, tokens.admin, world.branchId)).toBe(1);
    expect(body.notCalled.href).toBe('/bookingReport?statusEq=CONFIRMED&callStatusEq=NOT_CALLED');
  });

  it('follows a change: a call made leaves the count', async () => {
    await sql`update booking_report set call_status = 'CALLED' where doc_no = 'HB-1' and branch_id = ${world.branchId}`.execute(
      server.db,
    );
    const { body } = await call(server.api, 'GET', `/home/planner?${q()}`, { token: tokens.planner });
    expect(body.notCalled.count).toBe(1);
    await sql`update booking_report set call_status = 'NOT_CALLED' where doc_no = 'HB-1' and branch_id = ${world.branchId}`.execute(
      server.db,
    );
  });

  it('gives master-data staff what blocks booking', async () => {
    const before = await call(server.api, 'GET', `/home/masterData?${q()}`, { token: tokens.masterData });
    expect(before.status).toBe(200);
    await insertRecords(server.db, 'shipTo', [
      {
        code: 'HOME-NOPOS',
        name: 'ไม่มีพิกัด',
        subDistrictId: await sql<{
          id: string;
        }>`select sub_district_id as id from ship_to where id = ${world.shipToId}`
          .execute(server.db)
          .then((r) => r.rows[0]!.id),
      },
    ]);
    const { body } = await call(server.api, 'GET', `/home/masterData?${q()}`, { token: tokens.masterData });
    expect(body.shipTosWithoutCoordinates.count).toBe(before.body.shipTosWithoutCoordinates.count + 1);
    expect(await listTotal(body.shipTosWithoutCoordinates, tokens.masterData)).toBe(
      body.shipTosWithoutCoordinates.count,
    );

    // The scenario's vehicle type has its branch settings for its ship cond: nothing blocks it.
    expect(body.vehicleTypesWithoutSettings.count).toBe(0);
    expect(body.vehicleTypesWithoutSettings.href).toBeNull();
    // A slot of the same type under a ship cond the branch has no speed and times for does.
    const [otherShipCondId] = await insertRecords(server.db, 'shipCond', [
      { code: 'HOME-SC', name: 'ส่งด่วน', sla: 0, vehicleTypeIds: [world.vehicleTypeId] },
    ]);
    const [unsetSlot] = await insertRecords(server.db, 'vehicleDateSlot', [
      {
        branchId: world.branchId,
        shiftDate: addDays(world.today, 2),
        shiftOfDayId: world.shiftOfDayId,
        vehicleTypeId: world.vehicleTypeId,
        shipCondId: otherShipCondId,
        total: 1,
        special: 0,
      },
    ]);
    const unset = await call(server.api, 'GET', `/home/masterData?${q()}`, { token: tokens.masterData });
    expect(unset.body.vehicleTypesWithoutSettings.count).toBe(1);
    expect(unset.body.vehicleTypesWithoutSettings.href).toBe(`/vehicleType?ids=${world.vehicleTypeId}`);
    expect(await listTotal(unset.body.vehicleTypesWithoutSettings, tokens.masterData)).toBe(1);
    // Another branch's settings do not count for this one.
    await sql`insert into branch__vehicle_type_settings (parent_id, position, vehicle_type_id, ship_cond_id, speed_per_km, load_time, unload_time, wait_time)
      values (${other.branchId}, 1, ${world.vehicleTypeId}, ${otherShipCondId}, 1, 10, 10, 10)`.execute(
      server.db,
    );
    const elsewhere = await call(server.api, 'GET', `/home/masterData?${q()}`, { token: tokens.masterData });
    expect(elsewhere.body.vehicleTypesWithoutSettings.count).toBe(1);
    await sql`insert into branch__vehicle_type_settings (parent_id, position, vehicle_type_id, ship_cond_id, speed_per_km, load_time, unload_time, wait_time)
      values (${world.branchId}, 1, ${world.vehicleTypeId}, ${otherShipCondId}, 1, 10, 10, 10)`.execute(
      server.db,
    );
    const set = await call(server.api, 'GET', `/home/masterData?${q()}`, { token: tokens.masterData });
    expect(set.body.vehicleTypesWithoutSettings.count).toBe(0);
    await sql`delete from vehicle_date_slot where id = ${unsetSlot!}`.execute(server.db);

    // Only today has a slot: the other 13 days of the 14 have none.
    expect(body.daysWithoutSlots.count).toBe(13);
    expect(body.daysWithoutSlots.days[0].date).toBe(addDays(world.today, 1));
    expect(body.daysWithoutSlots.days.map((d: { date: string }) => d.date)).not.toContain(world.today);
    expect(body.daysWithoutSlots.days[0].href).toBe(
      `/vehicleDateSlot?shiftDateFrom=${addDays(world.today, 1)}&shiftDateTo=${addDays(world.today, 1)}`,
    );
    // A slot with no vehicle is no slot.
    await sql`update vehicle_date_slot set total = 0 where id = ${world.slotId}`.execute(server.db);
    const empty = await call(server.api, 'GET', `/home/masterData?${q()}`, { token: tokens.masterData });
    expect(empty.body.daysWithoutSlots.count).toBe(14);
    await sql`update vehicle_date_slot set total = 1 where id = ${world.slotId}`.execute(server.db);
  });

  it('gives admins users, open sessions and the failed sign-ins of today', async () => {
    const before = await call(server.api, 'GET', '/home/admin', { token: tokens.admin });
    expect(before.status).toBe(200);
    const wrong = await call(server.api, 'POST', '/auth/webLogin', {
      body: { username: 'nobody-home', password: 'wrong' },
    });
    expect(wrong.status).toBe(401);
    const extra = await createUser(server.db, {});
    await createUser(server.db, { active: false });
    const token = await signIn(server.api, extra);
    const { body } = await call(server.api, 'GET', '/home/admin', { token: tokens.admin });
    expect(body.failedSignInsToday.count).toBe(before.body.failedSignInsToday.count + 1);
    expect(body.activeSessions.count).toBe(before.body.activeSessions.count + 1);
    expect(body.activeUsers.count).toBe(before.body.activeUsers.count + 1);
    expect(await listTotal(body.activeUsers, tokens.admin)).toBe(body.activeUsers.count);
    // A failure of yesterday is not today's.
    await sql`insert into sign_in_failure (username, at) values ('old', now() - interval '2 days')`.execute(
      server.db,
    );
    await call(server.api, 'POST', '/auth/logout', { token });
    const later = await call(server.api, 'GET', '/home/admin', { token: tokens.admin });
    expect(later.body.activeSessions.count).toBe(before.body.activeSessions.count);
    expect(later.body.failedSignInsToday.count).toBe(body.failedSignInsToday.count);
  });

  it('shows each section only to the roles it is for, in the acting branch, in Thai', async () => {
    const get = (path: string, token: string) => call(server.api, 'GET', path, { token });
    // A planner does not get the admin's or master data's numbers.
    expect((await get('/home/admin', tokens.planner)).status).toBe(403);
    expect((await get(`/home/masterData?${q()}`, tokens.planner)).status).toBe(403);
    expect((await get(`/home/planner?${q()}`, tokens.masterData)).status).toBe(403);
    expect((await get('/home/admin', tokens.masterData)).status).toBe(403);
    for (const path of [`/home/planner?${q()}`, `/home/masterData?${q()}`, '/home/admin']) {
      expect((await get(path, tokens.bystander)).status).toBe(403);
      expect((await get(path, tokens.admin)).status).toBe(200);
      expect((await call(server.api, 'GET', path)).status).toBe(401);
    }
    // Another branch than the user's: refused, not counted.
    const elsewhere = await get(`/home/planner?branchId=${other.branchId}`, tokens.planner);
    expect(elsewhere.status).toBe(403);
    const noBranch = await get('/home/planner', tokens.planner);
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.messages.join(' ')).toMatch(/[\u0E00-\u0E7F]/);
    const badBranch = await get('/home/masterData?branchId=not-a-uuid', tokens.masterData);
    expect(badBranch.status).toBe(400);
    expect(badBranch.body.messages.join(' ')).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe("the planner's counts past the lists' count limit", () => {
  const cap = LIMITS.listExactCountLimit;
  let branch: Awaited<ReturnType<typeof bookingScenario>>;
  let token = '';
  const planner = async () => {
    const answer = await call(server.api, 'GET', `/home/planner?branchId=${branch.branchId}`, { token });
    expect(answer.status).toBe(200);
    const buckets = Object.fromEntries(
      answer.body.unbooked.buckets.map((b: HomeCount & { bucket: string }) => [b.bucket, b]),
    ) as Record<DueBucket, HomeCount>;
    return { total: answer.body.unbooked.total as HomeCount, ...buckets };
  };
  /** `n` more unbooked DOs of the branch, copies of its first, due on `day`. */
  const addDeliveryOrders = (n: number, day: string, prefix: string) =>
    sql`insert into delivery_order (doc_no, branch_id, customer_id, ship_cond_id, so_ship_to_id, site_id,
          article_uom_id, qty, weight, weight_unit, volume, volume_unit, delivery_at, is_booking)
        select ${prefix} || n, d.branch_id, d.customer_id, d.ship_cond_id, d.so_ship_to_id, d.site_id,
               d.article_uom_id, d.qty, d.weight, d.weight_unit, d.volume, d.volume_unit, ${day}::date, false
          from delivery_order d, generate_series(1, ${n}::int) n
         where d.id = ${branch.deliveryOrderIds[0]!}`.execute(server.db);

  beforeAll(async () => {
    branch = await bookingScenario(server.db, { deliveryOrders: 1 });
    const overdue = addDays(branch.today, -3);
    await sql`update delivery_order set delivery_at = ${overdue}, is_booking = false where id = ${branch.deliveryOrderIds[0]!}`.execute(
      server.db,
    );
    // The limit itself, overdue: still an exact count.
    await addDeliveryOrders(cap - 1, overdue, 'CAP-');
    const user = await createUser(server.db, {
      roles: [readRoleOf('BOOKING_CALENDAR'), readRoleOf('DELIVERY_ORDER')],
      branchIds: [branch.branchId],
    });
    token = await signIn(server.api, user);
  });

  it('counts exactly up to the limit, then says "more than" the limit as the list it opens does', async () => {
    const atLimit = await planner();
    expect(atLimit.total).toMatchObject({ count: cap, countIsLowerBound: false });
    expect(atLimit.overdue).toMatchObject({ count: cap, countIsLowerBound: false });
    expect(atLimit.today).toMatchObject({ count: 0, countIsLowerBound: false });
    expect(await listPage(atLimit.total, token, branch.branchId)).toMatchObject({
      total: cap,
      totalIsLowerBound: false,
    });

    // One more, due today: the total passes the limit, the overdue bucket stays at it, today's is 1.
    await addDeliveryOrders(1, branch.today, 'CAP-TODAY-');
    const past = await planner();
    expect(past.total).toMatchObject({ count: cap, countIsLowerBound: true });
    expect(past.overdue).toMatchObject({ count: cap, countIsLowerBound: false });
    expect(past.today).toMatchObject({ count: 1, countIsLowerBound: false });
    expect(await listPage(past.total, token, branch.branchId)).toMatchObject({
      total: cap,
      totalIsLowerBound: true,
    });

    // Each bucket is capped on its own: two more overdue pass the limit there too.
    await addDeliveryOrders(2, addDays(branch.today, -1), 'CAP-LATE-');
    const both = await planner();
    expect(both.overdue).toMatchObject({ count: cap, countIsLowerBound: true });
    expect(await listPage(both.overdue, token, branch.branchId)).toMatchObject({
      total: cap,
      totalIsLowerBound: true,
    });
    expect(both.tomorrow).toMatchObject({ count: 0, countIsLowerBound: false });
  });
});
