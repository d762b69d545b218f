/**
 * bench/scale: every list, calendar, home and report screen's API on ten times the data (issue 41).
 * Run: `npm run bench -- scale`. At BENCH_SCALE=1 (the default): 10M DOs, 2M bookings as a year of
 * trips' stops with their events, the trips' positions, a history row per DO and booking
 * (bench/scale/generate.ts); BENCH_SCALE=0.1 makes a tenth of each (say which was measured).
 * BENCH_DATA_DIR keeps the cluster and its data for the next run (generation at scale 1 took 37 min
 * on a loaded 2-core machine: docs/operations.md "Sizes and figures").
 * Then, one request at a time as people open the screens, BENCH_REQUESTS (20) per case over HTTP:
 * p50, p95 beside the goal (p95 < 100 ms), and CPU per request of the server and of PostgreSQL
 * (bench/cpu.ts: the machine's load inflates wall times, not CPU). BENCH_BRANCHES (20),
 * BENCH_POSITION_S (60: seconds between two positions of a trip), BENCH_CASE (a prefix of a key).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, bangkokIsoDate } from '@lms/domain';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../../apps/server/src/db/admin.ts';
import { connect, migrate } from '../../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { postgresCpuMs, processCpuMs } from '../cpu.ts';
import { percentile, printTable } from '../report.ts';
import { generateScale, type ScaleShape, scaled } from './generate.ts';
import { printSizes } from './sizes.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const GOAL_MS = 100;
const lastDay = addDays(bangkokIsoDate(new Date()), -1);
const shape: ScaleShape = {
  scale: SCALE,
  branches: Number(process.env.BENCH_BRANCHES ?? 20),
  days: 365,
  firstDay: addDays(lastDay, -364),
  positionEveryS: Number(process.env.BENCH_POSITION_S ?? 60),
  password: 'bench-only-password',
};

const keep = process.env.BENCH_DATA_DIR;
const dir = keep ?? (await mkdtemp(path.join(tmpdir(), 'lms-bench-scale-')));
const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(dir);
const adminUrl = process.env.DATABASE_URL
  ? databaseUrl(process.env.DATABASE_URL, 'postgres')
  : embedded!.adminUrl;
const name = `lms_bench_scale_${String(SCALE).replace('.', '_')}`;
const url = databaseUrl(adminUrl, name);
let db = connect(url, 10);
const seeded = keep
  ? await sql<{ n: number }>`select count(*)::int as n from performance_day`.execute(db).then(
      (r) => (r.rows[0]?.n ?? 0) > 0,
      () => false,
    )
  : false;
const t0 = performance.now();
if (!seeded) {
  await db.destroy();
  await dropDatabase(adminUrl, name);
  await createDatabase(adminUrl, name);
  db = connect(url, 10);
  await migrate(db);
  console.log(`generating at scale ${SCALE} (${JSON.stringify(scaled(shape))}):`);
  await generateScale(db, shape, console.log);
  await sql`vacuum analyze`.execute(db);
  console.log(`data: ${((performance.now() - t0) / 1000).toFixed(0)} s, load ${loadavg()[0]!.toFixed(1)}`);
} else await migrate(db);
await printSizes(db);

// BENCH_LOG=error shows the server's errors (a case that fails prints its status only).
const app = await buildApp({
  db,
  databaseUrl: url,
  logger: process.env.BENCH_LOG ? { level: process.env.BENCH_LOG } : false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
const login = await fetch(`${base}/auth/webLogin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench', password: shape.password }),
});
const { token } = (await login.json()) as { token: string };

// A branch of the year's trips (the DOs are spread evenly over every branch), a day of its trips a
// month back, and records to open.
const { rows: picks } = await sql<{
  branch: string;
  day: string;
  booking: string;
  order: string;
  shift: string;
  vehicleType: string;
}>`
  select t.branch_id as branch, to_char(t.shift_date, 'YYYY-MM-DD') as day,
         (select st.booking_id from delivery_stop st where st.shipment_id = t.shipment_id limit 1) as booking,
         (select d.id from delivery_order d where d.branch_id = t.branch_id and d.doc_no like 'BD%' limit 1) as order,
         (select id from shift_of_day where active order by start_time limit 1) as shift,
         (select id from vehicle_type order by code limit 1) as "vehicleType"
    from delivery_trip t join branch b on b.id = t.branch_id
   where b.code = 'SB01' and t.shift_date = current_date - 30 limit 1`.execute(db);
const pick = picks[0]!;
const branchId = pick.branch;
const month = pick.day.slice(0, 7);
const week = { from: pick.day, to: addDays(pick.day, 6) };
const q = (params: Record<string, string> = {}) => `?${new URLSearchParams({ branchId, ...params })}`;

// Not timed: a trip's detail (/delivery/trips/:id), whose stops the generator makes without the
// articles the answer names (seed/deliveryHistory.ts makes the figures' shapes only).
const cases: { key: string; name: string; path: string }[] = [
  { key: 'do-list', name: 'DO list, first page (counted)', path: `/deliveryOrder${q({ size: '50' })}` },
  {
    key: 'do-list-filtered',
    name: 'DO list, not booked, counted',
    path: `/deliveryOrder${q({ size: '50', isBookingEq: 'false' })}`,
  },
  {
    key: 'booking-list',
    name: 'booking list, first page (counted)',
    path: `/bookingReport${q({ size: '50' })}`,
  },
  {
    key: 'shipment-list',
    name: 'shipment list, first page (counted)',
    path: `/shipment${q({ size: '50' })}`,
  },
  { key: 'calendar', name: 'booking calendar, a week', path: `/bookingCalendar${q(week)}` },
  {
    key: 'calendar-placed',
    name: 'booking calendar, placed bookings of a week',
    path: `/bookingCalendar/placed${q(week)}`,
  },
  {
    key: 'calendar-cell',
    name: 'booking calendar, a cell’s bookings',
    path: `/bookingCalendar/bookings${q({ date: pick.day, shiftOfDayId: pick.shift, vehicleTypeId: pick.vehicleType })}`,
  },
  { key: 'home-planner', name: 'home, planner', path: `/home/planner${q()}` },
  { key: 'home-dispatcher', name: 'home, dispatcher', path: `/home/dispatcher${q()}` },
  { key: 'home-master', name: 'home, master data', path: `/home/masterData${q()}` },
  { key: 'home-admin', name: 'home, admin', path: '/home/admin' },
  {
    key: 'performance',
    name: 'performance, a month',
    path: `/performance${q({ from: `${month}-01`, to: addDays(`${addDays(`${month}-01`, 32).slice(0, 8)}01`, -1) })}`,
  },
  { key: 'freight-list', name: 'freight statements', path: `/freightStatements${q()}` },
  {
    key: 'freight-candidates',
    name: 'freight candidates, a month',
    path: `/freightStatements/candidates${q({ month })}`,
  },
  { key: 'board', name: 'delivery board, a day', path: `/delivery/board${q({ date: pick.day })}` },
  {
    key: 'history-booking',
    name: 'a booking’s history (partitioned)',
    path: `/bookingReport/${pick.booking}/history${q()}`,
  },
  {
    key: 'history-do',
    name: 'a DO’s history (partitioned)',
    path: `/deliveryOrder/${pick.order}/history${q()}`,
  },
  { key: 'search', name: 'search', path: `/search${q({ term: 'SCDO0001' })}` },
];

const clusterDir = embedded ? path.join(dir, 'pg') : undefined;
const get = (url: string) => fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
const table = [['case', 'p50 ms', 'p95 ms', 'server CPU ms', 'PG CPU ms', 'goal']];
for (const c of cases.filter((c) => !process.env.BENCH_CASE || c.key.startsWith(process.env.BENCH_CASE))) {
  const warm = await get(c.path);
  const body = await warm.text();
  if (warm.status !== 200) {
    table.push([c.name, '-', '-', '-', '-', `FAILED: ${warm.status} ${body.slice(0, 80)}`]);
    continue;
  }
  const times: number[] = [];
  const cpu0 = processCpuMs();
  const pg0 = clusterDir ? postgresCpuMs(clusterDir) : 0;
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    await (await get(c.path)).arrayBuffer();
    times.push(performance.now() - started);
  }
  const p95 = percentile(times, 95);
  table.push([
    c.name,
    percentile(times, 50).toFixed(1),
    p95.toFixed(1),
    ((processCpuMs() - cpu0) / REQUESTS).toFixed(1),
    clusterDir ? ((postgresCpuMs(clusterDir) - pg0) / REQUESTS).toFixed(1) : '?',
    `p95 < ${GOAL_MS}: ${p95 < GOAL_MS ? 'met' : 'NOT met'}`,
  ]);
}
console.log(
  `\nbench/scale at scale ${SCALE} — branch ${branchId}, day ${pick.day}; ${REQUESTS} requests per case, one at a time; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
printTable(table, 46, 14);

await app.close();
await db.destroy();
if (!keep) await dropDatabase(adminUrl, name);
await embedded?.stop();
if (!keep) await rm(dir, { recursive: true, force: true });
