import { type Kysely, sql } from 'kysely';

/**
 * Hours used against capacity (docs/performance-figures.md "ชั่วโมงที่ใช้เทียบกับที่มี"): each
 * truck's day in the roll-ups keeps its trips' milliseconds on the road (the domain's `tripMs`:
 * recorded start → end, else planned start → the last stop's planned departure), so the triggers
 * now also watch a trip's planned start and a stop's planned departure. Every trip day is marked
 * stale, so the next read fills the new column from the raw rows.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger performance_mark on delivery_trip`.execute(db);
  await sql`create trigger performance_mark after insert or delete or update of branch_id, shift_date,
    started_at, ended_at on delivery_trip for each row execute function performance_mark()`.execute(db);
  await sql`drop trigger performance_mark on delivery_stop`.execute(db);
  await sql`create trigger performance_mark after insert or delete or update of shipment_id, booking_id, status,
    window_from, window_to, arrived_at, left_at, orders, outcome_event_id
    on delivery_stop for each row execute function performance_mark()`.execute(db);
  await sql`alter table performance_truck_day drop column trip_ms`.execute(db);
}
