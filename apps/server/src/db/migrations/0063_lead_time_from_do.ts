import { type Kysely, sql } from 'kysely';

/**
 * Lead time from each DO's own date (docs/performance-figures.md, issue 40): the roll-up's
 * "document → booking" pair counted each stop's booking from the booking's `doc_date` (the day it
 * was booked); it now counts each DO the stop carried, from the day that DO reached LMS
 * (`delivery_order.created_at`, Bangkok). The columns are renamed for what they hold, the DOs'
 * trigger also watches `created_at`, and every trip day is marked stale so the next read refills
 * the pair from the raw rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table performance_day rename column doc_to_booking_bookings to order_to_booking_orders`.execute(
    db,
  );
  await sql`alter table performance_day rename column doc_to_booking_days to order_to_booking_days`.execute(
    db,
  );
  await sql`drop trigger performance_mark on delivery_order`.execute(db);
  await sql`create trigger performance_mark after update of weight, volume, qty, created_at on delivery_order
    for each row execute function performance_mark()`.execute(db);
  await sql`insert into performance_stale_day (branch_id, day)
    select distinct branch_id, shift_date from delivery_trip
    on conflict (branch_id, day) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger performance_mark on delivery_order`.execute(db);
  await sql`create trigger performance_mark after update of weight, volume, qty on delivery_order
    for each row execute function performance_mark()`.execute(db);
  await sql`alter table performance_day rename column order_to_booking_orders to doc_to_booking_bookings`.execute(
    db,
  );
  await sql`alter table performance_day rename column order_to_booking_days to doc_to_booking_days`.execute(
    db,
  );
  await sql`insert into performance_stale_day (branch_id, day)
    select distinct branch_id, shift_date from delivery_trip
    on conflict (branch_id, day) do nothing`.execute(db);
}
