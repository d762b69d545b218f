import { type Kysely, sql } from 'kysely';

/**
 * A confirmed trip's day (`delivery_trip.shift_date`: the board's and the driver's day, the
 * roll-ups' day) follows its shipment's `shift_date` when someone moves it afterwards (the
 * shipment's page takes it): two copies of one fact, kept equal where the fact is written. A
 * shipment whose day is emptied keeps its trip's (a trip always has a day). Found 2026-12-02: the
 * driver's app read the trip's day while its taps were judged by the shipment's (docs/delivery.md).
 * Its statement finds the trip by key, whatever the statistics say (as 0066 for booking's triggers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function shipment_trip_day() returns trigger language plpgsql
    set enable_seqscan = off as $$
    begin
      update delivery_trip set shift_date = new.shift_date
       where shipment_id = new.id and shift_date is distinct from new.shift_date;
      return null;
    end $$`.execute(db);
  await sql`create trigger shipment_trip_day after update of shift_date on shipment for each row
    when (new.shift_date is not null and new.shift_date is distinct from old.shift_date)
    execute function shipment_trip_day()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger shipment_trip_day on shipment`.execute(db);
  await sql`drop function shipment_trip_day()`.execute(db);
}
