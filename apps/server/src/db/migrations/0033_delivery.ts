import { type Kysely, sql } from 'kysely';

/**
 * To the door (docs/delivery.md). The declarations' new fields (as `npm run db:diff` printed them):
 * the proof a customer's or ship-to's stops need, the user a driver record is, a DO's delivered
 * quantity. The feature's tables: a trip's state and its stops (written when a plan is
 * confirmed), the phone's events (by the phone's own id: recorded once), the files they name,
 * positions while the trip runs, trip links, and the DOs a failed or partial delivery returned to
 * booking. The outbox takes messages about a shipment (the trip link) and two new events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "delivery_order" add column "delivered_qty" numeric(18,3)`.execute(db);
  for (const table of ['customer', 'ship_to'])
    await sql`alter table ${sql.table(table)} add column "proof_requirement" text
      check (proof_requirement = any (array['SIGNATURE'::text, 'PHOTO'::text, 'BOTH'::text]))`.execute(db);
  await sql`alter table "driver" add column "app_user_id" uuid references app_user (id)`.execute(db);
  await sql`create index on "driver" (app_user_id)`.execute(db);

  await sql`create table delivery_trip (
    shipment_id uuid primary key references shipment (id) on delete cascade,
    branch_id uuid not null references branch (id) on delete cascade,
    shift_date date not null,
    minutes_per_km double precision not null,
    depot_lat double precision,
    depot_lon double precision,
    planned_start timestamptz not null,
    started_at timestamptz,
    ended_at timestamptz,
    last_lat double precision,
    last_lon double precision,
    last_accuracy double precision,
    last_position_at timestamptz
  )`.execute(db);
  await sql`create index on delivery_trip (branch_id, shift_date)`.execute(db);

  await sql`create table delivery_stop (
    id uuid primary key default gen_random_uuid(),
    shipment_id uuid not null references delivery_trip (shipment_id) on delete cascade,
    seq integer not null,
    booking_id uuid not null references booking_report (id) on delete cascade,
    ship_to_name text not null,
    address text,
    phone text,
    lat double precision,
    lon double precision,
    window_from timestamptz not null,
    window_to timestamptz not null,
    planned_arrival timestamptz not null,
    planned_departure timestamptz not null,
    service_seconds integer not null,
    proof_required text not null check (proof_required in ('SIGNATURE', 'PHOTO', 'BOTH')),
    orders jsonb not null,
    status text not null default 'PENDING' check (status in ('PENDING', 'ARRIVED', 'DELIVERED', 'PARTIAL', 'FAILED')),
    arrived_at timestamptz,
    left_at timestamptz,
    outcome_event_id uuid,
    unique (shipment_id, seq)
  )`.execute(db);
  await sql`create index on delivery_stop (booking_id)`.execute(db);

  await sql`create table delivery_event (
    id uuid primary key,
    shipment_id uuid not null references delivery_trip (shipment_id) on delete cascade,
    stop_id uuid references delivery_stop (id) on delete cascade,
    kind text not null check (kind in ('stage', 'arrived', 'delivered', 'partial', 'failed', 'left')),
    stage text,
    at timestamptz not null,
    lat double precision,
    lon double precision,
    accuracy double precision,
    recipient text,
    signature_file_id uuid,
    photo_file_ids uuid[] not null default '{}',
    quantities jsonb,
    reason text,
    reason_text text,
    note text,
    recorded_at timestamptz not null default now(),
    recorded_by uuid,
    link_id uuid
  )`.execute(db);
  await sql`create index on delivery_event (shipment_id, at)`.execute(db);
  await sql`alter table delivery_stop add foreign key (outcome_event_id) references delivery_event (id)`.execute(
    db,
  );

  // A photo or signature a phone uploaded for a trip, by the phone's own id (an upload sent again is one file).
  await sql`create table delivery_file (
    id uuid primary key,
    file_id uuid not null references stored_file (id),
    shipment_id uuid not null references delivery_trip (shipment_id) on delete cascade,
    branch_id uuid not null,
    booking_id uuid references booking_report (id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index on delivery_file (file_id)`.execute(db);
  await sql`create index on delivery_file (shipment_id)`.execute(db);

  // Positions while a trip runs (PDPA: purged after LMS_POSITION_RETENTION_DAYS, docs/privacy.md).
  await sql`create table delivery_position (
    shipment_id uuid not null references delivery_trip (shipment_id) on delete cascade,
    at timestamptz not null,
    lat double precision not null,
    lon double precision not null,
    accuracy double precision not null,
    primary key (shipment_id, at)
  )`.execute(db);
  await sql`create index on delivery_position (at)`.execute(db);

  await sql`create table trip_link (
    id uuid primary key default gen_random_uuid(),
    shipment_id uuid not null references shipment (id) on delete cascade,
    pin_hash bytea not null,
    pin_failures integer not null default 0,
    device_hash bytea,
    bound_at timestamptz,
    created_at timestamptz not null default now(),
    created_by uuid,
    revoked_at timestamptz
  )`.execute(db);
  await sql`create index on trip_link (shipment_id)`.execute(db);

  await sql`create table delivery_return (
    id uuid primary key default gen_random_uuid(),
    delivery_order_id uuid not null references delivery_order (id) on delete cascade,
    booking_id uuid not null references booking_report (id) on delete cascade,
    shipment_id uuid references shipment (id) on delete set null,
    stop_id uuid references delivery_stop (id) on delete set null,
    event_id uuid,
    qty numeric(18,3) not null,
    reason text not null,
    reason_text text,
    created_at timestamptz not null default now(),
    rebooked_booking_id uuid references booking_report (id) on delete set null
  )`.execute(db);
  await sql`create index on delivery_return (delivery_order_id) where rebooked_booking_id is null`.execute(
    db,
  );
  await sql`create index on delivery_return (booking_id)`.execute(db);

  // The outbox: a message about a shipment (the driver's trip link), and the delivery's two events.
  await sql`alter table contact_message alter column booking_id drop not null`.execute(db);
  await sql`alter table contact_message add column shipment_id uuid references shipment (id) on delete cascade`.execute(
    db,
  );
  await sql`alter table contact_message add check (booking_id is not null or shipment_id is not null)`.execute(
    db,
  );
  await sql`alter table contact_message drop constraint contact_message_event_check`.execute(db);
  await sql`alter table contact_message add constraint contact_message_event_check
    check (event in ('confirmed', 'moved', 'canceled', 'reminder', 'onTheWay', 'tripLink'))`.execute(db);
  await sql`create unique index contact_message_one_on_the_way on contact_message (booking_id) where event = 'onTheWay'`.execute(
    db,
  );
  // A booking's message state is about its appointment: an "on the way" message does not move it (0022's, filtered).
  await sql`create or replace function booking_message_state(booking uuid, call_status text) returns text
    language sql stable as $$
      select case
        when call_status = 'CONFIRMED_BY_CUSTOMER' and (moved.at is null or confirmed.at >= moved.at) then 'CONFIRMED'
        when moved.at is not null then 'MOVED'
        else (select case m.status when 'queued' then 'QUEUED' when 'sent' then 'SENT' else 'FAILED' end
                from contact_message m where m.booking_id = booking
                 and m.event in ('confirmed', 'moved', 'canceled', 'reminder')
                order by m.created_at desc, m.id desc limit 1)
      end
      from (select max(m.created_at) as at from contact_message m where m.booking_id = booking and m.event = 'moved') moved,
           (select max(h.at) as at from history h
             where h.entity = 'bookingReport' and h.record_id = booking
               and h.changes -> 'callStatus' ->> 'to' = 'CONFIRMED_BY_CUSTOMER') confirmed $$`.execute(db);
}
