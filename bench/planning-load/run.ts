/**
 * bench/planning-load: is the API still responsive while a 1,000-stop plan runs (issue 42, item 4)?
 * Run: `npm run bench -- planning-load` (`BENCH_PLAN_MS`, default 20000: the plan's time limit).
 *
 * An HTTP server in this process (node:http; the server's Fastify is not a dependency of the
 * benches) answers `GET /api/probe` (a JSON list of 200 rows, the size of a
 * list page) and solves R1_10_1 (1,000 customers, bench/planning/data) in the server's own planner
 * pool (`planPool`, apps/server/src/shipmentPlanning/planPool.ts) — the same module and threads the
 * plan route uses. A forked client asks the probe one request at a time every 20 ms, first for 5 s
 * with nothing else running (idle), then for as long as the plan runs; it prints p50, p95 and the
 * worst latency of each, beside the goal. What it does not measure: the database (no SQL behind the
 * probe) and the plan route's own work around the solver (loading the slot, writing the answer).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { planPool } from '../../apps/server/src/shipmentPlanning/planPool.ts';
import { readSolomon } from '../planning/solomon.ts';

const PLAN_MS = Number(process.env.BENCH_PLAN_MS ?? 20_000);
const IDLE_MS = 5000;
const GAP_MS = 20;
/** Our goal: a request during a 1,000-stop plan answered within 100 ms at the 95th percentile. */
const GOAL_P95_MS = 100;

const rows = Array.from({ length: 200 }, (_, i) => ({
  id: i,
  code: `DO${i}`,
  name: `ใบส่งสินค้า ${i}`,
  qty: i * 3,
}));
const body = JSON.stringify({ rows, total: rows.length });
const server = createServer((_, response) => {
  // A list page's work: the answer built as JSON for each request.
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(JSON.parse(body)));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/probe`;

async function probe(ms: number): Promise<{ latencies: number[]; failures: number }> {
  const child = fork(
    path.join(import.meta.dirname, 'probe.ts'),
    [JSON.stringify({ url, ms, gapMs: GAP_MS })],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const [message] = (await once(child, 'message')) as [{ latencies: number[]; failures: number }];
  return message;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const line = (label: string, { latencies, failures }: { latencies: number[]; failures: number }) =>
  `${label.padEnd(26)} ${String(latencies.length).padStart(5)} requests  p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(latencies, 95).toFixed(1).padStart(6)} ms  max ${Math.max(
    ...latencies,
  )
    .toFixed(1)
    .padStart(7)} ms  failed ${failures}`;

const instance = readSolomon(path.join(import.meta.dirname, '../planning/data/gh1000/r1_10_1.txt'));
console.log(
  `planner pool: ${JSON.stringify(planPool.limits)}; plan: ${instance.name}, ${instance.problem.jobs.length} stops, ${PLAN_MS} ms`,
);
// The pool's threads start at the first plan: one small plan first, so that a thread's start-up is not measured.
await planPool.plan(
  { ...instance.problem, jobs: instance.problem.jobs.slice(0, 5) },
  { seed: 1, timeLimitMs: 50 },
);

const idle = await probe(IDLE_MS);
const started = performance.now();
const plan = planPool.plan(instance.problem, { seed: 1, timeLimitMs: PLAN_MS });
const during = await probe(PLAN_MS - 500);
const solution = await plan;
const planMs = performance.now() - started;

console.log(line('idle', idle));
console.log(line('during the 1,000-stop plan', during));
const p95 = percentile(during.latencies, 95);
console.log(
  `plan: ${solution.summary.vehicles} vehicles, ${solution.unassigned.length} unassigned, ${(planMs / 1000).toFixed(1)} s` +
    `\ngoal: p95 during the plan ≤ ${GOAL_P95_MS} ms — ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'} (${p95.toFixed(1)} ms)`,
);
server.close();
await planPool.close();
process.exit(0);
