import { ROLE_ADMIN } from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import { hashPassword } from '../../apps/server/src/auth/password.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { ensurePartitions } from '../../apps/server/src/db/partitions.ts';
import { refreshStale } from '../../apps/server/src/performance/rollups.ts';
import { generateDeliveryHistory, prepareHistory } from '../../apps/server/src/seed/deliveryHistory.ts';
import { seedDemoCompany } from '../../apps/server/src/seed/demo.ts';
import { generateDeliveryOrders } from '../../apps/server/src/seed/scale.ts';
import { withoutIndexes } from './bulkLoad.ts';

/**
 * bench/scale's data, made by PostgreSQL (INSERT … SELECT over generate_series): at scale 1, ten
 * times a large branch network's — 10M DOs, 2M bookings (each a stop of a year of trips, with its
 * outcome events; seed/deliveryHistory.ts), the trips' positions, and a history row per DO and
 * booking, dated through the year so the monthly partitions hold a year.
 */
export interface ScaleShape {
  readonly scale: number;
  readonly branches: number;
  readonly firstDay: string;
  readonly days: number;
  /** Seconds between two kept positions of a running trip (the app keeps at most one per 10 s). */
  readonly positionEveryS: number;
  readonly password: string;
}

/** The tables the generation fills with millions of rows: bare while they fill (bulkLoad.ts). */
export const BIG_TABLES = [
  'delivery_order',
  'booking_report',
  'shipment',
  'shipment__booking_report_ids',
  'delivery_trip',
  'delivery_stop',
  'delivery_event',
  'delivery_return',
  'delivery_position',
  'history',
];

/** One statement with no trigger firing per row (the bench's load runs as a superuser). */
const withoutTriggers = (db: Database, statement: RawBuilder<unknown>) =>
  db.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    await statement.execute(tx);
  });

export const scaled = (shape: ScaleShape) => {
  const stopsPerTrip = 15;
  const bookings = Math.round(2_000_000 * shape.scale);
  return {
    deliveryOrders: Math.round(10_000_000 * shape.scale),
    bookings,
    stopsPerTrip,
    tripsPerDay: Math.max(1, Math.round(bookings / (shape.branches * shape.days * stopsPerTrip))),
  };
};

export async function generateScale(db: Database, shape: ScaleShape, log: (line: string) => void) {
  const target = scaled(shape);
  const timed = async (what: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    log(`  ${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  await timed('demo company, branches, trucks', async () => {
    await seedDemoCompany(db);
    await sql`insert into app_role_group (name, roles) values ('bench', ${[ROLE_ADMIN]})`.execute(db);
    await sql`with u as (insert into app_user (username, full_name, active, password_hash)
        values ('bench', 'bench', true, ${await hashPassword(shape.password)}) returning id)
      insert into app_user__role_group_ids (owner_id, ref_id) select u.id, g.id from u, app_role_group g where g.name = 'bench'`.execute(
      db,
    );
    await sql`insert into branch (code, name) select 'SB' || lpad(i::text, 2, '0'), 'สาขาทดสอบ ' || i
      from generate_series(1, ${shape.branches}) i`.execute(db);
    await sql`insert into vehicle (code, name, license_plate, vehicle_type_id, branch_id)
      select 'SV' || b.code || '-' || k, 'รถ ' || k, 'SB-' || b.code || '-' || k, t.ids[1 + k % cardinality(t.ids)], b.id
      from branch b, generate_series(1, 12) k, (select array_agg(id order by code) as ids from vehicle_type) t
      where b.code like 'SB%'`.execute(db);
  });
  const branchIds = (
    await sql<{ id: string }>`select id from branch where code like 'SB%' order by code`.execute(db)
  ).rows.map((r) => r.id);
  const { rows: picks } = await sql<{ customer: string; shipTo: string; shipCond: string }>`
    select (select id from customer order by code limit 1) as customer, (select id from ship_to order by code limit 1) as "shipTo",
      (select id from ship_cond order by code limit 1) as "shipCond"`.execute(db);
  const { customer, shipTo, shipCond } = picks[0]!;
  // Partitions for the year's months before its rows arrive (the server makes them ahead; a year back is history).
  for (let m = 0; m <= Math.ceil(shape.days / 28); m += 1)
    await ensurePartitions(db, new Date(Date.parse(shape.firstDay) + m * 28 * 86_400_000));
  // The big tables bare while they fill (bulkLoad.ts), every statement without per-row triggers.
  // The trips come before the 10M DOs: they read each branch's pool of DOs, which without an
  // index is a scan of the whole table.
  await withoutIndexes(
    db,
    BIG_TABLES,
    async () => {
      await timed(
        `a year of trips: ${shape.branches} branches × ${target.tripsPerDay} trips × ${target.stopsPerTrip} stops a day`,
        async () => {
          const started = performance.now();
          await prepareHistory(db, {
            branchIds,
            prefix: 'SC',
            customerId: customer,
            shipCondId: shipCond,
            size: 500,
          });
          await generateDeliveryHistory(db, {
            branchIds,
            from: shape.firstDay,
            days: shape.days,
            tripsPerDay: target.tripsPerDay,
            stopsPerTrip: target.stopsPerTrip,
            chunkDays: 10,
            prefix: 'SC',
            customerId: customer,
            shipToId: shipTo,
            withoutTriggers: true,
            progress: (days) =>
              days % 60 === 0 || days === shape.days
                ? log(`    ${days} days: ${((performance.now() - started) / 1000).toFixed(0)} s`)
                : undefined,
          });
        },
      );
      await timed(`positions every ${shape.positionEveryS} s of each trip's run`, async () => {
        // A month of trips per statement (a month's partition at a time).
        for (let m = 0; m <= Math.ceil(shape.days / 28); m += 1)
          await withoutTriggers(
            db,
            sql`insert into delivery_position (shipment_id, at, lat, lon, accuracy)
              select t.shipment_id, t.started_at + k * ${shape.positionEveryS} * interval '1 second',
                     13.7 + (k % 97) / 1000.0, 100.5 + (k % 89) / 1000.0, 5 + k % 20
                from delivery_trip t,
                     generate_series(0, floor(extract(epoch from t.ended_at - t.started_at) / ${shape.positionEveryS})::int) k
               where t.started_at is not null and t.ended_at is not null
                 and t.shift_date >= date_trunc('month', ${shape.firstDay}::date + ${m} * interval '1 month')
                 and t.shift_date < date_trunc('month', ${shape.firstDay}::date + ${m + 1} * interval '1 month')`,
          );
      });
      await timed(`${target.deliveryOrders.toLocaleString('en')} DOs`, () =>
        generateDeliveryOrders(db, target.deliveryOrders, 500_000, { withoutTriggers: true }),
      );
      await timed('history: a create per DO and booking, through the year', async () => {
        await withoutTriggers(
          db,
          sql`insert into history (entity, record_id, action, changes, at, source)
            select 'deliveryOrder', d.id, 'create', '{}', ${shape.firstDay}::date + (d.n % ${shape.days}) * interval '1 day'
                   + (d.n % 600) * interval '1 minute', 'bench'
              from (select id, row_number() over () as n from delivery_order) d`,
        );
        await withoutTriggers(
          db,
          sql`insert into history (entity, record_id, action, changes, at, source)
            select 'bookingReport', b.id, 'create', '{}', coalesce(b.confirmed_at, now()), 'bench' from booking_report b`,
        );
      });
    },
    log,
  );
  // The roll-ups as the server keeps them (the performance screen reads them, migration 0044).
  await timed('performance roll-ups', async () => {
    await sql`insert into performance_stale_day select distinct branch_id, shift_date from delivery_trip
      on conflict do nothing`.execute(db);
    await refreshStale(db);
  });
}
