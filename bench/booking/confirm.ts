/**
 * Confirm throughput against PostgreSQL: N planners' drafts confirmed over real HTTP, 10 at a
 * time, into one branch's slot (so every confirm takes the same slot lock) and into N separate
 * slots (no lock contention). Run: `npx pnpm@10.34.8 exec tsx bench/booking/confirm.ts`.
 * BENCH_THROWAWAY=1 runs PostgreSQL without waiting on the disk (fsync off): what the commits'
 * flushes cost. BENCH_STATEMENTS=1 prints pg_stat_statements' top statements per case;
 * BENCH_PROFILE=<dir> profiles the confirms of each case (bench/profile.ts). BENCH_WARMUP (200):
 * confirms run first and not measured, so that V8 has compiled the confirm's path and each pooled
 * connection has its generic plans, as in a long-lived server (0: measure a cold process).
 * The confirms are sent by a child process (confirmLoad.ts), so the server's process does
 * nothing but serve and its CPU is reported apart from the client's.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ROLE_ADMIN } from '@lms/domain';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { confirmsWritten } from '../../apps/server/src/booking/confirm.ts';
import { createDatabase, databaseUrl } from '../../apps/server/src/db/admin.ts';
import { connect, migrate } from '../../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { bookingScenario, moreSlots, oneDoDraft } from '../../apps/server/test/bookingScenario.ts';
import { call, createUser, signIn } from '../../apps/server/test/fixtures.ts';
import { postgresCpuMs, processCpuMs } from '../cpu.ts';
import { profiled } from '../profile.ts';
import { printStatements, resetStatements, statementsWanted, withStatements } from '../statements.ts';
import type { ConfirmBatch, ConfirmBatchResult } from './confirmLoad.ts';

const CONFIRMS = Number(process.env.BENCH_CONFIRMS ?? 400);
// BENCH_CONCURRENCY=1: one confirm at a time, so pg_stat_statements' times are close to CPU (nothing waits for a core).
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);

const dir = await mkdtemp(path.join(tmpdir(), 'lms-bench-confirm-'));
const throwaway = !!process.env.BENCH_THROWAWAY;
let embedded = await startEmbeddedPostgres(dir, { throwaway });
if (statementsWanted) embedded = await withStatements(dir, embedded, { throwaway });
await createDatabase(embedded.adminUrl, 'lms_bench_confirm');
const url = databaseUrl(embedded.adminUrl, 'lms_bench_confirm');
const db = connect(url, 20);
const clusterDir = path.join(dir, 'pg');
await migrate(db);
const app = await buildApp({ db, databaseUrl: url });
await app.listen({ port: 0, host: '127.0.0.1' });
const api = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
const token = await signIn(api, await createUser(db, { roles: [ROLE_ADMIN] }));

/** Drafts of `count` planners, each for one DO, in one slot or a slot each. */
async function drafted(count: number, separateSlots: boolean) {
  const world = await bookingScenario(db, { deliveryOrders: count, vehicles: count });
  const query = `branchId=${world.branchId}`;
  const slots = separateSlots
    ? await moreSlots(db, world, count)
    : world.deliveryOrderIds.map(() => world.slotId);
  const drafts: string[] = [];
  for (const [i, doId] of world.deliveryOrderIds.entries()) {
    const draft = await call(api, 'POST', `/doBooking/draft?${query}`, {
      token,
      body: oneDoDraft(world, doId, slots[i]),
    });
    drafts.push(draft.body.draft.id);
  }
  return { world, query, drafts };
}

/** The client process: started once, it confirms each batch it is sent. */
const client = fork(path.join(import.meta.dirname, 'confirmLoad.ts'), [], { execArgv: ['--import', 'tsx'] });

/** Confirms every draft from the client process, CONCURRENCY at a time: each confirm's latency in ms, and the client's CPU. */
async function confirmAll(query: string, drafts: readonly string[]) {
  const batch: ConfirmBatch = { api, query, token, drafts, concurrency: CONCURRENCY };
  client.send(batch);
  const [result] = (await once(client, 'message')) as [ConfirmBatchResult];
  if (result.error) throw new Error(result.error);
  return { latencies: result.latencies!, clientCpuMs: result.cpuMs! };
}

async function run(label: string, separateSlots: boolean, goal: number) {
  // Every draft is made before the warm-up's confirms, and the measured ones follow them at once:
  // the pool closes a connection idle for 10 s, and with it its prepared statements and their plans
  // (a server under steady load keeps them); drafting in between measured new connections.
  const warm = WARMUP ? await drafted(WARMUP, separateSlots) : undefined;
  const { world, query, drafts } = await drafted(CONFIRMS, separateSlots);
  // A live database has statistics (autovacuum's ANALYZE); tables filled a moment ago have none, and
  // PostgreSQL then walks the branch's index for a DO by id. BENCH_ANALYZE=0 measures without them.
  if (process.env.BENCH_ANALYZE !== '0') await sql`analyze`.execute(db);
  if (warm) await confirmAll(warm.query, warm.drafts);
  if (statementsWanted) await resetStatements(db);
  const cpu = { server: processCpuMs(), pg: postgresCpuMs(clusterDir) };
  const atOnceBefore = confirmsWritten.atOnce;
  const started = performance.now();
  const { latencies, clientCpuMs } = await profiled(`confirm-${separateSlots ? 'slots' : 'slot'}`, () =>
    confirmAll(query, drafts),
  );
  const seconds = (performance.now() - started) / 1000;
  const perConfirm = (ms: number) => (ms / CONFIRMS).toFixed(2).padStart(10);
  const serverCpu = perConfirm(processCpuMs() - cpu.server);
  const pgCpu = perConfirm(postgresCpuMs(clusterDir) - cpu.pg);
  const clientCpu = perConfirm(clientCpuMs);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]!.toFixed(1);
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from booking_report where branch_id = ${world.branchId}`.execute(db);
  const rate = CONFIRMS / seconds;
  if (statementsWanted) await printStatements(db, CONFIRMS, 'confirm');
  // How many were written by the one statement that locks, checks and writes (booking/confirm.ts).
  const atOnce = `${confirmsWritten.atOnce - atOnceBefore}/${rows[0]!.n}`;
  console.log(
    `${label.padEnd(34)}${String(rows[0]!.n).padStart(8)}${rate.toFixed(1).padStart(12)}${`> ${goal}`.padStart(8)}${rate > goal ? ' met' : ' NOT met'}${at(0.5).padStart(10)}${at(0.95).padStart(10)}${serverCpu}${pgCpu}${clientCpu.padStart(11)}${atOnce.padStart(10)}`,
  );
}

console.log(
  `\nbench/booking confirm — ${CONFIRMS} confirms, ${CONCURRENCY} at a time, after ${WARMUP} not measured, real HTTP + PostgreSQL (load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' ',
    )})\nCPU ms per confirm: the server's process, PostgreSQL (every backend) and the HTTP client (a process of its own)\n`,
);
console.log(
  `${'case'.padEnd(34)}${'booked'.padStart(8)}${'confirms/s'.padStart(12)}${'goal'.padStart(8)}${''.padStart(8)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'srv CPU'.padStart(10)}${'PG CPU'.padStart(10)}${'client CPU'.padStart(11)}${'at once'.padStart(10)}`,
);
await run('one slot (every confirm locks it)', false, 300);
await run('a slot per confirm (no contention)', true, 500);

client.disconnect();
await app.close();
await db.destroy();
await embedded.stop();
await rm(dir, { recursive: true, force: true });
