import { type Kysely, sql } from 'kysely';

/**
 * Two things of issue 22:
 * - the booking's snapshot of its ship-to as confirmed (spec §3 booking report "shipTo (name, tel,
 *   lat, lon, address, subDistrictId)"), written at confirm; bookings confirmed before this keep
 *   nulls (the ship-to of today is not what they were booked for, so it is not copied back);
 * - who has which record open (`record_presence`): one row per browser tab, kept alive by the tab
 *   and forgotten when it expires, so a closed laptop does not look like an editor for ever.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table booking_report
    add column ship_to_name character varying(255),
    add column ship_to_tel character varying(30),
    add column ship_to_address text,
    add column ship_to_lat numeric(18, 6),
    add column ship_to_lon numeric(18, 6),
    add column ship_to_sub_district_id uuid references sub_district (id)`.execute(db);
  await sql`create index on booking_report (ship_to_sub_district_id)`.execute(db);

  await sql`create table record_presence (
    entity text not null,
    record_id uuid not null,
    branch_id uuid not null references branch (id) on delete cascade,
    user_id uuid not null references app_user (id) on delete cascade,
    tab_id text not null check (length(tab_id) between 1 and 64),
    mode text not null check (mode in ('viewing', 'editing')),
    expires_at timestamptz not null,
    primary key (entity, record_id, branch_id, user_id, tab_id)
  )`.execute(db);
  await sql`create index on record_presence (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table record_presence`.execute(db);
  await sql`alter table booking_report
    drop column ship_to_name, drop column ship_to_tel, drop column ship_to_address,
    drop column ship_to_lat, drop column ship_to_lon, drop column ship_to_sub_district_id`.execute(db);
}
