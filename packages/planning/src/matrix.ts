import { greatCircleKm, type LatLon, ROAD_FACTOR } from '@lms/booking';

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
