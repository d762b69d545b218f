/**
 * Solomon and Gehring–Homberger VRPTW instances (data/README.md) as planning problems. Distances
 * are Euclidean, as in the literature's best-known results (no rounding); the solver wants
 * integers, so every distance and time is scaled by SCALE and rounded, and reported distances are
 * recomputed from the coordinates in full precision.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PlannedRoute, PlanningProblem } from '../../packages/planning/src/index.ts';
import { tableMatrix } from '../../packages/planning/src/index.ts';

export const SCALE = 1000;

export interface Instance {
  readonly name: string;
  readonly problem: PlanningProblem;
  readonly points: readonly (readonly [number, number])[];
}

/** The files' format: a name, `VEHICLE` (number, capacity), `CUSTOMER` rows `id x y demand ready due service`; row 0 is the depot. */
export function readSolomon(file: string): Instance {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  const numbers = lines.map((line) => line.trim().split(/\s+/).map(Number));
  const fleetLine = numbers.findIndex((r, i) => i > 0 && /NUMBER/.test(lines[i - 1] ?? '') && r.length === 2);
  const [fleet, capacity] = numbers[fleetLine] as [number, number];
  const rows = numbers.filter((r, i) => i > fleetLine && r.length === 7 && r.every(Number.isFinite));
  const points = rows.map((r) => [r[1] as number, r[2] as number] as const);
  const table = points.map(([ax, ay]) =>
    points.map(([bx, by]) => Math.round(Math.hypot(ax - bx, ay - by) * SCALE)),
  );
  const depot = rows[0] as number[];
  return {
    name: path.basename(file, '.txt').toUpperCase(),
    points,
    problem: {
      matrices: { car: tableMatrix({ durations: table }) },
      vehicles: Array.from({ length: fleet }, (_, id) => ({
        id,
        start: 0,
        end: 0,
        capacity: [capacity],
        timeWindow: [(depot[4] ?? 0) * SCALE, (depot[5] ?? 0) * SCALE] as const,
      })),
      jobs: rows.slice(1).map((r, i) => ({
        id: r[0] as number,
        location: i + 1,
        delivery: [r[3] as number],
        service: (r[6] as number) * SCALE,
        timeWindows: [[(r[4] as number) * SCALE, (r[5] as number) * SCALE] as const],
      })),
    },
  };
}

/** Total Euclidean distance of routes (depot → stops → depot), in full precision. */
export function euclideanDistance(instance: Instance, routes: readonly PlannedRoute[]): number {
  let total = 0;
  for (const route of routes) {
    const path = [0, ...route.stops.map((s) => s.location), 0];
    for (let i = 1; i < path.length; i += 1) {
      const a = instance.points[path[i - 1] as number] as readonly [number, number];
      const b = instance.points[path[i] as number] as readonly [number, number];
      total += Math.hypot(a[0] - b[0], a[1] - b[1]);
    }
  }
  return total;
}
