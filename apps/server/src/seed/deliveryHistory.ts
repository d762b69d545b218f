import { failureReasonOptions } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Delivery history for the performance figures (docs/performance-figures.md "At scale"): for each
 * branch and day, `tripsPerDay` trips of `stopsPerTrip` stops, each stop its own booking and one or
 * two of the branch's DOs, with outcomes, windows, times, reasons, returns and bookings varied by a
 * hash of the stop's place (deterministic: the same call makes the same rows). Used by
 * bench/performance (50 branches × 365 days) and by the roll-ups' equality test (one branch's
 * month), so the test holds the roll-ups equal on the very shapes the bench times.
 *
 * Rows are made by PostgreSQL (INSERT … SELECT over generate_series, one statement per chunk of
 * days, every table in it as writable CTEs: foreign keys are checked at the statement's end, so a
 * stop and its outcome event name each other). Each branch needs vehicles (`branch_id` set) and the
 * DO pool `prepareHistory` makes. `withoutTriggers` (the bench, as a superuser) skips every trigger,
 * the roll-ups' stale marks included: the caller then marks or rebuilds the days itself.
 */
export interface HistoryOptions {
  readonly branchIds: readonly string[];
  readonly from: string;
  readonly days: number;
  readonly tripsPerDay: number;
  readonly stopsPerTrip: number;
  /** Days per statement (and transaction). */
  readonly chunkDays?: number;
  readonly prefix: string;
  readonly customerId: string;
  readonly shipToId: string;
  readonly withoutTriggers?: boolean;
  readonly progress?: (daysDone: number) => void;
}

/** Each branch's pool of `size` DOs the stops carry (weights and volumes with decimals, some tiny, some heavy). */
export async function prepareHistory(
  db: Database,
  options: Pick<HistoryOptions, 'branchIds' | 'prefix' | 'customerId'> & { shipCondId: string; size: number },
) {
  await sql`
    insert into delivery_order (branch_id, doc_no, qty, weight, volume, customer_id, ship_cond_id, created_at)
    select b.id, ${options.prefix} || 'DO' || lpad(i::text, 6, '0'), 1 + i % 12,
      round((1 + i % 12) * (3.5 + (i * 7919 % 900) / 7.0), 3), round((1 + i % 12) * (0.011 + (i % 50) / 300.0), 3),
      ${options.customerId}, ${options.shipCondId},
      -- Each DO's own date (its lead time's start), spread over days and across Bangkok's midnight.
      now() - (i * 37 % 2000) * interval '1 hour'
    from unnest(${options.branchIds}::uuid[]) b(id), generate_series(1, ${options.size}) i`.execute(db);
}

const reasons = failureReasonOptions.map((o) => o.value);

export async function generateDeliveryHistory(db: Database, options: HistoryOptions): Promise<void> {
  const chunk = options.chunkDays ?? options.days;
  for (let first = 0; first < options.days; first += chunk) {
    const last = Math.min(options.days, first + chunk) - 1;
    await db.transaction().execute(async (tx) => {
      if (options.withoutTriggers) await sql`set local session_replication_role = replica`.execute(tx);
      await sql`
        with br as (
          select b.id, b.ord,
            (select array_agg(v.id order by v.code) from vehicle v where v.branch_id = b.id) as trucks,
            (select array_agg(o.id order by o.doc_no) from delivery_order o
              where o.branch_id = b.id and o.doc_no like ${options.prefix} || 'DO%') as dos
          from unnest(${options.branchIds}::uuid[]) with ordinality b(id, ord)),
        trip as (
          select br.id as branch_id, br.ord, ${options.from}::date + d as day, d, k,
            md5(${options.prefix} || 't' || br.ord || '-' || d || '-' || k)::uuid as id,
            br.trucks[1 + (k + d) % cardinality(br.trucks)] as vehicle_id,
            abs(hashtext(${options.prefix} || br.ord || '-' || d || '-' || k)) as h
          from br, generate_series(${first}::int, ${last}::int) d, generate_series(0, ${options.tripsPerDay - 1}::int) k),
        stop as (
          select t.branch_id, t.day, t.id as trip_id, t.d, t.k, j,
            md5(${options.prefix} || 's' || t.ord || '-' || t.d || '-' || t.k || '-' || j)::uuid as id,
            md5(${options.prefix} || 'e' || t.ord || '-' || t.d || '-' || t.k || '-' || j)::uuid as event_id,
            md5(${options.prefix} || 'b' || t.ord || '-' || t.d || '-' || t.k || '-' || j)::uuid as booking_id,
            abs(hashtext(${options.prefix} || t.ord || '-' || t.d || '-' || t.k || '-' || j)) as h,
            (t.day + time '09:00' + (j % 8) * interval '1 hour') at time zone 'Asia/Bangkok' as window_from
          from trip t, generate_series(0, ${options.stopsPerTrip - 1}::int) j),
        shaped as (
          select s.*,
            case when s.h % 20 in (0, 1) then 'FAILED' when s.h % 20 in (2, 3) then 'PARTIAL'
              when s.h % 20 = 4 then 'PENDING' when s.h % 20 = 5 then 'ARRIVED' else 'DELIVERED' end as status,
            s.window_from + (s.h % 170) * interval '1 minute' + (s.h % 997) * interval '1 millisecond' as outcome_at,
            br.dos[1 + s.h % cardinality(br.dos)] as do1,
            case when s.h % 3 = 0 then br.dos[1 + (s.h / 7) % cardinality(br.dos)] end as do2,
            1 + s.h % 10 as qty1, 1 + (s.h / 11) % 4 as qty2
          -- The branch's pool joined here, not carried by every trip and stop row (500 ids each).
          from stop s join br on br.id = s.branch_id),
        shipments as (
          insert into shipment (id, branch_id, doc_no, vehicle_id, vehicle_type_id, shift_date)
          select t.id, t.branch_id, ${options.prefix} || t.ord || '-' || to_char(t.day, 'YYYYMMDD') || '-' || t.k,
            t.vehicle_id, v.vehicle_type_id, t.day
          from trip t join vehicle v on v.id = t.vehicle_id),
        trips as (
          insert into delivery_trip (shipment_id, branch_id, shift_date, minutes_per_km, planned_start, started_at, ended_at)
          select t.id, t.branch_id, t.day, 1.5, (t.day + time '07:30') at time zone 'Asia/Bangkok',
            case when t.h % 9 <> 0 then (t.day + time '07:30') at time zone 'Asia/Bangkok' + t.k * interval '1 minute' end,
            case when t.h % 9 not in (0, 1) then (t.day + time '16:00') at time zone 'Asia/Bangkok'
              + (t.h % 3600) * interval '1 second' + (t.h % 1000) * interval '1 millisecond' end
          from trip t),
        bookings as (
          insert into booking_report (id, branch_id, status, customer_id, ship_to_id, distance, doc_date,
            confirmed_at, delivery_date, call_status, canceled_at)
          select s.booking_id, s.branch_id, 'CONFIRMED', ${options.customerId}, ${options.shipToId},
            5 + (s.h % 9000) / 100.0, case when s.h % 17 <> 0 then s.day - (s.h % 6) end,
            case when s.h % 19 <> 0 then (s.day - (s.h % 4)) + time '06:00' + (s.h % 24) * interval '1 hour' end,
            s.day, (array['CALLED', 'CONFIRMED_BY_CUSTOMER', 'NOT_CALLED', 'UNREACHABLE'])[1 + s.h % 4],
            case when s.h % 29 = 0 then s.day - 1 + time '12:00' end
          from stop s),
        links as (
          insert into shipment__booking_report_ids (owner_id, ref_id) select s.trip_id, s.booking_id from stop s),
        stops as (
          insert into delivery_stop (id, shipment_id, seq, booking_id, ship_to_name, window_from, window_to,
            planned_arrival, planned_departure, service_seconds, proof_required, orders, status,
            arrived_at, left_at, outcome_event_id)
          select s.id, s.trip_id, s.j + 1, s.booking_id, 'ร้าน ' || s.j, s.window_from, s.window_from + interval '2 hours',
            s.window_from + interval '30 minutes', s.window_from + interval '45 minutes', 900, 'SIGNATURE',
            jsonb_build_array(jsonb_build_object('deliveryOrderId', s.do1, 'docNo', 'A', 'qty', s.qty1))
              || case when s.do2 is null then '[]'::jsonb
                 else jsonb_build_array(jsonb_build_object('deliveryOrderId', s.do2, 'docNo', 'B', 'qty', s.qty2)) end,
            s.status,
            case when s.h % 11 <> 0 and s.status <> 'PENDING' then s.outcome_at - (s.h % 20) * interval '1 minute' end,
            case when s.h % 11 not in (0, 1) and s.status not in ('PENDING', 'ARRIVED')
              then s.outcome_at + (s.h % 25) * interval '1 minute' + (s.h % 991) * interval '1 millisecond' end,
            case when s.status in ('DELIVERED', 'PARTIAL', 'FAILED') then s.event_id end
          from shaped s),
        returns as (
          insert into delivery_return (delivery_order_id, booking_id, qty, reason, rebooked_booking_id)
          select s.do1, s.booking_id, 1, 'CUSTOMER_ABSENT', s.booking_id from shaped s where s.h % 13 = 0)
        insert into delivery_event (id, shipment_id, stop_id, kind, at, reason, quantities)
        select s.event_id, s.trip_id, s.id, lower(s.status), s.outcome_at,
          case when s.status = 'FAILED' and s.h % 23 <> 0 then (${reasons}::text[])[1 + (s.h / 3) % ${reasons.length}] end,
          case when s.status = 'PARTIAL' then jsonb_build_array(jsonb_build_object('deliveryOrderId', s.do1, 'qty', greatest(0, s.qty1 - 1 - s.h % 2)))
            when s.status = 'DELIVERED' and s.h % 31 = 0 then jsonb_build_array(jsonb_build_object('deliveryOrderId', s.do1, 'qty', s.qty1)) end
        from shaped s where s.status in ('DELIVERED', 'PARTIAL', 'FAILED')`.execute(tx);
    });
    options.progress?.(last + 1);
  }
}
