import { type Kysely, sql } from 'kysely';

/**
 * Freight settlement with contractors (docs/freight.md). Numbered 0040, past the numbers other
 * branches in flight were adding (0031–0034), so that merging them never reorders it.
 *
 * - A truck and a driver belong to a contractor, or to the company when empty.
 * - The shipping price config becomes a price list per vehicle type and start day (`valid_from`;
 *   rows that existed price every day since 2000-01-01) with a fee per extra drop: one row per
 *   vehicle type and day instead of one per vehicle type.
 * - A contractor's monthly statement per branch, its trips as priced (kept as they stand once the
 *   statement is final), its adjustments (who, why) and every change to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['vehicle', 'driver']) {
    await sql`alter table ${sql.table(table)} add column contractor_id uuid`.execute(db);
    await sql`create index on ${sql.table(table)} (contractor_id)`.execute(db);
    await sql`alter table ${sql.table(table)} add foreign key (contractor_id) references contractor (id)`.execute(
      db,
    );
  }

  await sql`alter table shipping_price_config add column valid_from date`.execute(db);
  await sql`update shipping_price_config set valid_from = '2000-01-01'`.execute(db);
  await sql`alter table shipping_price_config alter column valid_from set not null`.execute(db);
  await sql`alter table shipping_price_config add column extra_drop_fee numeric(18,2)`.execute(db);
  // The one-row-per-vehicle-type index gives way to one row per vehicle type and start day.
  const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
    where schemaname = 'public' and tablename = 'shipping_price_config'
      and indexdef like 'CREATE UNIQUE INDEX%(vehicle_type_id)'`.execute(db);
  for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(db);
  await sql`create index on shipping_price_config (vehicle_type_id)`.execute(db);
  await sql`create index on shipping_price_config (vehicle_type_id, valid_from desc, id)`.execute(db);
  await sql`create unique index shipping_price_config_vehicle_type_valid_from
    on shipping_price_config (vehicle_type_id, valid_from)`.execute(db);

  await sql`create table freight_statement (
    id uuid primary key default gen_random_uuid(),
    branch_id uuid not null references branch (id),
    contractor_id uuid not null references contractor (id),
    month text not null check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
    number text not null unique,
    state text not null default 'DRAFT' check (state in ('DRAFT', 'CHECKED', 'APPROVED', 'EXPORTED')),
    version integer not null default 0,
    created_at timestamptz not null default now(),
    created_by uuid,
    updated_at timestamptz not null default now(),
    checked_at timestamptz,
    checked_by uuid,
    approved_at timestamptz,
    approved_by uuid,
    exported_at timestamptz,
    exported_by uuid,
    unique (branch_id, contractor_id, month)
  )`.execute(db);
  await sql`create index on freight_statement (branch_id, month desc)`.execute(db);
  await sql`create index on freight_statement (contractor_id)`.execute(db);

  // A trip as it was priced: no foreign key to the shipment, so a later change or deletion of the
  // shipment never reaches a statement; a shipment is on one statement at most.
  await sql`create table freight_statement_trip (
    statement_id uuid not null references freight_statement (id) on delete cascade,
    shipment_id uuid not null unique,
    position integer not null,
    doc_no text not null,
    day date not null,
    license_plate text,
    vehicle_type_id uuid,
    vehicle_type_label text,
    driver_name text,
    drops integer not null,
    distance_km numeric(10,2),
    tier text,
    price_valid_from date,
    distance_fee numeric(14,2) not null,
    minimum_applied boolean not null,
    extra_drops integer not null,
    extra_drop_fee numeric(14,2) not null,
    fee numeric(14,2) not null,
    problem text,
    late boolean not null default false,
    primary key (statement_id, shipment_id)
  )`.execute(db);

  await sql`create table freight_statement_adjustment (
    id uuid primary key default gen_random_uuid(),
    statement_id uuid not null references freight_statement (id) on delete cascade,
    amount numeric(14,2) not null check (amount <> 0),
    reason text not null check (length(reason) between 1 and 500),
    created_at timestamptz not null default now(),
    created_by uuid
  )`.execute(db);
  await sql`create index on freight_statement_adjustment (statement_id)`.execute(db);

  await sql`create table freight_statement_event (
    id bigserial primary key,
    statement_id uuid not null references freight_statement (id) on delete cascade,
    action text not null,
    changes jsonb not null default '{}',
    user_id uuid,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index on freight_statement_event (statement_id, at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table freight_statement_event`.execute(db);
  await sql`drop table freight_statement_adjustment`.execute(db);
  await sql`drop table freight_statement_trip`.execute(db);
  await sql`drop table freight_statement`.execute(db);
  await sql`drop index shipping_price_config_vehicle_type_valid_from`.execute(db);
  await sql`alter table shipping_price_config drop column extra_drop_fee`.execute(db);
  await sql`alter table shipping_price_config drop column valid_from`.execute(db);
  await sql`create unique index on shipping_price_config (vehicle_type_id)`.execute(db);
  for (const table of ['vehicle', 'driver'])
    await sql`alter table ${sql.table(table)} drop column contractor_id`.execute(db);
}
