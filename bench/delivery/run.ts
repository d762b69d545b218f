/**
 * bench/delivery: the issue's load (docs/delivery.md "Benchmark") — 500 drivers each posting a
 * position every 10 s and a stop event every 6th position, with 20 dispatcher boards open on the
 * branch, against the real server (in this process) on an embedded PostgreSQL. Prints the board's
 * update latency (post start → the board stream hears the trip with that position) p50/p95/max,
 * and the server's CPU (this process: Node) and PostgreSQL's per event, beside the goals.
 *
 * Run: `npm run bench -- delivery`. BENCH_DRIVERS (500), BENCH_BOARDS (20), BENCH_SECONDS (60),
 * BENCH_SPEEDUP (1): the phones post every 10 s / speedup of real time while their fix times
 * advance 10 s a post — compressed time, the same positions at speedup × the rate.
 * BENCH_EVENT_EVERY (6): a stop event after every this many positions of a phone, the phones in
 * turn (each its own phase, as real stops fall: not every phone's event in the same tick).
 * BENCH_PROFILE=<dir>: the server's CPU profile while the load runs (bench/profile.ts);
 * BENCH_STATEMENTS=1: PostgreSQL's time per statement (bench/statements.ts).
 */

import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bangkokIsoDate, ROLE_ADMIN } from '@lms/domain';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { hashPassword, SCRYPT_PARAMS } from '../../apps/server/src/auth/password.ts';
import { createDatabase, databaseUrl } from '../../apps/server/src/db/admin.ts';
import { connect, migrate } from '../../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { TripLinks } from '../../apps/server/src/delivery/links.ts';
import { insertRecords } from '../../apps/server/src/seed/insertRecords.ts';
import { pidCpuMs, postgresCpuMs, processCpuMs } from '../cpu.ts';
import { profiled } from '../profile.ts';
import { printStatements, resetStatements, statementsWanted, withStatements } from '../statements.ts';

const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 500);
const BOARDS = Number(process.env.BENCH_BOARDS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SPEEDUP = Number(process.env.BENCH_SPEEDUP ?? 1);
const STOPS = 5;
const EVENT_EVERY = Number(process.env.BENCH_EVENT_EVERY ?? 6);
/** Goals: a dispatcher sees a truck move within a second; a phone's post costs the server a few ms. */
const GOAL_P95_MS = 1000;
const GOAL_CPU_MS = 5;

const dir = await mkdtemp(path.join(tmpdir(), 'lms-bench-delivery-'));
let embedded = await startEmbeddedPostgres(dir);
if (statementsWanted) embedded = await withStatements(dir, embedded);
/** Where the cluster keeps its postmaster.pid (embedded.ts: `<dir>/pg`). */
const clusterDir = path.join(dir, 'pg');
const name = 'lms_bench_delivery';
await createDatabase(embedded.adminUrl, name);
const url = databaseUrl(embedded.adminUrl, name);
const db = connect(url, 20);
await migrate(db);

const today = bangkokIsoDate(new Date());
const [regionId] = await insertRecords(db, 'region', [{ code: 'R', nameTh: 'ภาค' }]);
const [provinceId] = await insertRecords(db, 'province', [{ code: 'P', nameTh: 'จังหวัด', regionId }]);
const [districtId] = await insertRecords(db, 'district', [{ code: 'D', nameTh: 'อำเภอ', provinceId }]);
const [subDistrictId] = await insertRecords(db, 'subDistrict', [
  { code: 'S', nameTh: 'ตำบล', districtId, lat: 13.7, lon: 100.5 },
]);
const [branchId] = await insertRecords(db, 'branch', [
  { code: 'BR', name: 'สาขา', lat: 13.7, lon: 100.5, subDistrictId },
]);
const [customerId] = await insertRecords(db, 'customer', [{ code: 'CU', name: 'ลูกค้า' }]);
const [shipToId] = await insertRecords(db, 'shipTo', [
  { code: 'ST', name: 'ร้าน', subDistrictId, lat: 13.75, lon: 100.55 },
]);
// 500 running trips of five stops each, every one with its phone's link bound.
await sql`insert into booking_report (branch_id, status, doc_no, customer_id, ship_to_id)
  select ${branchId}, 'CONFIRMED', 'BK' || n, ${customerId}, ${shipToId} from generate_series(1, ${DRIVERS}) n`.execute(
  db,
);
await sql`insert into shipment (doc_no, branch_id, shift_date, car_plate_snap)
  select 'SH' || n, ${branchId}, ${today}::date, 'กข-' || n from generate_series(1, ${DRIVERS}) n`.execute(
  db,
);
await sql`insert into delivery_trip (shipment_id, branch_id, shift_date, minutes_per_km, depot_lat, depot_lon, planned_start, started_at)
  select id, branch_id, shift_date, 1.5, 13.7, 100.5, now() - interval '3 hours', now() - interval '3 hours' from shipment`.execute(
  db,
);
await sql`insert into delivery_stop (shipment_id, seq, booking_id, ship_to_name, lat, lon, window_from, window_to,
    planned_arrival, planned_departure, service_seconds, proof_required, orders)
  select s.id, k, b.id, 'ร้าน ' || k, 13.7 + k * 0.01, 100.5, now() - interval '1 hour', now() + interval '6 hours',
         now() + k * interval '30 minutes', now() + k * interval '30 minutes' + interval '10 minutes', 600, 'SIGNATURE', '[]'
    from shipment s join booking_report b on b.doc_no = 'BK' || substr(s.doc_no, 3), generate_series(1, ${STOPS}) k`.execute(
  db,
);
const links = await TripLinks.create(db);
const trips = (await sql<{ id: string }>`select id from shipment order by doc_no`.execute(db)).rows;
const drivers = [];
for (const trip of trips) {
  const device = randomBytes(32).toString('base64url');
  const made = await sql<{ id: string }>`insert into trip_link (shipment_id, pin_hash, device_hash, bound_at)
    values (${trip.id}, ${Buffer.alloc(32)}, ${createHash('sha256').update(device).digest()}, now()) returning id`.execute(
    db,
  );
  const stops = (
    await sql<{
      id: string;
    }>`select id from delivery_stop where shipment_id = ${trip.id} order by seq`.execute(db)
  ).rows;
  drivers.push({
    shipmentId: trip.id,
    bearer: `${links.token(made.rows[0]!.id)}.${device}`,
    stops: stops.map((s) => s.id),
  });
}
const hash = await hashPassword('bench-password', { ...SCRYPT_PARAMS, N: 2 ** 10 });
const user = await sql<{
  id: string;
}>`insert into app_user (username, full_name, active, must_change_password, password_hash)
  values ('dispatcher', 'ผู้จัดรถ', true, false, ${hash}) returning id`.execute(db);
const group = await sql<{
  id: string;
}>`insert into app_role_group (name, roles) values ('admin', ${[ROLE_ADMIN]}) returning id`.execute(db);
await sql`insert into app_user__role_group_ids (owner_id, ref_id) values (${user.rows[0]!.id}, ${group.rows[0]!.id})`.execute(
  db,
);

const app = await buildApp({ db, databaseUrl: url, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address !== 'object') throw new Error('no address');
const api = `http://127.0.0.1:${address.port}/api`;
const signIn = await fetch(`${api}/auth/webLogin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'dispatcher', password: 'bench-password' }),
});
const adminToken = ((await signIn.json()) as { token: string }).token;

const child = fork(path.join(import.meta.dirname, 'load.ts'), [], { execArgv: ['--import', 'tsx'] });
child.send({
  api,
  adminToken,
  branchId,
  drivers,
  boards: BOARDS,
  seconds: SECONDS,
  intervalMs: 10_000 / SPEEDUP,
  simStepS: 10,
  eventEvery: EVENT_EVERY,
});
if (statementsWanted) await resetStatements(db);
const cpu0 = { node: processCpuMs(), pg: postgresCpuMs(clusterDir) };
const result = await profiled(
  'delivery',
  () =>
    new Promise<{
      posts: number;
      events: number;
      boardMessages: number;
      boardItems: Record<string, number>;
      boardBytes: number;
      measured: number;
      p50: number;
      p95: number;
      max: number;
      post: { p50: number; p95: number };
      afterAnswer: { p50: number; p95: number };
      event: { p50: number; p95: number };
      errors: Record<string, number>;
    }>((resolve) => child.once('message', resolve as (m: unknown) => void)),
);
const cpu = { node: processCpuMs() - cpu0.node, pg: postgresCpuMs(clusterDir) - cpu0.pg };
const loadCpu = pidCpuMs(child.pid!);
const writes = result.posts + result.events;
const { rows: kept } = await sql<{ n: number }>`select count(*)::int as n from delivery_position`.execute(db);

console.log(
  `bench/delivery: ${DRIVERS} drivers, a position every ${10 / SPEEDUP} s real (fix times 10 s apart), an event every ${EVENT_EVERY} positions, ${BOARDS} boards, ${SECONDS} s`,
);
console.log(
  `  posted: ${result.posts} positions (${kept[0]!.n} kept), ${result.events} stop events; ${(writes / SECONDS).toFixed(1)} writes/s`,
);
console.log(`  errors: ${JSON.stringify(result.errors)}`);
console.log(
  `  board messages heard: ${result.boardMessages} over ${BOARDS} boards (${(result.boardMessages / BOARDS / SECONDS).toFixed(1)}/s a board, ${(result.boardBytes / BOARDS / SECONDS / 1024).toFixed(1)} KiB/s a board): ${Object.entries(
    result.boardItems,
  )
    .map(([name, n]) => `${n} ${name}`)
    .join(', ')}; ${result.measured} positions timed`,
);
console.log(
  `  board latency ms: p50 ${result.p50.toFixed(1)}, p95 ${result.p95.toFixed(1)} (goal < ${GOAL_P95_MS}), max ${result.max.toFixed(1)}`,
);
console.log(
  `  board heard it after the post was answered, ms: p50 ${result.afterAnswer.p50.toFixed(1)}, p95 ${result.afterAnswer.p95.toFixed(1)} (the flush, NOTIFY, the stream)`,
);
console.log(
  `  answered in ms: a position p50 ${result.post.p50.toFixed(1)}, p95 ${result.post.p95.toFixed(1)}; an event p50 ${result.event.p50.toFixed(1)}, p95 ${result.event.p95.toFixed(1)}`,
);
console.log(
  `  server CPU per write: Node ${(cpu.node / writes).toFixed(2)} ms + PostgreSQL ${(cpu.pg / writes).toFixed(2)} ms = ${((cpu.node + cpu.pg) / writes).toFixed(2)} ms (goal < ${GOAL_CPU_MS}); load generator ${(loadCpu / writes).toFixed(2)} ms`,
);
if (statementsWanted) await printStatements(db, writes, 'write', 14);
await app.close();
await db.destroy();
await embedded.stop();
await rm(dir, { recursive: true, force: true });
