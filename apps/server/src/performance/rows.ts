import {
  type BranchTruck,
  type ShiftDayMinutes,
  type TripLoad,
  truckDayLoads,
  truckDaysOf,
  truckHoursOf,
  truckUse,
  type UtilizationThreshold,
} from '@lms/booking';
import {
  type BookingRow,
  bangkokIsoDate,
  deliveryFigures,
  type FailureReason,
  type PerformanceAnswer,
  type Period,
  previousPeriod,
  type StopRow,
  type StopStatus,
  type TripRow,
  tripMs,
} from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/**
 * The rows the performance figures are computed from (docs/performance-figures.md): a branch's
 * trips whose shift date falls in the period, their stops with each stop's outcome event, their
 * loads, and the bookings they carried. Four statements on the indexes `delivery_trip (branch_id,
 * shift_date)`, `delivery_stop`'s shipment and `delivery_return (booking_id)`; the figures
 * themselves are the domain's, never SQL.
 */

interface StopSql {
  stopId: string;
  shipmentId: string;
  status: StopStatus;
  windowFrom: Date;
  windowTo: Date;
  outcomeAt: Date | null;
  arrivedAt: Date | null;
  leftAt: Date | null;
  reason: FailureReason | null;
  /** The stop's DOs, each with what the outcome delivered and whether an earlier delivery returned it to this booking. */
  orders: { deliveryOrderId: string; qty: number; delivered: number | null; again: boolean }[];
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

async function stopsOf(db: Executor, branchId: string, period: Period): Promise<StopRow[]> {
  // Delivered per DO: a whole delivery gives the booked quantity unless the phone sent its own;
  // a partial one gives what it sent; a failed one nothing; no outcome yet: null.
  const { rows } = await sql<StopSql>`
    select st.id as "stopId", st.shipment_id as "shipmentId", st.status,
      st.window_from as "windowFrom", st.window_to as "windowTo", e.at as "outcomeAt",
      st.arrived_at as "arrivedAt", st.left_at as "leftAt", e.reason,
      (select coalesce(jsonb_agg(jsonb_build_object(
          'deliveryOrderId', o->>'deliveryOrderId',
          'qty', (o->>'qty')::numeric,
          'delivered', case
            when st.status = 'FAILED' then 0
            when st.status in ('DELIVERED', 'PARTIAL') then coalesce(
              (select (q->>'qty')::numeric from jsonb_array_elements(e.quantities) q
                where q->>'deliveryOrderId' = o->>'deliveryOrderId'),
              case when st.status = 'DELIVERED' then (o->>'qty')::numeric else 0 end)
            end,
          'again', exists (select 1 from delivery_return r
            where r.rebooked_booking_id = st.booking_id and r.delivery_order_id = (o->>'deliveryOrderId')::uuid))
        order by o->>'docNo'), '[]'::jsonb)
        from jsonb_array_elements(st.orders) o) as orders
    from delivery_trip t
    join delivery_stop st on st.shipment_id = t.shipment_id
    left join delivery_event e on e.id = st.outcome_event_id
    where t.branch_id = ${branchId} and t.shift_date between ${period.from}::date and ${period.to}::date
    order by st.shipment_id, st.seq`.execute(db);
  return rows.map((row) => ({
    ...row,
    windowFrom: row.windowFrom.toISOString(),
    windowTo: row.windowTo.toISOString(),
    outcomeAt: iso(row.outcomeAt),
    arrivedAt: iso(row.arrivedAt),
    leftAt: iso(row.leftAt),
    orders: row.orders.map(({ again, ...order }) => ({
      ...order,
      qty: Number(order.qty),
      delivered: order.delivered === null ? null : Number(order.delivered),
      attempt: again ? 2 : 1,
    })),
  }));
}

interface TripSql
  extends Omit<TripLoad, 'weight' | 'volume' | 'capacityWeight' | 'capacityVolume' | 'tripMs'> {
  day: string;
  plannedStart: Date;
  plannedEnd: Date | null;
  startedAt: Date | null;
  endedAt: Date | null;
  distanceKm: string | null;
  weight: string;
  volume: string;
  capacityWeight: string;
  capacityVolume: string;
}

/**
 * A trip's distance as the freight rule takes it (freight/trips.ts): one way to the farthest active
 * booking. The raw rows and the roll-ups (rollups.ts) read it from here.
 */
export const tripDistance = (shipmentId: RawBuilder<unknown>) => sql<number | null>`(select max(b.distance)
  from shipment__booking_report_ids l join booking_report b on b.id = l.ref_id
  where l.owner_id = ${shipmentId} and b.canceled_at is null)`;

/**
 * What a trip carried, as a lateral join `load (weight, volume)`: each DO's weight and volume in
 * proportion to the quantity booked onto its stops (as the booking engine counts a DO's part,
 * booking/world.ts), rounded to thousandths (grams, litres) so sums of trips are exact.
 */
export const tripLoad = (shipmentId: RawBuilder<unknown>) => sql`left join lateral (
  select round(coalesce(sum(d.weight * (o->>'qty')::numeric / nullif(d.qty, 0)), 0), 3) as weight,
    round(coalesce(sum(d.volume * (o->>'qty')::numeric / nullif(d.qty, 0)), 0), 3) as volume
  from delivery_stop st cross join jsonb_array_elements(st.orders) o
  join delivery_order d on d.id = (o->>'deliveryOrderId')::uuid
  where st.shipment_id = ${shipmentId}) load on true`;

/** A trip's planned end, as a lateral join `planned (last_departure)`: its last stop's planned departure. */
export const plannedEnd = (shipmentId: RawBuilder<unknown>) => sql`left join lateral (
  select max(st.planned_departure) as last_departure from delivery_stop st
  where st.shipment_id = ${shipmentId}) planned on true`;

/** A truck's label: its plate (its code without one), as it is today. */
export const truckLabel = sql<string>`coalesce(v.license_plate, v.code)`;

async function tripsOf(db: Executor, branchId: string, period: Period) {
  const { rows } = await sql<TripSql>`
    select t.shipment_id as "shipmentId", to_char(t.shift_date, 'YYYY-MM-DD') as day,
      t.planned_start as "plannedStart", planned.last_departure as "plannedEnd", t.started_at as "startedAt", t.ended_at as "endedAt",
      ${tripDistance(sql.ref('s.id'))} as "distanceKm",
      v.id as "vehicleId", ${truckLabel} as "vehicleLabel",
      vt.id as "vehicleTypeId", concat_ws(': ', vt.code, vt.name) as "vehicleTypeLabel",
      vt.max_capacity_weight as "capacityWeight", vt.max_capacity_volume as "capacityVolume",
      load.weight, load.volume
    from delivery_trip t
    join shipment s on s.id = t.shipment_id
    join vehicle v on v.id = s.vehicle_id
    join vehicle_type vt on vt.id = v.vehicle_type_id
    ${tripLoad(sql.ref('t.shipment_id'))}
    ${plannedEnd(sql.ref('t.shipment_id'))}
    where t.branch_id = ${branchId} and t.shift_date between ${period.from}::date and ${period.to}::date`.execute(
    db,
  );
  const trips: TripRow[] = rows.map((row) => ({
    shipmentId: row.shipmentId,
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    distanceKm: row.distanceKm === null ? null : Number(row.distanceKm),
  }));
  const loads: (TripLoad & { day: string })[] = rows.map((row) => ({
    shipmentId: row.shipmentId,
    day: row.day,
    vehicleId: row.vehicleId,
    vehicleLabel: row.vehicleLabel,
    vehicleTypeId: row.vehicleTypeId,
    vehicleTypeLabel: row.vehicleTypeLabel,
    weight: Number(row.weight),
    volume: Number(row.volume),
    capacityWeight: Number(row.capacityWeight),
    capacityVolume: Number(row.capacityVolume),
    tripMs: tripMs({
      plannedStart: row.plannedStart.toISOString(),
      plannedEnd: iso(row.plannedEnd),
      startedAt: iso(row.startedAt),
      endedAt: iso(row.endedAt),
    }),
  }));
  return { trips, loads };
}

/**
 * The branch's trucks and any other truck in `vehicleIds` (another branch's truck that ran its
 * trips), labelled and typed as they are today, with one trip's capacity: the trucks whose empty
 * and full days are listed (the raw rows and the roll-ups both ask here).
 */
export async function branchTrucks(
  db: Executor,
  branchId: string,
  vehicleIds: readonly string[],
): Promise<BranchTruck[]> {
  const ran = vehicleIds.map((vehicleId) => ({ branchId, vehicleId }));
  return (await branchesTrucks(db, [branchId], ran)).map(({ branchId: _, ...truck }) => truck);
}

/**
 * `branchTrucks` of several branches in one statement: each branch's own trucks and those in `ran`
 * (a truck that ran a branch's trips), each with the branch it is listed for (a truck may be in two).
 */
export async function branchesTrucks(
  db: Executor,
  branchIds: readonly string[],
  ran: readonly { branchId: string; vehicleId: string }[],
): Promise<(BranchTruck & { branchId: string })[]> {
  const { rows } = await sql<BranchTruck & { branchId: string }>`
    select f.branch_id as "branchId", v.id as "vehicleId", ${truckLabel} as "vehicleLabel",
      vt.id as "vehicleTypeId", concat_ws(': ', vt.code, vt.name) as "vehicleTypeLabel",
      vt.max_capacity_weight as "capacityWeight", vt.max_capacity_volume as "capacityVolume"
    from (select v.branch_id, v.id as vehicle_id from vehicle v where v.branch_id = any(${[...branchIds]}::uuid[])
      union select * from unnest(${ran.map((r) => r.branchId)}::uuid[], ${ran.map((r) => r.vehicleId)}::uuid[])
        as r(branch_id, vehicle_id)) f
    join vehicle v on v.id = f.vehicle_id join vehicle_type vt on vt.id = v.vehicle_type_id`.execute(db);
  return rows;
}

/**
 * By vehicle type and day, the minutes one of its trucks had: the minutes of each shift the
 * branch opened the type in (a vehicle date slot with a truck, whatever its ship condition), day by
 * day, as the booking calendar gives a truck a shift's `totalMinute`. Master data, not a tally: the
 * raw rows and the roll-ups read it alike.
 */
export async function shiftMinutes(
  db: Executor,
  branchId: string,
  period: Period,
): Promise<ShiftDayMinutes[]> {
  return (await branchesShiftMinutes(db, [branchId], period)).map(({ branchId: _, ...day }) => day);
}

/** `shiftMinutes` of several branches in one statement, each row with its branch. */
export async function branchesShiftMinutes(
  db: Executor,
  branchIds: readonly string[],
  period: Period,
): Promise<(ShiftDayMinutes & { branchId: string })[]> {
  const { rows } = await sql<ShiftDayMinutes & { branchId: string }>`
    select x.branch_id as "branchId", x.vehicle_type_id as "vehicleTypeId",
      to_char(x.shift_date, 'YYYY-MM-DD') as day, sum(s.total_minute)::integer as minutes
    from (select distinct d.branch_id, d.vehicle_type_id, d.shift_date, d.shift_of_day_id from vehicle_date_slot d
      where d.branch_id = any(${[...branchIds]}::uuid[])
        and d.shift_date between ${period.from}::date and ${period.to}::date and d.total > 0) x
    join shift_of_day s on s.id = x.shift_of_day_id
    group by x.branch_id, x.vehicle_type_id, x.shift_date`.execute(db);
  return rows;
}

/**
 * The day (Bangkok) each DO of a stop reached LMS, one per DO it carried: the start of its lead
 * time (`BookingRow.orderDates`). The raw rows and the bookings behind the figures read it here.
 */
export const orderDates = (stopOrders: RawBuilder<unknown>) => sql<string[]>`(select
  coalesce(array_agg(to_char(d.created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') order by d.created_at, d.id), '{}')
  from delivery_order d where d.id = any(${stopOrderIds(stopOrders)}))`;

/**
 * The ids of a stop's DOs as an array, for `= any(…)`: the primary key's index, one lookup per DO (a
 * join to `jsonb_array_elements` is planned as a hash join over every DO, ~0.6 ms a stop at 5,000 DOs).
 */
export const stopOrderIds = (stopOrders: RawBuilder<unknown>) =>
  sql`array(select (x->>'deliveryOrderId')::uuid from jsonb_array_elements(${stopOrders}) x)`;

/** Each stop's booking (a booking tried at two stops counts at both, as its DOs do), with the stop's DOs' dates. */
async function bookingsOf(db: Executor, branchId: string, period: Period): Promise<BookingRow[]> {
  const { rows } = await sql<BookingRow>`
    select b.id as "bookingId", ${orderDates(sql.ref('st.orders'))} as "orderDates",
      to_char(b.confirmed_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as "confirmedOn",
      to_char(b.delivery_date, 'YYYY-MM-DD') as "deliveryDate", b.call_status as "callStatus"
    from delivery_trip t join delivery_stop st on st.shipment_id = t.shipment_id
    join booking_report b on b.id = st.booking_id
    where t.branch_id = ${branchId} and t.shift_date between ${period.from}::date and ${period.to}::date`.execute(
    db,
  );
  return rows;
}

/** A period's rows for the domain's `deliveryFigures`. */
export async function performanceRows(db: Executor, branchId: string, period: Period) {
  const [stops, { trips, loads }, bookings] = await Promise.all([
    stopsOf(db, branchId, period),
    tripsOf(db, branchId, period),
    bookingsOf(db, branchId, period),
  ]);
  return { stops, trips, bookings, loads };
}

/**
 * A branch's period and the one before it computed from the raw rows, as the route answered before
 * the roll-ups: what the roll-ups' test and bench/performance hold the route's answer equal to.
 */
export async function performanceFromRows(
  db: Executor,
  branchId: string,
  period: Period,
  /** Truck days and hours count up to here (`judgedPeriod`); a test passes its own. */
  today: string = bangkokIsoDate(new Date()),
): Promise<PerformanceAnswer> {
  const before = previousPeriod(period);
  const [current, previous, thresholds] = await Promise.all([
    performanceRows(db, branchId, period),
    performanceRows(db, branchId, before),
    utilizationThresholds(db),
  ]);
  const [trucks, minutes] = await Promise.all([
    branchTrucks(
      db,
      branchId,
      current.loads.map((load) => load.vehicleId),
    ),
    shiftMinutes(db, branchId, period),
  ]);
  const days = truckDayLoads(current.loads);
  return {
    period,
    previousPeriod: before,
    current: deliveryFigures(current),
    previous: deliveryFigures(previous),
    truckUse: truckUse(current.loads, thresholds),
    truckDays: truckDaysOf(trucks, days, period, thresholds, today),
    truckHours: truckHoursOf(trucks, days, minutes, thresholds, period, today),
  };
}

/** Every vehicle type's utilization bands (the calendar's). */
export async function utilizationThresholds(db: Executor): Promise<UtilizationThreshold[]> {
  const rows = await db
    .selectFrom('vehicle_utilization_thresholds')
    .select([
      'vehicle_type_id as vehicleTypeId',
      'status',
      'min_weight_percent as minWeightPercent',
      'max_weight_percent as maxWeightPercent',
      'min_volume_percent as minVolumePercent',
      'max_volume_percent as maxVolumePercent',
      'min_hour_percent as minHourPercent',
      'max_hour_percent as maxHourPercent',
    ])
    .execute();
  return rows.map((row) => ({
    ...row,
    status: row.status as UtilizationThreshold['status'],
    minWeightPercent: Number(row.minWeightPercent),
    maxWeightPercent: Number(row.maxWeightPercent),
    minVolumePercent: Number(row.minVolumePercent),
    maxVolumePercent: Number(row.maxVolumePercent),
    minHourPercent: Number(row.minHourPercent),
    maxHourPercent: Number(row.maxHourPercent),
  }));
}
