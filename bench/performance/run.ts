/**
 * bench/performance: the delivery performance screen (issue 40 item 3) on a company's year.
 * Run: `npm run bench -- performance`. Generates 50 branches × 365 days × 18 trips × 15 stops
 * (≈ 4.9M stops, each its booking, 1–2 DOs; apps/server/src/seed/deliveryHistory.ts), builds the
 * roll-ups (migration 0044) from scratch, then times over HTTP, one request at a time as a manager
 * opens the screen: GET /performance and its figures.xlsx for months and quarters of several
 * branches (goal p95 < 1 s), a month whose last day was just written (its refresh inside the
 * request), and beside them the same answers computed from the raw rows (`performanceFromRows`).
 * Every roll-up answer is compared with the raw one: a difference fails the bench.
 * BENCH_BRANCHES (50), BENCH_DAYS (365), BENCH_TRIPS (18 a branch a day), BENCH_STOPS (15 a trip),
 * Across branches: GET /performance/branches of every branch (50) at once, a month and a quarter,
 * and its workbook, each with the CPU it cost per request (bench/performance/branches.ts).
 * BENCH_REQUESTS (30 per case), BENCH_RAW (8 per case), BENCH_CASE (month, quarter, branches …), BENCH_DATA_DIR keeps
 * the data for the next run (its roll-ups too; BENCH_REBUILD=1 builds them again).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { addDays, bangkokIsoDate, type PerformanceAnswer, ROLE_ADMIN } from '@lms/domain';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { hashPassword } from '../../apps/server/src/auth/password.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../../apps/server/src/db/admin.ts';
import { connect, migrate } from '../../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { refreshStale } from '../../apps/server/src/performance/rollups.ts';
import { performanceFromRows } from '../../apps/server/src/performance/rows.ts';
import { generateDeliveryHistory, prepareHistory } from '../../apps/server/src/seed/deliveryHistory.ts';
import { seedDemoCompany } from '../../apps/server/src/seed/demo.ts';
import { postgresCpuMs } from '../cpu.ts';
import { percentile, printTable } from '../report.ts';
import { allBranchesCases } from './branches.ts';

const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 50);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const TRIPS = Number(process.env.BENCH_TRIPS ?? 18);
const STOPS = Number(process.env.BENCH_STOPS ?? 15);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const RAW = Number(process.env.BENCH_RAW ?? 8);
const GOAL_MS = 1000;

const keep = process.env.BENCH_DATA_DIR;
const dir = keep ?? (await mkdtemp(path.join(tmpdir(), 'lms-bench-performance-')));
const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(dir);
const adminUrl = process.env.DATABASE_URL
  ? databaseUrl(process.env.DATABASE_URL, 'postgres')
  : embedded!.adminUrl;
const name = 'lms_bench_performance';
const url = databaseUrl(adminUrl, name);
const password = 'bench-only-password';
// The year ends yesterday (Bangkok): today is the day being written.
const lastDay = addDays(bangkokIsoDate(new Date()), -1);
const firstDay = addDays(lastDay, -(DAYS - 1));

let db = connect(url, 10);
const seeded = keep
  ? await sql<{ n: number }>`select count(*)::int as n from delivery_stop`.execute(db).then(
      (r) => (r.rows[0]?.n ?? 0) >= BRANCHES * DAYS * TRIPS * STOPS,
      () => false,
    )
  : false;
if (!seeded) {
  await db.destroy();
  await dropDatabase(adminUrl, name);
  await createDatabase(adminUrl, name);
  db = connect(url, 10);
}
await migrate(db);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
if (!seeded) await generate();
const { rows: branchRows } = await sql<{ id: string }>`
  select id from branch where code like 'PB%' order by code`.execute(db);
const branchIds = branchRows.map((r) => r.id);

// The roll-ups as migration 0044 leaves them on a database that already has the year: every trip day
// marked stale, nothing built. BENCH_REBUILD=1 then builds the whole company's in one refresh (timed);
// by default each period's first request refreshes its own days (timed apart below). Kept data
// whose roll-ups are built keeps them.
const built = await sql<{ n: number }>`select count(*)::int as n from performance_day`.execute(db);
if (!seeded || process.env.BENCH_REBUILD || built.rows[0]!.n === 0) {
  await sql`truncate performance_day, performance_truck_day, performance_stale_day`.execute(db);
  await sql`insert into performance_stale_day select distinct branch_id, shift_date from delivery_trip`.execute(
    db,
  );
}
if (process.env.BENCH_REBUILD) {
  const started = performance.now();
  const pgBefore = embedded ? postgresCpuMs(path.join(dir, 'pg')) : 0;
  const days = await refreshStale(db);
  const pgCpu = embedded ? ((postgresCpuMs(path.join(dir, 'pg')) - pgBefore) / 1000).toFixed(1) : '?';
  console.log(
    `roll-ups built: ${days.toLocaleString('en')} branch days in ${seconds(started)} s (PostgreSQL CPU ${pgCpu} s)`,
  );
}
// Statistics only (a vacuum of the fresh year takes minutes and changes no plan here).
await sql`analyze`.execute(db);
await printSizes();

const app = await buildApp({ db, databaseUrl: url });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
const login = await fetch(`${base}/auth/webLogin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench', password }),
});
const { token } = (await login.json()) as { token: string };

/** Months and quarters that end within the year, each on a branch in turn (so caches see many branches). */
const monthStarts = Array.from({ length: 11 }, (_, i) => {
  const first = `${addDays(lastDay, -31 * (i + 1)).slice(0, 8)}01`;
  return first;
});
const monthOf = (from: string) => ({ from, to: addDays(`${addDays(from, 32).slice(0, 8)}01`, -1) });
const quarterOf = (from: string) => ({
  from,
  to: addDays(`${addDays(addDays(addDays(from, 32), 32), 32).slice(0, 8)}01`, -1),
});
const sample = (i: number) => branchIds[(i * 7) % branchIds.length]!;
type Case = {
  key: string;
  name: string;
  periods: { branchId: string; from: string; to: string }[];
  xlsx?: boolean;
};
const months = monthStarts.map((from, i) => ({ branchId: sample(i), ...monthOf(from) }));
const quarters = monthStarts.slice(2, 8).map((from, i) => ({ branchId: sample(i + 11), ...quarterOf(from) }));
const cases: Case[] = [
  { key: 'month', name: 'GET /performance, a month', periods: months },
  { key: 'quarter', name: 'GET /performance, a quarter', periods: quarters },
  { key: 'month-xlsx', name: 'figures.xlsx, a month', periods: months, xlsx: true },
  { key: 'quarter-xlsx', name: 'figures.xlsx, a quarter', periods: quarters, xlsx: true },
];

/** A stop of the period's last day written again (its day marked stale): the request refreshes that day first. */
async function touchLastDay(period: { branchId: string; to: string }) {
  await sql`update delivery_stop set left_at = left_at + interval '1 second' where id = (
    select st.id from delivery_stop st join delivery_trip t on t.shipment_id = st.shipment_id
    where t.branch_id = ${period.branchId} and t.shift_date = ${period.to}::date and st.left_at is not null limit 1)`.execute(
    db,
  );
}

/** Each period's first request: after the migration, its two periods' days are refreshed inside it. */
async function firstRequests(periods: readonly { branchId: string; from: string; to: string }[]) {
  const times: number[] = [];
  for (const period of periods) {
    const t0 = performance.now();
    const response = await fetch(`${base}/performance?${new URLSearchParams(period)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`first request: ${response.status}`);
  }
  return times;
}

const table: string[][] = [['case', 'n', 'p50 ms', 'p95 ms', 'raw n', 'raw p50', 'raw p95', 'goal']];
const only = process.env.BENCH_CASE;
for (const [key, periods] of [
  ['month', months],
  ['quarter', quarters],
] as const) {
  const first = await firstRequests(periods);
  table.push([
    `first request of a ${key} (days refreshed)`,
    String(first.length),
    percentile(first, 50).toFixed(0),
    percentile(first, 95).toFixed(0),
    '-',
    '-',
    '-',
    `max ${Math.max(...first).toFixed(0)} ms; once per period after migration`,
  ]);
}
const allCases = [
  ...cases,
  { key: 'month-written', name: 'GET /performance, a month, its last day just written', periods: months },
];
for (const c of allCases.filter((c) => !only || c.key.startsWith(only))) {
  const times: number[] = [];
  // One untimed request first: the route's first call compiles its answer's serializer.
  await fetch(`${base}/performance?${new URLSearchParams(c.periods.at(-1)!)}`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.arrayBuffer());
  for (let i = 0; i < REQUESTS; i += 1) {
    const period = c.periods[i % c.periods.length]!;
    if (c.key === 'month-written') await touchLastDay(period);
    const query = new URLSearchParams(period);
    const t0 = performance.now();
    const response = await fetch(`${base}/performance${c.xlsx ? '/figures.xlsx' : ''}?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = c.xlsx ? await response.arrayBuffer() : await response.json();
    times.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`${c.name}: ${response.status} ${JSON.stringify(body)}`);
    if (!c.xlsx && i < RAW) {
      const raw = await performanceFromRows(db, period.branchId, { from: period.from, to: period.to });
      if (!isDeepStrictEqual(raw, body as PerformanceAnswer))
        throw new Error(`${c.name}: the roll-ups' answer differs from the raw rows' for ${query}`);
    }
  }
  // The raw rows: the same answers computed as the route did before the roll-ups (SQL and Node).
  const raw: number[] = [];
  if (!c.xlsx && c.key !== 'month-written')
    for (let i = 0; i < RAW; i += 1) {
      const period = c.periods[i % c.periods.length]!;
      const t0 = performance.now();
      await performanceFromRows(db, period.branchId, { from: period.from, to: period.to });
      raw.push(performance.now() - t0);
    }
  const p95 = percentile(times, 95);
  table.push([
    c.name,
    String(times.length),
    percentile(times, 50).toFixed(0),
    p95.toFixed(0),
    raw.length ? String(raw.length) : '-',
    raw.length ? percentile(raw, 50).toFixed(0) : '-',
    raw.length ? percentile(raw, 95).toFixed(0) : '-',
    `p95 < ${GOAL_MS}: ${p95 < GOAL_MS ? 'met' : 'NOT met'}`,
  ]);
}
if (!only || only.startsWith('branches'))
  table.push(
    ...(await allBranchesCases({
      base,
      token,
      branchIds,
      periods: [monthOf(monthStarts[0]!), monthOf(monthStarts[1]!), quarterOf(monthStarts[2]!)],
      requests: Math.max(5, Math.round(REQUESTS / 3)),
      goalMs: GOAL_MS,
      pgCpuMs: () => (embedded ? postgresCpuMs(path.join(dir, 'pg')) : Number.NaN),
      percentile,
      db,
    })),
  );
const { rows: stops } = await sql<{ n: number }>`select count(*)::int as n from delivery_stop`.execute(db);
console.log(
  `\nbench/performance — ${branchIds.length} branches × ${DAYS} days (${firstDay} … ${lastDay}), ${stops[0]!.n.toLocaleString('en')} stops; one request at a time; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' ',
    )}\n(raw: the same answer computed from the raw rows, as before the roll-ups; its p95 of ${RAW} runs)\n`,
);
printTable(table, 56, 9);

await app.close();
await db.destroy();
if (!keep) await dropDatabase(adminUrl, name);
await embedded?.stop();
if (!keep) await rm(dir, { recursive: true, force: true });

/** The demo company, the bench's admin, 50 branches with 12 trucks each, and the year's history without triggers. */
async function generate() {
  const t0 = performance.now();
  await seedDemoCompany(db);
  await sql`insert into app_role_group (name, roles) values ('bench', ${[ROLE_ADMIN]})`.execute(db);
  await sql`with u as (insert into app_user (username, full_name, active, password_hash)
      values ('bench', 'bench', true, ${await hashPassword(password)}) returning id)
    insert into app_user__role_group_ids (owner_id, ref_id) select u.id, g.id from u, app_role_group g where g.name = 'bench'`.execute(
    db,
  );
  const { rows: created } = await sql<{ id: string }>`
    insert into branch (code, name) select 'PB' || lpad(i::text, 2, '0'), 'สาขาทดสอบ ' || i
    from generate_series(1, ${BRANCHES}) i returning id`.execute(db);
  const branchIds = created.map((r) => r.id);
  await sql`insert into vehicle (code, name, license_plate, vehicle_type_id, branch_id)
    select 'PV' || b.ord || '-' || k, 'รถ ' || k, 'PB-' || b.ord || '-' || k,
      t.ids[1 + k % cardinality(t.ids)], b.id
    from unnest(${branchIds}::uuid[]) with ordinality b(id, ord), generate_series(1, 12) k,
      (select array_agg(id order by code) as ids from vehicle_type) t`.execute(db);
  const { rows: picks } = await sql<{ customer: string; shipTo: string; shipCond: string }>`
    select (select id from customer order by code limit 1) as customer, (select id from ship_to order by code limit 1) as "shipTo",
      (select id from ship_cond order by code limit 1) as "shipCond"`.execute(db);
  const { customer, shipTo, shipCond } = picks[0]!;
  await prepareHistory(db, {
    branchIds,
    prefix: 'PF',
    customerId: customer,
    shipCondId: shipCond,
    size: 500,
  });
  const gen = performance.now();
  await generateDeliveryHistory(db, {
    branchIds,
    from: firstDay,
    days: DAYS,
    tripsPerDay: TRIPS,
    stopsPerTrip: STOPS,
    chunkDays: 5,
    prefix: 'PF',
    customerId: customer,
    shipToId: shipTo,
    withoutTriggers: true,
    progress: (done) => {
      if (done % 50 === 0 || done === DAYS) console.log(`  ${done} of ${DAYS} days, ${seconds(gen)} s`);
    },
  });
  console.log(`data: generated in ${seconds(t0)} s (history ${seconds(gen)} s)`);
}

async function printSizes() {
  const { rows } = await sql<{ table: string; rows: number; bytes: number }>`
    select c.relname as table, c.reltuples::bigint as rows, pg_total_relation_size(c.oid) as bytes
    from pg_class c where c.relkind = 'r' and c.relname in ('delivery_stop', 'delivery_event', 'delivery_trip',
      'booking_report', 'shipment', 'shipment__booking_report_ids', 'delivery_return', 'delivery_order',
      'performance_day', 'performance_truck_day') order by bytes desc`.execute(db);
  const { rows: database } = await sql<{
    bytes: number;
  }>`select pg_database_size(current_database()) as bytes`.execute(db);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(`database on disk: ${mb(database[0]!.bytes)}`);
  for (const row of rows)
    console.log(
      `  ${row.table.padEnd(30)} ${row.rows.toLocaleString('en').padStart(12)} rows ${mb(row.bytes).padStart(10)}`,
    );
}
