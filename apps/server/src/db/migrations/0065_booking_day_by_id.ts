import { type Kysely, sql } from 'kysely';

/**
 * A booking's `delivery_date` (0034) recomputed for the bookings whose lines a statement wrote,
 * joined to them by id. 0034's statement filtered every booking by its lines' first day before
 * matching the changed ones, and PL/pgSQL keeps a plan per connection: planned while the tables
 * were small, it scanned every booking and, for each, every line — 5 ms of a confirm's 7 at 300
 * bookings, growing with their square (bench/booking, "one slot": docs/performance.md). Here the
 * first day is computed once per changed booking and the booking found by its key, whatever plan
 * the connection keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function booking_delivery_date() returns trigger language plpgsql as $$
    begin
      update booking_report b
         set delivery_date = d.day
        from (select c.parent_id,
                     (select min(l.delivery_date) from booking_report__lines l where l.parent_id = c.parent_id) as day
                from (select distinct parent_id from changed_lines) c) d
       where b.id = d.parent_id
         and b.delivery_date is distinct from d.day;
      return null;
    end $$`.execute(db);
}

/** 0034's statement again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function booking_delivery_date() returns trigger language plpgsql as $$
    begin
      update booking_report b
         set delivery_date = (select min(l.delivery_date) from booking_report__lines l where l.parent_id = b.id)
       where b.id in (select parent_id from changed_lines)
         and b.delivery_date is distinct from
             (select min(l.delivery_date) from booking_report__lines l where l.parent_id = b.id);
      return null;
    end $$`.execute(db);
}
