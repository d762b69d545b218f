import type { TruckDayLoad, TruckLoad } from '@lms/booking';
import { addTallies, emptyTally, type FailureReason, type PerformanceTally, type Period } from '@lms/domain';
import { sql } from 'kysely';
import type { Database, Executor } from '../db/database.ts';
import { plannedEnd, stopOrderIds, tripDistance, tripLoad, truckLabel } from './rows.ts';

/**
 * The performance roll-ups (migration 0044, docs/performance-figures.md "At scale"): a branch's
 * `PerformanceTally` per shift day in `performance_day`, each truck's trips and load per day in
 * `performance_truck_day`. Triggers mark a day stale when a fact under it changes; a read
 * refreshes the stale days of what it reads first. The statements below are the domain's
 * `tallyOf` (figures/deliveryPerformance.ts) in SQL: apps/server/test/performanceRollups.test.ts
 * holds the two equal on a varied month, late changes included.
 */

/** Epoch milliseconds, truncated as JavaScript's Date holds a timestamp. */
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)`);

/** Recomputes the roll-ups of the given branch days from the raw rows (their old rows deleted first). */
export async function refreshDays(db: Executor, days: readonly { branchId: string; day: string }[]) {
  if (days.length === 0) return;
  const branches = days.map((d) => d.branchId);
  const dates = days.map((d) => d.day);
  const target = sql`unnest(${branches}::uuid[], ${dates}::date[]) as g(branch_id, day)`;
  await sql`delete from performance_day p using ${target} where p.branch_id = g.branch_id and p.day = g.day`.execute(
    db,
  );
  await sql`delete from performance_truck_day p using ${target}
    where p.branch_id = g.branch_id and p.day = g.day`.execute(db);
  await sql`
    with trip as (
      select t.branch_id, t.shift_date as day, t.shipment_id, t.started_at, t.ended_at
      from ${target} join delivery_trip t on t.branch_id = g.branch_id and t.shift_date = g.day),
    stop as (
      select t.branch_id, t.day, st.shipment_id, st.status, st.orders, st.booking_id, e.reason, e.quantities,
        st.status in ('DELIVERED', 'PARTIAL', 'FAILED') as settled,
        st.status in ('DELIVERED', 'PARTIAL') as gave,
        st.status in ('DELIVERED', 'PARTIAL') and e.at is not null
          and ${ms('e.at')} between ${ms('st.window_from')} and ${ms('st.window_to')} as on_time,
        ${ms('st.left_at')} - ${ms('st.arrived_at')} as dwell_ms
      from trip t join delivery_stop st on st.shipment_id = t.shipment_id
      left join delivery_event e on e.id = st.outcome_event_id),
    line as (
      select s.branch_id, s.day, s.on_time, s.gave, (o->>'qty')::numeric as qty,
        case when s.status = 'FAILED' then 0 else coalesce(
          (select (q->>'qty')::numeric from jsonb_array_elements(s.quantities) q
            where q->>'deliveryOrderId' = o->>'deliveryOrderId'),
          case when s.status = 'DELIVERED' then (o->>'qty')::numeric else 0 end) end as delivered,
        exists (select 1 from delivery_return r where r.rebooked_booking_id = s.booking_id
          and r.delivery_order_id = (o->>'deliveryOrderId')::uuid) as again
      from stop s cross join jsonb_array_elements(s.orders) o where s.settled),
    lines as (
      select branch_id, day, count(*) as order_lines,
        count(*) filter (where on_time and delivered > 0) as on_time_lines,
        count(*) filter (where gave and delivered >= qty) as in_full_lines,
        count(*) filter (where on_time and delivered > 0 and gave and delivered >= qty) as otif_lines,
        count(*) filter (where not again) as first_lines,
        count(*) filter (where not again and gave and delivered >= qty) as first_in_full
      from line group by branch_id, day),
    stops as (
      select branch_id, day,
        count(*) filter (where settled) as settled_stops,
        count(*) filter (where on_time) as on_time_stops,
        count(*) filter (where status = 'DELIVERED') as in_full_stops,
        count(*) filter (where on_time and status = 'DELIVERED') as otif_stops,
        count(dwell_ms) as dwell_stops, coalesce(sum(dwell_ms), 0) as dwell_ms,
        -- Every stop, each with its booking: the bookings list's count (records.ts).
        count(*) as all_stops
      from stop group by branch_id, day),
    failures as (
      select branch_id, day, jsonb_object_agg(reason, n) as failures
      from (select branch_id, day, coalesce(reason, 'OTHER') as reason, count(*) as n
        from stop where status = 'FAILED' group by 1, 2, 3) f group by branch_id, day),
    drops as (
      select t.branch_id, t.day,
        sum(d.drops) filter (where t.km is not null) as km_drops,
        sum((t.km * 100)::bigint) as km_hundredths,
        sum(d.drops) filter (where t.started_at is not null and t.ended_at is not null) as minute_drops,
        sum(${ms('t.ended_at')} - ${ms('t.started_at')}) as trip_ms
      from (select trip.*, ${tripDistance(sql.ref('trip.shipment_id'))} as km from trip) t
      join (select shipment_id, count(*) as drops from stop where gave group by shipment_id) d
        on d.shipment_id = t.shipment_id
      -- The raw rows' trips are those with a truck of a known type (rows.ts, tripsOf).
      where exists (select 1 from shipment s join vehicle v on v.id = s.vehicle_id
        join vehicle_type vt on vt.id = v.vehicle_type_id where s.id = t.shipment_id)
      group by t.branch_id, t.day),
    bookings as (
      select s.branch_id, s.day,
        coalesce(sum(o.orders) filter (where b.confirmed_at is not null), 0) as order_to_booking_orders,
        coalesce(sum(o.days) filter (where b.confirmed_at is not null), 0) as order_to_booking_days,
        count(b.delivery_date) filter (where b.confirmed_at is not null) as booking_to_delivery_bookings,
        coalesce(sum(b.delivery_date - (b.confirmed_at at time zone 'Asia/Bangkok')::date), 0)
          as booking_to_delivery_days,
        count(*) filter (where b.call_status = 'CONFIRMED_BY_CUSTOMER') as by_link,
        count(*) filter (where b.call_status = 'CALLED') as by_phone
      from stop s join booking_report b on b.id = s.booking_id
      -- Each DO the stop carried, from its own date (the day it reached LMS, Bangkok): the domain's orderDates.
      cross join lateral (select count(*) as orders,
          sum((b.confirmed_at at time zone 'Asia/Bangkok')::date - (d.created_at at time zone 'Asia/Bangkok')::date) as days
        from delivery_order d where d.id = any(${stopOrderIds(sql.ref('s.orders'))})) o
      group by s.branch_id, s.day)
    insert into performance_day
    select s.branch_id, s.day, s.settled_stops, s.on_time_stops, s.in_full_stops, s.otif_stops,
      coalesce(l.order_lines, 0), coalesce(l.on_time_lines, 0), coalesce(l.in_full_lines, 0),
      coalesce(l.otif_lines, 0), coalesce(l.first_lines, 0), coalesce(l.first_in_full, 0),
      coalesce(f.failures, '{}'), coalesce(d.km_drops, 0), coalesce(d.km_hundredths, 0),
      coalesce(d.minute_drops, 0), coalesce(d.trip_ms, 0), s.dwell_stops, s.dwell_ms,
      coalesce(b.order_to_booking_orders, 0), coalesce(b.order_to_booking_days, 0),
      coalesce(b.booking_to_delivery_bookings, 0), coalesce(b.booking_to_delivery_days, 0),
      coalesce(b.by_link, 0), coalesce(b.by_phone, 0), s.all_stops
    from stops s
    left join lines l using (branch_id, day)
    left join failures f using (branch_id, day)
    left join drops d using (branch_id, day)
    left join bookings b using (branch_id, day)`.execute(db);
  await sql`
    insert into performance_truck_day (branch_id, day, vehicle_id, trips, weight, volume, overloaded_trips, trip_ms,
      drop_trips)
    select t.branch_id, t.shift_date, v.id, count(*), sum(load.weight), sum(load.volume),
      count(*) filter (where load.weight > vt.max_capacity_weight or load.volume > vt.max_capacity_volume),
      -- The domain's tripMs (figures/truckHours.ts): recorded when both ends are, else planned.
      sum(case when t.started_at is not null and t.ended_at is not null
        then greatest(0, ${ms('t.ended_at')} - ${ms('t.started_at')})
        else coalesce(greatest(0, ${ms('planned.last_departure')} - ${ms('t.planned_start')}), 0) end),
      -- The trips with a drop (km and minutes per drop count them): the trips list's count (records.ts).
      count(*) filter (where exists (select 1 from delivery_stop st
        where st.shipment_id = t.shipment_id and st.status in ('DELIVERED', 'PARTIAL')))
    from ${target} join delivery_trip t on t.branch_id = g.branch_id and t.shift_date = g.day
    join shipment s on s.id = t.shipment_id
    join vehicle v on v.id = s.vehicle_id
    join vehicle_type vt on vt.id = v.vehicle_type_id
    ${tripLoad(sql.ref('t.shipment_id'))}
    ${plannedEnd(sql.ref('t.shipment_id'))}
    group by t.branch_id, t.shift_date, v.id`.execute(db);
}

/**
 * Refreshes the days of the branches between `from` and `to` that a write marked stale, in one
 * transaction: taking the marks first (a write in flight waits for this commit, then marks again).
 * Without a branch, every stale day of every branch (after the migration, or in the bench).
 */
export async function refreshStale(
  db: Database,
  scope?: { branchIds: readonly string[]; from: string; to: string },
) {
  return db.transaction().execute(async (tx) => {
    const where = scope
      ? sql`where branch_id = any(${[...scope.branchIds]}::uuid[]) and day between ${scope.from}::date and ${scope.to}::date`
      : sql``;
    // The marks locked in one order, so two requests over overlapping days wait for each other, never deadlock.
    const { rows } = await sql<{ branchId: string; day: string }>`
      delete from performance_stale_day where (branch_id, day) in (
        select branch_id, day from performance_stale_day ${where} order by branch_id, day for update)
      returning branch_id as "branchId", to_char(day, 'YYYY-MM-DD') as day`.execute(tx);
    await refreshDays(tx, rows);
    return rows.length;
  });
}

interface DaySql extends Omit<PerformanceTally, 'failures'> {
  failures: Record<FailureReason, number>;
}

/** A branch's tally of a period: its days' tallies added up. */
export async function periodTally(db: Executor, branchId: string, period: Period): Promise<PerformanceTally> {
  return (await periodTallies(db, [branchId], period)).get(branchId) ?? emptyTally;
}

/** Each branch's tally of a period (a branch without a day is absent): its days' tallies added up. */
export async function periodTallies(
  db: Executor,
  branchIds: readonly string[],
  period: Period,
): Promise<Map<string, PerformanceTally>> {
  const { rows } = await sql<DaySql & { branchId: string }>`
    select branch_id as "branchId", settled_stops as "settledStops", on_time_stops as "onTimeStops", in_full_stops as "inFullStops",
      otif_stops as "otifStops", order_lines as "orderLines", on_time_lines as "onTimeLines",
      in_full_lines as "inFullLines", otif_lines as "otifLines", first_lines as "firstLines",
      first_in_full as "firstInFull", failures, km_drops as "kmDrops", km_hundredths as "kmHundredths",
      minute_drops as "minuteDrops", trip_ms as "tripMs", dwell_stops as "dwellStops", dwell_ms as "dwellMs",
      order_to_booking_orders as "orderToBookingOrders", order_to_booking_days as "orderToBookingDays",
      booking_to_delivery_bookings as "bookingToDeliveryBookings",
      booking_to_delivery_days as "bookingToDeliveryDays", by_link as "byLink", by_phone as "byPhone"
    from performance_day
    where branch_id = any(${[...branchIds]}::uuid[])
      and day between ${period.from}::date and ${period.to}::date`.execute(db);
  const tallies = new Map<string, PerformanceTally>();
  for (const { branchId, ...day } of rows)
    tallies.set(branchId, addTallies(tallies.get(branchId) ?? emptyTally, day));
  return tallies;
}

/** Each truck's trips of a period added up, labelled and typed as the truck is today. */
export async function periodTruckLoads(db: Executor, branchId: string, period: Period): Promise<TruckLoad[]> {
  return (await branchesTruckLoads(db, [branchId], period)).map(({ branchId: _, ...load }) => load);
}

/** `periodTruckLoads` of several branches, each truck with the branch its trips ran for. */
export async function branchesTruckLoads(
  db: Executor,
  branchIds: readonly string[],
  period: Period,
): Promise<(TruckLoad & { branchId: string })[]> {
  const { rows } = await sql<TruckLoad & { branchId: string }>`
    select r.branch_id as "branchId", v.id as "vehicleId", ${truckLabel} as "vehicleLabel", vt.id as "vehicleTypeId",
      concat_ws(': ', vt.code, vt.name) as "vehicleTypeLabel", sum(r.trips)::integer as trips,
      sum(r.weight) as weight, sum(r.volume) as volume,
      sum(r.trips) * vt.max_capacity_weight as "capacityWeight",
      sum(r.trips) * vt.max_capacity_volume as "capacityVolume",
      sum(r.overloaded_trips)::integer as "overloadedTrips", sum(r.trip_ms) as "tripMs"
    from performance_truck_day r
    join vehicle v on v.id = r.vehicle_id
    join vehicle_type vt on vt.id = v.vehicle_type_id
    where r.branch_id = any(${[...branchIds]}::uuid[])
      and r.day between ${period.from}::date and ${period.to}::date
    group by r.branch_id, v.id, vt.id`.execute(db);
  return rows;
}

/** Each truck's trips of each day of a period (the rows `truckDaysOf` bands). */
export async function periodTruckDays(
  db: Executor,
  branchId: string,
  period: Period,
): Promise<TruckDayLoad[]> {
  return (await branchesTruckDays(db, [branchId], period)).map(({ branchId: _, ...day }) => day);
}

/** `periodTruckDays` of several branches in one statement, each row with the branch its trips ran for. */
export async function branchesTruckDays(
  db: Executor,
  branchIds: readonly string[],
  period: Period,
): Promise<(TruckDayLoad & { branchId: string })[]> {
  const { rows } = await sql<TruckDayLoad & { branchId: string }>`
    select branch_id as "branchId", vehicle_id as "vehicleId", to_char(day, 'YYYY-MM-DD') as day, trips,
      weight, volume, trip_ms as "tripMs"
    from performance_truck_day
    where branch_id = any(${[...branchIds]}::uuid[])
      and day between ${period.from}::date and ${period.to}::date`.execute(db);
  return rows;
}
