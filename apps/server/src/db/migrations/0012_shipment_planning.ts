import { type Kysely, sql } from 'kysely';

/**
 * Shipment planning (docs/planning.md): a shipment knows its slot, truck, bookings and DOs (the
 * declaration's new fields, as `npm run db:diff` printed them); one row per branch, day and shift
 * numbers the confirmed plan so two dispatchers confirming at once cannot both win; shipment
 * numbers; and the stage taps already recorded, by the phone's own id, so a resent tap is a no-op.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "shipment" add column "shift_date" date`.execute(db);
  await sql`alter table "shipment" add column "shift_of_day_id" uuid`.execute(db);
  await sql`alter table "shipment" add column "vehicle_id" uuid`.execute(db);
  await sql`create index on "shipment" (shift_of_day_id)`.execute(db);
  await sql`create index on "shipment" (vehicle_id)`.execute(db);
  await sql`alter table "shipment" add foreign key (shift_of_day_id) references shift_of_day (id)`.execute(
    db,
  );
  await sql`alter table "shipment" add foreign key (vehicle_id) references vehicle (id)`.execute(db);
  for (const [table, target] of [
    ['shipment__booking_report_ids', 'booking_report'],
    ['shipment__delivery_order_ids', 'delivery_order'],
  ] as const) {
    await sql`create table ${sql.table(table)} (owner_id uuid not null references "shipment" (id) on delete cascade,
      ref_id uuid not null, primary key (owner_id, ref_id))`.execute(db);
    await sql`alter table ${sql.table(table)} add foreign key (ref_id) references ${sql.table(target)} (id)`.execute(
      db,
    );
    await sql`create index on ${sql.table(table)} (ref_id)`.execute(db);
  }
  await sql`create table shipment_plan (
    branch_id uuid not null references branch (id) on delete cascade,
    shift_date date not null,
    shift_of_day_id uuid not null references shift_of_day (id) on delete cascade,
    version integer not null default 0,
    -- The confirmed trips as the dispatcher arranged them (order of stops): re-timed when read.
    trips jsonb not null default '[]',
    updated_at timestamptz not null default now(),
    updated_by uuid,
    primary key (branch_id, shift_date, shift_of_day_id)
  )`.execute(db);
  await sql`create sequence shipment_doc_no_seq`.execute(db);
  await sql`create table shipment_stage_tap (
    id uuid primary key,
    shipment_id uuid not null references shipment (id) on delete cascade,
    stage text not null,
    at timestamptz not null,
    recorded_at timestamptz not null default now(),
    recorded_by uuid
  )`.execute(db);
}
