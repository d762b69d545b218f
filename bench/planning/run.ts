/**
 * `npm run bench -- planning [options]`: the planner on the public VRPTW benchmarks in data/
 * (data/README.md) — per instance the vehicles and distance beside the best known, the gap and
 * the CPU time; per class the averages beside VROOM's published ones and the goals (issue 42).
 * Figures only, no pass/fail. One configuration for every instance: the solver's defaults and
 * one time limit per set, measured in this process's CPU time (other engineers' processes on a
 * shared machine do not shorten the search).
 *
 *   --set solomon|gh200|gh1000   which set (default solomon: all 56 instances, ~1 min)
 *   --only R1,RC2 | --only R201  instances whose name starts with one of these
 *   --quick                      two instances per class (x01 and x05 / _1 and _5)
 *   --time-limit MS              CPU milliseconds per instance (default: the set's goal)
 *   --seed N | 1,2,3 | 1-5       the solver's seed or seeds (default 1): with several, each instance
 *                                is solved once per seed, the class table averages every run and
 *                                a table by seed shows the spread — one seed's path through the
 *                                second moves an instance by several points (docs/planning.md)
 *   --solver DIR                 the solver's source (default packages/planning/src); given twice
 *                                or more, each instance is solved by each in turn (the order
 *                                rotating), so that solvers are compared in the same minutes
 *   --iterations N               N iterations and no clock instead of the time limit: the same
 *                                code gives the same plan in every run, so its CPU time is the
 *                                solver's speed alone; with two solvers, whether their plans are
 *                                the same (a change meant only to be faster must keep them) and
 *                                their CPU side by side
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { euclideanDistance, readSolomon } from './solomon.ts';

interface Set {
  readonly dir: string;
  readonly timeLimitMs: number;
  readonly goal: { readonly average: number; readonly perClass: number; readonly worst: number } | null;
}

const SETS: Record<string, Set> = {
  solomon: { dir: 'solomon', timeLimitMs: 1000, goal: { average: 1.0, perClass: 2.0, worst: 4.0 } },
  gh200: {
    dir: 'gh200',
    timeLimitMs: 10_000,
    goal: { average: 2.5, perClass: Number.NaN, worst: Number.NaN },
  },
  gh1000: {
    dir: 'gh1000',
    timeLimitMs: 60_000,
    goal: { average: 4.0, perClass: Number.NaN, worst: Number.NaN },
  },
};

/** VROOM 1.12's published gaps on Solomon (VROOM wiki, "Benchmarks"; issue 42), in %. */
const VROOM_SOLOMON: Record<string, number> = {
  C1: 0,
  C2: 0,
  R1: 1.38,
  R2: 3.89,
  RC1: 1.25,
  RC2: 2.64,
  all: 1.63,
};

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    set: { type: 'string', default: 'solomon' },
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'time-limit': { type: 'string' },
    seed: { type: 'string', default: '1' },
    solver: { type: 'string', multiple: true },
    iterations: { type: 'string' },
  },
});
type Solver = typeof import('../../packages/planning/src/index.ts');
const solverDirs = (values.solver ?? [path.join(import.meta.dirname, '../../packages/planning/src')]).map(
  (dir) => path.resolve(dir),
);
const solvers: Solver[] = [];
for (const dir of solverDirs) solvers.push(await import(path.join(dir, 'index.ts')));
const solverNames = solverDirs.map((dir) => path.relative(process.cwd(), dir));
const set = SETS[values.set];
if (!set) throw new Error(`--set is one of ${Object.keys(SETS).join(', ')}`);
const timeLimitMs = Number(values['time-limit'] ?? set.timeLimitMs);
/** `--seed 3`, `--seed 1,2,5` or `--seed 1-5`. */
const SEEDS_REFUSED = '--seed is a whole number, a list (1,2,3) or a range (1-5) of at most 100';
function seedsOf(text: string): number[] {
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range && Number(range[2]) - Number(range[1]) >= 100) throw new Error(SEEDS_REFUSED);
  const seeds = range
    ? Array.from(
        { length: Math.max(0, Number(range[2]) - Number(range[1]) + 1) },
        (_, i) => Number(range[1]) + i,
      )
    : text.split(',').map((part) => Number(part.trim()));
  if (seeds.length === 0 || seeds.length > 100 || !seeds.every((n) => Number.isInteger(n) && n >= 0))
    throw new Error(SEEDS_REFUSED);
  return seeds;
}
const seeds = seedsOf(values.seed);
const iterations = values.iterations === undefined ? undefined : Number(values.iterations);
if (iterations !== undefined && !(Number.isInteger(iterations) && iterations > 0))
  throw new Error('--iterations is a whole number above 0');
/** The solve's options: the set's time limit on this process's CPU clock, or N iterations and no clock. */
const budget = (limitMs: number, seed: number) =>
  iterations === undefined ? { seed, timeLimitMs: limitMs, clock: cpuMs } : { seed, iterations };
const prefixes = values.only?.split(',').map((p) => p.trim().toUpperCase());

const dataDir = path.join(import.meta.dirname, 'data');
const bestKnown: Record<string, { vehicles: number; distance: number }> = JSON.parse(
  readFileSync(path.join(dataDir, 'best-known.json'), 'utf8'),
);
/** C101 → C1, RC2_2_10 → RC2. */
const classOf = (name: string) => /^(RC|R|C)\d/.exec(name)?.[0] ?? name;
const quickPick = (name: string) => /^(RC|R|C)\d0[15]$|_(1|5)$/.test(name);

const files = readdirSync(path.join(dataDir, set.dir))
  .filter((f) => f.endsWith('.txt'))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

interface Row {
  readonly name: string;
  readonly seed: number;
  readonly vehicles: number;
  readonly overBest: number;
  readonly gap: number;
  readonly cpu: number;
  readonly distance: number;
}
const rows: Row[][] = solvers.map(() => []);
console.log(
  `${values.set}: ${iterations === undefined ? `${timeLimitMs} ms CPU` : `${iterations} iterations, no clock,`} per instance, seed ${seeds.join(', ')}; load average ${loadavg()[0]?.toFixed(1)}; solver ${solverNames.join(', ')}`,
);
console.log('instance | vehicles (best) | distance (best) | gap % | CPU ms | iterations | notes');
const selected = files
  .map((file) => readSolomon(path.join(dataDir, set.dir, file)))
  .filter(
    ({ name }) =>
      (!prefixes || prefixes.some((p) => name.startsWith(p))) && (!values.quick || quickPick(name)),
  );
// V8 compiles the solver during its first solves and the CPU clock counts the compiler's threads:
// cold, the first instances lost 120–170 ms of their second to it (docs/planning.md). One untimed
// solve first, so every instance is measured as a warm planner thread would solve it.
const warmUp = selected[0];
for (const { solve } of solvers)
  if (warmUp) solve(warmUp.problem, budget(Math.min(timeLimitMs, 1000), seeds[0] as number));
for (const seed of seeds)
  for (const [i, instance] of selected.entries())
    for (let turn = 0; turn < solvers.length; turn += 1) measure(instance, (i + turn) % solvers.length, seed);

function measure(instance: ReturnType<typeof readSolomon>, which: number, seed: number): void {
  const { solve, planViolations } = solvers[which] as Solver;
  const { name } = instance;
  const best = bestKnown[name];
  if (!best) throw new Error(`no best known value for ${name} in data/best-known.json`);
  const began = cpuMs();
  const solution = solve(instance.problem, budget(timeLimitMs, seed));
  const cpu = cpuMs() - began;
  const distance = euclideanDistance(instance, solution.routes);
  const gap = ((distance - best.distance) / best.distance) * 100;
  const broken = planViolations(instance.problem, solution).length;
  const notes = [
    solution.unassigned.length > 0 ? `${solution.unassigned.length} unassigned` : '',
    broken > 0 ? `${broken} violations` : '',
  ]
    .filter(Boolean)
    .join(', ');
  (rows[which] as Row[]).push({
    name,
    seed,
    vehicles: solution.summary.vehicles,
    overBest: solution.summary.vehicles - best.vehicles,
    gap,
    cpu,
    distance,
  });
  console.log(
    [
      `${name}${seeds.length > 1 ? ` seed ${seed}` : ''}${solvers.length > 1 ? ` (${solverNames[which]})` : ''}`,
      `${solution.summary.vehicles} (${best.vehicles})`,
      `${distance.toFixed(2)} (${best.distance.toFixed(2)})`,
      gap.toFixed(2),
      cpu.toFixed(0),
      solution.summary.iterations,
      notes,
    ].join(' | '),
  );
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fmt = (x: number | undefined, digits = 2) =>
  x === undefined || Number.isNaN(x) ? '–' : x.toFixed(digits);
const classes = [...new Set(selected.map(({ name }) => classOf(name)))];
for (const [which, solved] of rows.entries()) {
  console.log('');
  if (solvers.length > 1) console.log(`solver ${solverNames[which]}:`);
  console.log(
    `class | ${seeds.length > 1 ? 'runs (instances × seeds)' : 'instances'} | average gap % | worst gap % | vehicles over best (instances) | average gap % at the best fleet (instances) | average CPU ms${values.set === 'solomon' ? ' | VROOM 1.12 gap %' : ''}`,
  );
  for (const group of [...classes, 'all']) {
    const members = group === 'all' ? solved : solved.filter((r) => classOf(r.name) === group);
    const over = members.filter((r) => r.overBest > 0);
    console.log(
      [
        group,
        members.length,
        fmt(mean(members.map((r) => r.gap))),
        fmt(Math.max(...members.map((r) => r.gap))),
        `${over.reduce((a, r) => a + r.overBest, 0)} (${over.length})`,
        // A plan with a truck more is shorter: its gap flatters the average.
        `${fmt(mean(members.filter((r) => r.overBest === 0).map((r) => r.gap)))} (${members.filter((r) => r.overBest === 0).length})`,
        fmt(mean(members.map((r) => r.cpu)), 0),
        ...(values.set === 'solomon' ? [fmt(VROOM_SOLOMON[group])] : []),
      ].join(' | '),
    );
  }
  if (seeds.length > 1) {
    console.log(
      'seed | average gap % | worst gap % | vehicles over best (instances) | average gap % at the best fleet (instances)',
    );
    for (const seed of seeds) {
      const runs = solved.filter((r) => r.seed === seed);
      const atBest = runs.filter((r) => r.overBest === 0);
      console.log(
        [
          seed,
          fmt(mean(runs.map((r) => r.gap))),
          `${fmt(Math.max(...runs.map((r) => r.gap)))} (${runs.reduce((w, r) => (r.gap > w.gap ? r : w)).name})`,
          `${runs.reduce((a, r) => a + Math.max(0, r.overBest), 0)} (${runs.filter((r) => r.overBest > 0).length})`,
          `${fmt(mean(atBest.map((r) => r.gap)))} (${atBest.length})`,
        ].join(' | '),
      );
    }
  }
}
if (set.goal) {
  const { average, perClass, worst } = set.goal;
  console.log(
    `goals: average gap ≤ ${average} %` +
      (Number.isNaN(perClass) ? '' : `, every class ≤ ${perClass} %, worst instance ≤ ${worst} %`) +
      `, vehicles at most one over the best known, ≤ ${set.timeLimitMs} ms CPU per instance` +
      (selected.length < files.length ? ` (this run: ${selected.length} of ${files.length} instances)` : ''),
  );
}
if (iterations !== undefined && solvers.length > 1) {
  // Same iterations, same seed: a solver that makes the same decisions makes the same plans.
  const first = rows[0] as Row[];
  const total = (solved: readonly Row[]) => solved.reduce((a, r) => a + r.cpu, 0);
  console.log('');
  console.log(`solver | CPU ms in all | against ${solverNames[0]} | the same plans`);
  for (const [which, solved] of rows.entries()) {
    const differ = solved.filter((r) => {
      const other = first.find((f) => f.name === r.name && f.seed === r.seed);
      return !other || other.vehicles !== r.vehicles || other.distance !== r.distance;
    });
    console.log(
      [
        solverNames[which],
        total(solved).toFixed(0),
        (total(solved) / total(first)).toFixed(3),
        differ.length === 0
          ? 'yes'
          : `no: ${differ.map((r) => (seeds.length > 1 ? `${r.name} (seed ${r.seed})` : r.name)).join(', ')}`,
      ].join(' | '),
    );
  }
}
console.log(`load average at the end ${loadavg()[0]?.toFixed(1)}`);
