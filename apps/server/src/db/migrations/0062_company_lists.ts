import { type Kysely, sql } from 'kysely';

/**
 * The lists behind the company's figures under a second (issue 40, docs/performance.md): their
 * counts from the roll-ups, their pages by key along an index in their order.
 *
 * - `performance_day.stops`: every stop of the day's trips, each with its booking — the count of
 *   the bookings list (`/performance/branches/bookings`); its two call statuses the figures count
 *   are `by_link` and `by_phone` already.
 * - `performance_truck_day.drop_trips`: a truck's trips of the day with a drop (a stop delivered
 *   whole or in part) — the count of the trips list (km and minutes per drop count those trips);
 *   a vehicle type's trips are `trips` of its trucks, as its truck-use row counts them.
 * - `delivery_trip (shift_date desc, branch_id, shipment_id)`: the lists' order (newest shift
 *   first, then branch, then trip), so a page reads its own rows from the index, not the month.
 *
 * Every trip day is marked stale: the next read of a day fills the new columns from the raw rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table performance_day add column stops integer not null default 0`.execute(db);
  await sql`alter table performance_truck_day add column drop_trips integer not null default 0`.execute(db);
  await sql`create index delivery_trip_newest on delivery_trip (shift_date desc, branch_id, shipment_id)`.execute(
    db,
  );
  await sql`insert into performance_stale_day (branch_id, day)
    select distinct branch_id, shift_date from delivery_trip
    on conflict (branch_id, day) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index delivery_trip_newest`.execute(db);
  await sql`alter table performance_truck_day drop column drop_trips`.execute(db);
  await sql`alter table performance_day drop column stops`.execute(db);
}
