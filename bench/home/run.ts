/**
 * bench/home: the home's counts (docs/web.md "Home") on the million-DO data set, with each query's plan.
 * Run: `npm run bench -- home` (BENCH_DOS=200000 for a quicker pass, BENCH_DATA_DIR to keep the data).
 * Prints the load, then per section p50 and p95 of BENCH_RUNS (20) summaries one at a time with the
 * CPU a summary costs (Node, PostgreSQL: bench/cpu.ts) and, per query, its time and the plan's nodes:
 * every count should read an index (Index Only Scan / Index Scan / Bitmap Index Scan), never the table.
 */
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { bangkokIsoDate } from '@lms/domain';
import { type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { provideNamedFilters } from '../../apps/server/src/app.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../../apps/server/src/db/admin.ts';
import { connect, migrate } from '../../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { dispatcherHome } from '../../apps/server/src/home/dispatcher.ts';
import { adminHome, masterDataHome, plannerHome } from '../../apps/server/src/home/summary.ts';
import { seedDemoCompany } from '../../apps/server/src/seed/demo.ts';
import { generateDeliveryOrders } from '../../apps/server/src/seed/scale.ts';
import { postgresCpuMs, processCpuMs } from '../cpu.ts';
import { percentile } from '../report.ts';

const DOS = Number(process.env.BENCH_DOS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const keep = process.env.BENCH_DATA_DIR;
const dir = keep ?? (await mkdtemp(path.join(tmpdir(), 'lms-bench-home-')));
const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(dir);
const adminUrl = process.env.DATABASE_URL
  ? databaseUrl(process.env.DATABASE_URL, 'postgres')
  : embedded!.adminUrl;
const name = 'lms_bench_home';
const url = databaseUrl(adminUrl, name);
const db = connect(url, 10);
const seeded = keep
  ? await sql<{ n: number }>`select count(*)::int as n from delivery_order`.execute(db).then(
      (r) => (r.rows[0]?.n ?? 0) > DOS,
      () => false,
    )
  : false;
if (!seeded) {
  await db.destroy();
  await dropDatabase(adminUrl, name);
  await createDatabase(adminUrl, name);
}
const data = seeded ? db : connect(url, 10);
await migrate(data);
if (!seeded) {
  const started = Date.now();
  await seedDemoCompany(data);
  await generateDeliveryOrders(data, DOS);
  // Bookings for a third of the DOs (their call statuses and cancellations), sessions and failed sign-ins.
  await sql`
    insert into booking_report (branch_id, doc_no, doc_date, customer_id, ship_to_id, status, call_status, confirmed_at, canceled_at)
    select d.branch_id, 'BK' || d.doc_no, d.delivery_at, d.customer_id, d.so_ship_to_id,
           case when n % 10 = 0 then 'CANCELED' else 'CONFIRMED' end,
           (array['NOT_CALLED','CALLED','UNREACHABLE','CALLED'])[1 + n % 4],
           now() - (n % 365) * interval '1 day',
           case when n % 10 = 0 then now() - (n % 365) * interval '1 day' end
      from (select d.*, row_number() over () as n from delivery_order d where d.is_booking) d`.execute(data);
  await sql`insert into sign_in_failure (username, at)
    select 'guess' || n, now() - (n % 90) * interval '1 day' from generate_series(1, 500000) n`.execute(data);
  await sql`insert into user_session (user_id, absolute_expires_at, revoked_at)
    select u.id, now() + ((n % 20) - 10) * interval '1 day', case when n % 3 = 0 then now() end
      from generate_series(1, 200000) n, (select id from app_user order by username limit 1) u`.execute(data);
  console.log(
    `data: ${DOS.toLocaleString('en')} DOs and their bookings in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
// The demo has tens of ship-tos; the master-data count must hold at a million, a tenth without coordinates.
const { rows: shipTos } = await sql<{ n: number }>`select count(*)::int as n from ship_to`.execute(data);
if ((shipTos[0]?.n ?? 0) < 100_000) {
  await sql`insert into ship_to (code, name, sub_district_id, lat, lon)
    select 'BS' || lpad(n::text, 8, '0'), 'สถานที่ส่ง ' || n, s.id,
           case when n % 10 = 0 then null else 13.7 end, case when n % 10 = 0 then null else 100.5 end
      from generate_series(1, 1000000) n, (select id from sub_district order by code limit 1) s`.execute(
    data,
  );
}
await sql`vacuum analyze`.execute(data);
const { rows: sizes } = await sql<{ table: string; n: number }>`
  select relname as table, n_live_tup::int as n from pg_stat_user_tables
   where relname in ('delivery_order', 'booking_report', 'ship_to', 'sign_in_failure', 'user_session', 'vehicle_date_slot')
   order by relname`.execute(data);
console.log(sizes.map((s) => `${s.table}: ${s.n.toLocaleString('en')}`).join(', '));

/** Stopping the cluster at the end closes idle connections from the server side: not an error here. */
function quiet(pool: pg.Pool) {
  pool.on('error', () => {});
  return pool;
}

// The summaries run on a connection that records every query, so each can be explained as sent.
const queries: CompiledQuery[] = [];
const recording = new Kysely<unknown>({
  dialect: new PostgresDialect({ pool: quiet(new pg.Pool({ connectionString: url, max: 10 })) }),
  log: (event) => {
    if (event.level === 'query') queries.push(event.query);
  },
});
const { rows: branch } = await sql<{ id: string }>`
  select branch_id as id from delivery_order group by branch_id order by count(*) desc limit 1`.execute(data);
const branchId = branch[0]!.id;
const today = bangkokIsoDate(new Date());
const pool = quiet(new pg.Pool({ connectionString: url, max: 1 }));

// The summaries count lists with named filters (the DO list's `returned`), whose SQL the app provides.
provideNamedFilters();
const sections = {
  planner: () => plannerHome(recording as never, branchId, today),
  dispatcher: () => dispatcherHome(recording as never, branchId, today),
  masterData: () => masterDataHome(recording as never, branchId, today),
  admin: () => adminHome(recording as never, today),
};
const clusterDir = embedded ? path.join(dir, 'pg') : undefined;
console.log(
  `branch ${branchId}, today ${today}; ${RUNS} runs per section, one at a time; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const [section, run] of Object.entries(sections)) {
  await run(); // warm the cache once, as a home opened all day is
  const times: number[] = [];
  const cpu0 = processCpuMs();
  const pg0 = clusterDir ? postgresCpuMs(clusterDir) : 0;
  for (let i = 0; i < RUNS; i += 1) {
    queries.length = 0;
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const perRun = (ms: number) => (ms / RUNS).toFixed(1);
  console.log(
    `\n${section}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms for ${queries.length} queries; CPU a run: Node ${perRun(processCpuMs() - cpu0)} ms, PostgreSQL ${clusterDir ? perRun(postgresCpuMs(clusterDir) - pg0) : '?'} ms`,
  );
  for (const query of queries) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.parameters as unknown[],
    );
    const plan = rows.map((r) => r['QUERY PLAN']);
    const time = plan.find((line) => line.startsWith('Execution Time'));
    const nodes = [
      ...new Set(
        plan.flatMap(
          (line) =>
            line.match(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)( using \w+)? on \w+/g) ?? [],
        ),
      ),
    ];
    console.log(`  ${time}  ${query.sql.replace(/\s+/g, ' ').slice(0, 90)}…\n    ${nodes.join('; ')}`);
  }
}
await pool.end();
await recording.destroy();
await data.destroy();
if (data !== db) await db.destroy().catch(() => {});
await embedded?.stop();
