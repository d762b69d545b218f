import { type Kysely, sql } from 'kysely';

/**
 * What a booking took per slot (day, shift, vehicle type) as the engine priced it: how many
 * vehicles and their fee. The lines say what each DO uses of the slot, not how many trucks it
 * takes or what they cost; the appointment slip prints both (docs/documents.md). Bookings
 * confirmed before this have no rows: their slip leaves the two blank.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table booking_allocation (
    booking_id uuid not null references booking_report (id) on delete cascade,
    slot_id uuid not null,
    vehicles integer not null check (vehicles > 0),
    -- null: the vehicle type has no price (the engine's unpriced option).
    fee numeric(18, 2),
    primary key (booking_id, slot_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table booking_allocation`.execute(db);
}
