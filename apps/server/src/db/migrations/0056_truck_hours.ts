import { type Kysely, sql } from 'kysely';

/**
 * Hours used against capacity (docs/performance-figures.md "ชั่วโมงที่ใช้เทียบกับที่มี"): each
 * truck's day in the roll-ups keeps its trips' milliseconds on the road (the domain's `tripMs`:
 * recorded start → end, else planned start → the last stop's planned departure), so the triggers
 * now also watch a trip's planned start and a stop's planned departure. Every trip day is marked
 * stale, so the next read fills the new column from the raw rows.
 *
 * And the delivery stops as a read-only list (`deliveryStopReport`, the view below): what the
 * stop-level figures and each failure reason open. Its `on_time`, `in_full` and `reason` are the
 * figures' rule (the roll-ups' SQL, rollups.ts): on time = delivered whole or in part with the
 * outcome inside the window (milliseconds, both ends included); a failure without a reason is OTHER.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table performance_truck_day add column trip_ms bigint not null default 0`.execute(db);
  await sql`drop trigger performance_mark on delivery_trip`.execute(db);
  await sql`create trigger performance_mark after insert or delete or update of branch_id, shift_date,
    planned_start, started_at, ended_at on delivery_trip for each row execute function performance_mark()`.execute(
    db,
  );
  await sql`drop trigger performance_mark on delivery_stop`.execute(db);
  await sql`create trigger performance_mark after insert or delete or update of shipment_id, booking_id, status,
    window_from, window_to, arrived_at, left_at, orders, outcome_event_id, planned_departure
    on delivery_stop for each row execute function performance_mark()`.execute(db);
  await sql`insert into performance_stale_day (branch_id, day)
    select distinct branch_id, shift_date from delivery_trip
    on conflict (branch_id, day) do nothing`.execute(db);
  const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)`);
  await sql`create view delivery_stop_report as
    select st.id, 0 as version, t.planned_start as created_at, coalesce(e.at, t.planned_start) as updated_at,
      null::uuid as created_by, null::uuid as updated_by,
      t.branch_id, t.shift_date, st.shipment_id, st.seq, st.ship_to_name, s.vehicle_id, v.vehicle_type_id,
      st.window_from, st.window_to, st.status, e.at as outcome_at,
      case when st.status = 'FAILED' then coalesce(e.reason, 'OTHER') end as reason,
      coalesce(st.status in ('DELIVERED', 'PARTIAL') and e.at is not null
        and ${ms('e.at')} between ${ms('st.window_from')} and ${ms('st.window_to')}, false) as on_time,
      st.status = 'DELIVERED' as in_full
    from delivery_stop st
    join delivery_trip t on t.shipment_id = st.shipment_id
    left join delivery_event e on e.id = st.outcome_event_id
    left join shipment s on s.id = st.shipment_id
    left join vehicle v on v.id = s.vehicle_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view delivery_stop_report`.execute(db);
  await sql`drop trigger performance_mark on delivery_trip`.execute(db);
  await sql`create trigger performance_mark after insert or delete or update of branch_id, shift_date,
    started_at, ended_at on delivery_trip for each row execute function performance_mark()`.execute(db);
  await sql`drop trigger performance_mark on delivery_stop`.execute(db);
  await sql`create trigger performance_mark after insert or delete or update of shipment_id, booking_id, status,
    window_from, window_to, arrived_at, left_at, orders, outcome_event_id
    on delivery_stop for each row execute function performance_mark()`.execute(db);
  await sql`alter table performance_truck_day drop column trip_ms`.execute(db);
}
