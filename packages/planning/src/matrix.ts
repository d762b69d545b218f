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

/** Metres between points, `table[from][to]`: what a matrix provider answers. */
export type DistanceTable = readonly (readonly number[])[];

/**
 * Where road distances come from (docs/planning.md "Road distances"): the default is the booking
 * engine's great circle × road factor (`greatCircleProvider`); a road router (OSRM's or
 * Valhalla's table service) sits behind the same interface on the server, which owns the I/O.
 */
export interface MatrixProvider {
  readonly name: string;
  /** Metres between every pair of points, in their order; rejects when it cannot answer. */
  distances(points: readonly LatLon[]): Promise<DistanceTable>;
}

/** Great circle × road factor, in whole metres: the booking engine's distance model. */
export function greatCircleTable(points: readonly LatLon[], roadFactor: number = ROAD_FACTOR): number[][] {
  return points.map((a) => points.map((b) => Math.round(greatCircleKm(a, b) * roadFactor * 1000)));
}

export const greatCircleProvider: MatrixProvider = {
  name: 'great-circle',
  distances: async (points) => greatCircleTable(points),
};

/** A vehicle type's matrix from road distances, its time at the branch's minutes per km. */
export function distanceMatrix(metres: DistanceTable, options: { minutesPerKm: number }): TravelMatrix {
  const n = metres.length;
  const flat = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) flat[i * n + j] = metres[i]?.[j] ?? 0;
  const secondsPerMetre = (options.minutesPerKm * 60) / 1000;
  return {
    size: n,
    distance: (from, to) => flat[from * n + to] ?? 0,
    duration: (from, to) => Math.round((flat[from * n + to] ?? 0) * secondsPerMetre),
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
  return distanceMatrix(greatCircleTable(points, options.roadFactor), options);
}
