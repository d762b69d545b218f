/**
 * Solomon VRPTW instances (data/README.md) as planning problems. Distances are Euclidean, as in
 * the literature's best-known results (no rounding to one decimal); the solver wants integers, so
 * every distance and time is scaled by SCALE and rounded, and reported distances are recomputed
 * from the coordinates in full precision.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PlannedRoute, PlanningProblem } from '../../packages/planning/src/index.ts';
import { tableMatrix } from '../../packages/planning/src/index.ts';

export const SCALE = 1000;
/** Solomon's files give 25 vehicles for every 100-customer instance. */
export const FLEET = 25;

export interface Instance {
  readonly name: string;
  readonly problem: PlanningProblem;
  readonly points: readonly (readonly [number, number])[];
}

export function readSolomon(file: string): Instance {
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const capacity = Number(lines[0]);
  const rows = lines.slice(1).map((line) => line.trim().split(/\s+/).map(Number));
  const points = rows.map((r) => [r[1] as number, r[2] as number] as const);
  const euclid = (a: number, b: number) =>
    Math.hypot((points[a]?.[0] ?? 0) - (points[b]?.[0] ?? 0), (points[a]?.[1] ?? 0) - (points[b]?.[1] ?? 0));
  const table = points.map((_, a) => points.map((_, b) => Math.round(euclid(a, b) * SCALE)));
  const depot = rows[0] as number[];
  return {
    name: path.basename(file, '.txt'),
    points,
    problem: {
      matrices: { car: tableMatrix({ durations: table }) },
      vehicles: Array.from({ length: FLEET }, (_, id) => ({
        id,
        start: 0,
        end: 0,
        capacity: [capacity],
        timeWindow: [(depot[4] ?? 0) * SCALE, (depot[5] ?? 0) * SCALE] as const,
      })),
      jobs: rows.slice(1).map((r) => ({
        id: r[0] as number,
        location: r[0] as number,
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
