/**
 * `npm run bench -- planning`: the planner on the Solomon instances in data/ — vehicles and
 * distance against the best known, gap, time. Goal (issue 19): within 5 % of the best-known
 * distance with at most one vehicle more, under 1 s each. Figures only, no pass/fail.
 * BENCH_SEED and BENCH_ITERATIONS override the solver's defaults; BENCH_TIME_MS adds a wall-clock box.
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { solve } from '../../packages/planning/src/index.ts';
import { euclideanDistance, readSolomon } from './solomon.ts';

/** data/README.md: best known (vehicles, distance). */
const BEST_KNOWN: Record<string, { vehicles: number; distance: number }> = {
  C101: { vehicles: 10, distance: 828.94 },
  R101: { vehicles: 19, distance: 1650.8 },
  RC101: { vehicles: 14, distance: 1696.95 },
};

const dir = path.join(import.meta.dirname, 'data');
const seed = Number(process.env.BENCH_SEED ?? 1);
const iterations = process.env.BENCH_ITERATIONS ? Number(process.env.BENCH_ITERATIONS) : undefined;
const timeLimitMs = process.env.BENCH_TIME_MS ? Number(process.env.BENCH_TIME_MS) : undefined;

// Wall time counts what other processes take from us; CPU time is what the solver itself used.
console.log(`load average ${loadavg()[0]?.toFixed(1)}; seed ${seed}`);
console.log(
  'instance | vehicles (best) | distance (best) | gap % | wall ms | CPU ms | iterations | unassigned',
);
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort()) {
  const instance = readSolomon(path.join(dir, file));
  const began = performance.now();
  const cpu = process.cpuUsage();
  const solution = solve(instance.problem, {
    seed,
    ...(iterations ? { iterations } : {}),
    // Without BENCH_TIME_MS the solver runs its default iteration budget to the end, so the
    // figures depend on the seed only, not on how loaded the machine is; with it, a wall-clock box.
    ...(timeLimitMs ? { timeLimitMs, clock: () => performance.now() } : {}),
  });
  const ms = performance.now() - began;
  const used = process.cpuUsage(cpu);
  const distance = euclideanDistance(instance, solution.routes);
  const best = BEST_KNOWN[instance.name];
  const gap = best ? ((distance - best.distance) / best.distance) * 100 : Number.NaN;
  console.log(
    [
      instance.name,
      `${solution.summary.vehicles} (${best?.vehicles ?? '?'})`,
      `${distance.toFixed(2)} (${best?.distance.toFixed(2) ?? '?'})`,
      gap.toFixed(2),
      ms.toFixed(0),
      ((used.user + used.system) / 1000).toFixed(0),
      solution.summary.iterations,
      solution.unassigned.length,
    ].join(' | '),
  );
}
