import { type Kysely, sql } from 'kysely';

/**
 * Numbers at scale (issue 40 item 3, docs/performance-figures.md "At scale"): a branch's
 * performance tally per day (the domain's `PerformanceTally`, counts and integer sums) and each
 * truck's load per day, so a period's figures add up ≤ 2 × 62 rows instead of reading every stop.
 *
 * The roll-ups are refreshed for the days touched: every write that changes a fact a figure reads
 * marks its (branch, shift day) stale here, in its own transaction, by the triggers below; the
 * next read of that branch refreshes its stale days from the raw rows first
 * (`performance/rollups.ts`). Triggers, not calls in each write path, because the facts are
 * written by many routes (the phone's events, the plan's confirm, bookings, the ERP's DOs, the
 * master data's vehicles) and a missed one would be a wrong number nobody sees.
 *
 * A mark is an upsert that always takes the row's lock (DO UPDATE, never DO NOTHING): a refresh
 * deletes the marks it takes first, so a write in flight either waits for the refresh to commit
 * and marks again, or commits first and is read by it. Existing trips' days are marked here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table performance_day (
    branch_id uuid not null references branch (id) on delete cascade,
    day date not null,
    settled_stops integer not null,
    on_time_stops integer not null,
    in_full_stops integer not null,
    otif_stops integer not null,
    order_lines integer not null,
    on_time_lines integer not null,
    in_full_lines integer not null,
    otif_lines integer not null,
    first_lines integer not null,
    first_in_full integer not null,
    failures jsonb not null,
    km_drops integer not null,
    km_hundredths bigint not null,
    minute_drops integer not null,
    trip_ms bigint not null,
    dwell_stops integer not null,
    dwell_ms bigint not null,
    doc_to_booking_bookings integer not null,
    doc_to_booking_days bigint not null,
    booking_to_delivery_bookings integer not null,
    booking_to_delivery_days bigint not null,
    by_link integer not null,
    by_phone integer not null,
    primary key (branch_id, day)
  )`.execute(db);
  await sql`create table performance_truck_day (
    branch_id uuid not null references branch (id) on delete cascade,
    day date not null,
    vehicle_id uuid not null references vehicle (id) on delete cascade,
    trips integer not null,
    weight numeric(18,3) not null,
    volume numeric(18,3) not null,
    overloaded_trips integer not null,
    primary key (branch_id, day, vehicle_id)
  )`.execute(db);
  // "Came back from an earlier stop" (a DO's later attempt) is read by the booking it was rebooked onto.
  await sql`create index on delivery_return (rebooked_booking_id)`.execute(db);
  await sql`create table performance_stale_day (
    branch_id uuid not null,
    day date not null,
    primary key (branch_id, day)
  )`.execute(db);

  // Marks the (branch, day) of every trip the set of shipment ids names.
  await sql`create function performance_mark_trips(shipments uuid[]) returns void language sql as $$
    insert into performance_stale_day (branch_id, day)
    select distinct t.branch_id, t.shift_date from delivery_trip t where t.shipment_id = any (shipments)
    on conflict (branch_id, day) do update set day = excluded.day $$`.execute(db);
  // Marks the days of the trips that stop at, or carry, any of the bookings.
  await sql`create function performance_mark_bookings(bookings uuid[]) returns void language sql as $$
    select performance_mark_trips(array(
      select st.shipment_id from delivery_stop st where st.booking_id = any (bookings)
      union select l.owner_id from shipment__booking_report_ids l where l.ref_id = any (bookings))) $$`.execute(
    db,
  );

  await sql`create function performance_mark() returns trigger language plpgsql as $$
    begin
      case tg_table_name
        when 'delivery_trip' then
          if tg_op <> 'INSERT' then
            insert into performance_stale_day values (old.branch_id, old.shift_date)
              on conflict (branch_id, day) do update set day = excluded.day;
          end if;
          if tg_op <> 'DELETE' then
            insert into performance_stale_day values (new.branch_id, new.shift_date)
              on conflict (branch_id, day) do update set day = excluded.day;
          end if;
        when 'delivery_stop', 'delivery_event' then
          perform performance_mark_trips(array[old.shipment_id, new.shipment_id]);
        when 'shipment' then
          perform performance_mark_trips(array[new.id]);
        when 'shipment__booking_report_ids' then
          perform performance_mark_trips(array[old.owner_id, new.owner_id]);
        when 'booking_report' then
          perform performance_mark_bookings(array[new.id]);
        when 'delivery_return' then
          perform performance_mark_bookings(array[old.rebooked_booking_id, new.rebooked_booking_id]);
        when 'delivery_order' then
          perform performance_mark_bookings(array(
            select l.parent_id from booking_report__lines l where l.delivery_order_id = new.id));
        when 'vehicle' then
          perform performance_mark_trips(array(select s.id from shipment s where s.vehicle_id = new.id));
        when 'vehicle_type' then
          perform performance_mark_trips(array(select s.id from shipment s
            join vehicle v on v.id = s.vehicle_id where v.vehicle_type_id = new.id));
      end case;
      return null;
    end $$`.execute(db);

  // Only the columns a figure reads: a position's update of a trip (every few seconds) marks nothing.
  const triggers: [table: string, events: string][] = [
    ['delivery_trip', 'insert or delete or update of branch_id, shift_date, started_at, ended_at'],
    [
      'delivery_stop',
      'insert or delete or update of shipment_id, booking_id, status, window_from, window_to, arrived_at, left_at, orders, outcome_event_id',
    ],
    ['delivery_event', 'delete or update of shipment_id, at, reason, quantities'],
    ['shipment', 'update of vehicle_id'],
    ['shipment__booking_report_ids', 'insert or delete or update'],
    ['booking_report', 'update of distance, canceled_at, doc_date, confirmed_at, delivery_date, call_status'],
    ['delivery_return', 'insert or delete or update of rebooked_booking_id, delivery_order_id'],
    ['delivery_order', 'update of weight, volume, qty'],
    ['vehicle', 'update of vehicle_type_id'],
    ['vehicle_type', 'update of max_capacity_weight, max_capacity_volume'],
  ];
  for (const [table, events] of triggers)
    await sql`create trigger performance_mark after ${sql.raw(events)} on ${sql.table(table)}
      for each row execute function performance_mark()`.execute(db);

  await sql`insert into performance_stale_day (branch_id, day)
    select distinct branch_id, shift_date from delivery_trip`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'delivery_trip',
    'delivery_stop',
    'delivery_event',
    'shipment',
    'shipment__booking_report_ids',
    'booking_report',
    'delivery_return',
    'delivery_order',
    'vehicle',
    'vehicle_type',
  ])
    await sql`drop trigger performance_mark on ${sql.table(table)}`.execute(db);
  await sql`drop function performance_mark()`.execute(db);
  await sql`drop function performance_mark_bookings(uuid[])`.execute(db);
  await sql`drop function performance_mark_trips(uuid[])`.execute(db);
  await sql`drop table performance_stale_day, performance_truck_day, performance_day`.execute(db);
  await sql`drop index delivery_return_rebooked_booking_id_idx`.execute(db);
}
