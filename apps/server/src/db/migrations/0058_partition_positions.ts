import { type Kysely, sql } from 'kysely';

/**
 * Ten times the data (issue 41, docs/operations.md "Partitions"): the append-only, time-keyed
 * tables are split by month so an old month leaves the database by detaching one partition, and a
 * query for recent rows reads recent partitions only. This one starts with the drivers' positions
 * (`delivery_position`, keyed by its `at`, already in its primary key; nothing references it).
 *
 * `ensure_month_partition(parent, key, month)` is the one definition of "a month's partition":
 * the migrations and the server's maintenance (db/partitions.ts) both call it. A month is a UTC
 * month, the partition `<parent>_YYYY_MM`. A row outside every month lands in `<parent>_default`
 * (a phone's clock, a restore of old rows) instead of failing the write; when the month's
 * partition is created later, its rows move out of the default into it in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function ensure_month_partition(parent text, key text, month date) returns boolean
    language plpgsql as $$
    declare
      first date := date_trunc('month', month)::date;
      lo timestamptz := first::timestamp at time zone 'UTC';
      hi timestamptz := (first + interval '1 month')::timestamp at time zone 'UTC';
      part text := parent || '_' || to_char(first, 'YYYY_MM');
      fallback text := parent || '_default';
      strays boolean;
    begin
      -- Two servers starting at once create a month once.
      perform pg_advisory_xact_lock(hashtext('ensure_month_partition'), hashtext(parent));
      if to_regclass(quote_ident(part)) is not null then return false; end if;
      execute format('select exists (select from %I where %I >= %L and %I < %L)', fallback, key, lo, key, hi)
        into strays;
      if strays then
        execute format('alter table %I detach partition %I', parent, fallback);
      end if;
      execute format('create table %I partition of %I for values from (%L) to (%L)', part, parent, lo, hi);
      if strays then
        execute format('with moved as (delete from %I where %I >= %L and %I < %L returning *)
          insert into %I overriding system value select * from moved', fallback, key, lo, key, hi, part);
        execute format('alter table %I attach partition %I default', parent, fallback);
      end if;
      return true;
    end $$`.execute(db);

  await sql`alter table delivery_position rename to delivery_position_unpartitioned`.execute(db);
  await sql`alter table delivery_position_unpartitioned rename constraint delivery_position_pkey
    to delivery_position_unpartitioned_pkey`.execute(db);
  await sql`create table delivery_position (
    shipment_id uuid not null references delivery_trip (shipment_id) on delete cascade,
    at timestamptz not null,
    lat double precision not null,
    lon double precision not null,
    accuracy double precision not null,
    primary key (shipment_id, at)
  ) partition by range (at)`.execute(db);
  await sql`create table delivery_position_default partition of delivery_position default`.execute(db);
  await monthsOf(db, 'delivery_position', 'delivery_position_unpartitioned');
  await sql`insert into delivery_position (shipment_id, at, lat, lon, accuracy)
    select shipment_id, at, lat, lon, accuracy from delivery_position_unpartitioned`.execute(db);
  await sql`drop table delivery_position_unpartitioned`.execute(db);
  // The retention purge deletes by time (privacy/retention.ts).
  await sql`create index on delivery_position (at)`.execute(db);
}

/**
 * The months of the rows already in `old`, through three months ahead of today: created before the
 * rows are copied, so none of them passes through the default partition.
 */
export async function monthsOf(db: Kysely<unknown>, parent: string, old: string): Promise<void> {
  await sql`select ensure_month_partition(${parent}, 'at', m::date)
    from generate_series(
      date_trunc('month', least((select min(at) from ${sql.table(old)}), now()) at time zone 'UTC'),
      date_trunc('month', now() at time zone 'UTC') + interval '3 months', interval '1 month') m`.execute(db);
}
