import { greatCircleKm, type LatLon, ROAD_FACTOR } from '@lms/booking';
import type { PlanningProblem } from './problem.ts';

/**
 * Travel between matrix locations: the solver asks nothing else about the road, so a road
 * router (OSRM, Valhalla) answering a table request can replace the default great-circle model.
 * Values are integers (the solver compares and sums them exactly).
 */
export interface TravelMatrix {
  readonly size: number;
  duration(from: number, to: number): number;
  distance(from: number, to: number): number;
  /** What the objective minimises after the vehicle count; the distance when absent. */
  cost?(from: number, to: number): number;
}

/** A matrix from tables (a router's answer, VROOM's `matrices`); costs default to distances, distances to durations. */
export function tableMatrix(tables: {
  durations: readonly (readonly number[])[];
  distances?: readonly (readonly number[])[];
  costs?: readonly (readonly number[])[];
}): TravelMatrix {
  const { durations } = tables;
  const distances = tables.distances ?? durations;
  const costs = tables.costs ?? distances;
  return {
    size: durations.length,
    duration: (from, to) => durations[from]?.[to] ?? 0,
    distance: (from, to) => distances[from]?.[to] ?? 0,
    cost: (from, to) => costs[from]?.[to] ?? 0,
  };
}

/**
 * The booking engine's distance model: great circle × road factor (metres), and the branch's
 * minutes per km for time (seconds) — the same figures booking promised the customer.
 */
export function roadMatrix(
  points: readonly LatLon[],
  options: { minutesPerKm: number; roadFactor?: number },
): TravelMatrix {
  const factor = options.roadFactor ?? ROAD_FACTOR;
  const n = points.length;
  const metres = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1)
    for (let j = 0; j < n; j += 1)
      metres[i * n + j] = Math.round(greatCircleKm(points[i] as LatLon, points[j] as LatLon) * factor * 1000);
  const secondsPerMetre = (options.minutesPerKm * 60) / 1000;
  return {
    size: n,
    distance: (from, to) => metres[from * n + to] ?? 0,
    duration: (from, to) => Math.round((metres[from * n + to] ?? 0) * secondsPerMetre),
  };
}

/** A problem as plain data (no functions): what a worker thread can be sent (structured clone). */
export interface PortableProblem extends Omit<PlanningProblem, 'matrices'> {
  readonly matrices: Readonly<
    Record<string, { readonly size: number; readonly durations: Float64Array; readonly distances: Float64Array; readonly costs: Float64Array }>
  >;
}

/** The problem with each matrix read out into flat tables, `table[from * size + to]`. */
export function portable(problem: PlanningProblem): PortableProblem {
  const read = (size: number, at: (from: number, to: number) => number) => {
    const table = new Float64Array(size * size);
    for (let from = 0; from < size; from += 1) for (let to = 0; to < size; to += 1) table[from * size + to] = at(from, to);
    return table;
  };
  const matrices = Object.fromEntries(
    Object.entries(problem.matrices).map(([profile, matrix]) => {
      const distances = read(matrix.size, (a, b) => matrix.distance(a, b));
      return [
        profile,
        {
          size: matrix.size,
          durations: read(matrix.size, (a, b) => matrix.duration(a, b)),
          distances,
          costs: matrix.cost ? read(matrix.size, (a, b) => (matrix.cost as (a: number, b: number) => number)(a, b)) : distances,
        },
      ];
    }),
  );
  return { ...problem, matrices };
}

/** The problem again from its portable form. */
export function fromPortable(problem: PortableProblem): PlanningProblem {
  const matrices = Object.fromEntries(
    Object.entries(problem.matrices).map(([profile, { size, durations, distances, costs }]): [string, TravelMatrix] => [
      profile,
      {
        size,
        duration: (from, to) => durations[from * size + to] ?? 0,
        distance: (from, to) => distances[from * size + to] ?? 0,
        cost: (from, to) => costs[from * size + to] ?? 0,
      },
    ]),
  );
  return { ...problem, matrices };
}
