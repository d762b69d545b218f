import { type PerformanceAnswer, ROLE_BOOKING_REPORT_READ } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { performanceFromRows } from '../src/performance/rows.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { seedPerformanceHistory } from './performanceHistory.ts';

/**
 * The roll-ups (migration 0044, docs/performance-figures.md "At scale") against the raw rows on
 * real PostgreSQL: two branches' September and October from the bench's own generator (outcomes,
 * partial quantities, reasons, returns, trips never started or ended, canceled bookings, days
 * across Bangkok's midnight, times with milliseconds, overloaded trucks), written with the
 * triggers on. The route (roll-ups) must answer exactly what `performanceFromRows` computes from
 * the raw rows, for several periods, and again after late changes to past days.
 */

const server = setupTestServer();
const branches: string[] = [];
let token = '';
const ids = {} as Record<string, string>;

beforeAll(async () => {
  const history = await seedPerformanceHistory(server.db);
  branches.push(...history.branches);
  Object.assign(ids, { big: history.big, small: history.small });
  // Shifts opened to 6-wheel trucks on the first days of September: the hours they had.
  const [shiftOfDayId] = await insertRecords(server.db, 'shiftOfDay', [
    { name: 'กะเช้า roll-up', startTime: '08:00', endTime: '16:00', totalMinute: 480, active: true },
  ]);
  const { rows: shipConds } = await sql<{ id: string }>`select id from ship_cond where code = 'SCR'`.execute(
    server.db,
  );
  await insertRecords(
    server.db,
    'vehicleDateSlot',
    ['2026-09-01', '2026-09-02', '2026-09-03'].map((shiftDate) => ({
      branchId: branches[0],
      shiftDate,
      shiftOfDayId,
      vehicleTypeId: history.big,
      shipCondId: shipConds[0]!.id,
      total: 2,
      special: 0,
    })),
  );
  const reader = await createUser(server.db, { roles: [ROLE_BOOKING_REPORT_READ], branchIds: branches });
  token = await signIn(server.api, reader);
}, 180_000);

async function fromRollups(branchId: string, from: string, to: string): Promise<PerformanceAnswer> {
  const response = await call(server.api, 'GET', `/performance?branchId=${branchId}&from=${from}&to=${to}`, {
    token,
  });
  expect(response.status).toBe(200);
  return response.body as PerformanceAnswer;
}

const periods = [
  ['2026-09-01', '2026-09-30'],
  ['2026-10-01', '2026-10-31'],
  ['2026-09-28', '2026-10-04'],
  ['2026-10-15', '2026-10-15'],
  ['2026-09-01', '2026-11-01'],
] as const;

/** Every period of both branches: the route's answer and the raw rows' answer. */
async function bothWays() {
  const answers = [];
  for (const branchId of branches)
    for (const [from, to] of periods)
      answers.push({
        rollups: await fromRollups(branchId, from, to),
        raw: await performanceFromRows(server.db, branchId, { from, to }),
      });
  return answers;
}

describe('the performance roll-ups', () => {
  it('answer exactly what the raw rows give, for every period of both branches', async () => {
    const answers = await bothWays();
    for (const { rollups, raw } of answers) expect(rollups).toEqual(raw);
    // The fixture is varied enough to judge: failures by several reasons, overloads, first attempts.
    const september = answers[0]!.raw;
    expect(september.current.stops.onTime.of).toBeGreaterThan(400);
    expect(september.current.stops.onTime.count).toBeGreaterThan(0);
    expect(september.current.stops.onTime.count).toBeLessThan(september.current.stops.onTime.of);
    expect(september.current.failures.length).toBeGreaterThan(3);
    expect(september.current.firstAttempt.of).toBeLessThan(september.current.orders.onTime.of);
    expect(september.truckUse.byTruck.some((row) => row.overloadedTrips > 0)).toBe(true);
    expect(september.current.leadDays.docToBooking.of).toBeGreaterThan(0);
    expect(september.current.dwellMinutes.value).not.toBeNull();
  });

  it('mark the days a write touches and refresh them on the next read', async () => {
    await fromRollups(branches[0]!, '2026-09-01', '2026-09-30');
    const stale = () =>
      sql<{ day: string }>`select to_char(day, 'YYYY-MM-DD') as day from performance_stale_day
        where branch_id = ${branches[0]!} order by day`
        .execute(server.db)
        .then((r) => r.rows.map((row) => row.day));
    expect(await stale()).toEqual([]);
    // A position update of a trip (every few seconds on the road) marks nothing.
    await sql`update delivery_trip set last_lat = 13.7, last_position_at = now()
      where branch_id = ${branches[0]!} and shift_date = '2026-09-05'`.execute(server.db);
    expect(await stale()).toEqual([]);
    await sql`update delivery_trip set ended_at = started_at + interval '9 hours'
      where branch_id = ${branches[0]!} and shift_date = '2026-09-05'`.execute(server.db);
    expect(await stale()).toEqual(['2026-09-05']);
    await fromRollups(branches[0]!, '2026-09-01', '2026-09-30');
    expect(await stale()).toEqual([]);
    // A planned time is a trip's hours when its ends are not recorded (migration 0056).
    await sql`update delivery_stop set planned_departure = planned_departure + interval '1 hour'
      where shipment_id in (select shipment_id from delivery_trip
        where branch_id = ${branches[0]!} and shift_date = '2026-09-06')`.execute(server.db);
    await sql`update delivery_trip set planned_start = planned_start - interval '1 hour'
      where branch_id = ${branches[0]!} and shift_date = '2026-09-07'`.execute(server.db);
    expect(await stale()).toEqual(['2026-09-06', '2026-09-07']);
    await fromRollups(branches[0]!, '2026-09-01', '2026-09-30');
    expect(await stale()).toEqual([]);
  });

  it('stay equal after late changes to past days', async () => {
    const before = await fromRollups(branches[0]!, '2026-09-01', '2026-09-30');
    const branch = branches[0]!;
    // A failed stop of 3 September turns out delivered, by a new outcome event.
    await sql`with failed as (select st.id, st.shipment_id, st.window_from from delivery_stop st
        join delivery_trip t on t.shipment_id = st.shipment_id
        where t.branch_id = ${branch} and t.shift_date = '2026-09-03' and st.status = 'FAILED' limit 1),
      event as (insert into delivery_event (id, shipment_id, stop_id, kind, at)
        select gen_random_uuid(), shipment_id, id, 'delivered', window_from + interval '5 minutes' from failed
        returning id, stop_id)
      update delivery_stop st set status = 'DELIVERED', outcome_event_id = event.id from event where st.id = event.stop_id`.execute(
      server.db,
    );
    // A booking of 10 September confirmed by the customer after all; another's document date corrected.
    await sql`update booking_report set call_status = 'CONFIRMED_BY_CUSTOMER', confirmed_at = confirmed_at - interval '2 days'
      where id in (select st.booking_id from delivery_stop st join delivery_trip t on t.shipment_id = st.shipment_id
        where t.branch_id = ${branch} and t.shift_date = '2026-09-10')`.execute(server.db);
    // A booking canceled after its trip (its distance leaves the trip's), a trip's start corrected.
    await sql`update booking_report set canceled_at = now(), distance = 500 where id in (
      select l.ref_id from shipment__booking_report_ids l join delivery_trip t on t.shipment_id = l.owner_id
      where t.branch_id = ${branch} and t.shift_date = '2026-09-12' limit 2)`.execute(server.db);
    await sql`update delivery_trip set started_at = coalesce(started_at, planned_start) - interval '30 minutes'
      where branch_id = ${branch} and shift_date = '2026-09-14'`.execute(server.db);
    // A plan moved: a trip of 16 September planned an hour earlier, its last stop's planned departure two hours later.
    await sql`update delivery_trip set planned_start = planned_start - interval '1 hour'
      where branch_id = ${branch} and shift_date = '2026-09-16'`.execute(server.db);
    await sql`update delivery_stop set planned_departure = planned_departure + interval '2 hours'
      where shipment_id in (select shipment_id from delivery_trip where branch_id = ${branch}
        and shift_date = '2026-09-16' and ended_at is null)`.execute(server.db);
    // A DO reweighed by the ERP (every day that carried it), a truck type's capacity lowered, a truck retyped.
    await sql`update delivery_order set weight = weight * 3 where id = (
      select (o->>'deliveryOrderId')::uuid from delivery_stop st join delivery_trip t on t.shipment_id = st.shipment_id,
        jsonb_array_elements(st.orders) o where t.branch_id = ${branch} and t.shift_date = '2026-09-20' limit 1)`.execute(
      server.db,
    );
    await sql`update vehicle_type set max_capacity_weight = 1800 where id = ${ids.big!}`.execute(server.db);
    await sql`update vehicle set vehicle_type_id = ${ids.big!} where code = 'R0C'`.execute(server.db);
    // A DO of 25 September came back from an earlier delivery: no longer its first attempt.
    await sql`insert into delivery_return (delivery_order_id, booking_id, qty, reason, rebooked_booking_id)
      select (st.orders->0->>'deliveryOrderId')::uuid, st.booking_id, 1, 'REFUSED', st.booking_id
      from delivery_stop st join delivery_trip t on t.shipment_id = st.shipment_id
      where t.branch_id = ${branch} and t.shift_date = '2026-09-25' and st.status = 'DELIVERED' limit 1`.execute(
      server.db,
    );
    // A stop moved off a trip of 27 September.
    await sql`delete from delivery_stop where id = (select st.id from delivery_stop st
      join delivery_trip t on t.shipment_id = st.shipment_id
      where t.branch_id = ${branch} and t.shift_date = '2026-09-27' and st.status = 'PENDING' limit 1)`.execute(
      server.db,
    );

    const answers = await bothWays();
    for (const { rollups, raw } of answers) expect(rollups).toEqual(raw);
    const after = answers[0]!.rollups;
    expect(after.current.stops).not.toEqual(before.current.stops);
    expect(after.current.confirmedByLink).not.toEqual(before.current.confirmedByLink);
    expect(after.current.kmPerDrop).not.toEqual(before.current.kmPerDrop);
    expect(after.current.firstAttempt).not.toEqual(before.current.firstAttempt);
    expect(after.truckUse).not.toEqual(before.truckUse);
    expect(after.truckDays).not.toEqual(before.truckDays);
    expect(after.truckHours).not.toEqual(before.truckHours);
  });
});
