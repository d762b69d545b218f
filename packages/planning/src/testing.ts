import { tableMatrix } from './matrix.ts';
import type { PlanJob, PlanningProblem, PlanVehicle } from './problem.ts';

/**
 * Test problems on a line: location i sits i km (i × 1000 units) from the depot at 0, so
 * travel between a and b takes |a − b| × 1000 in time and distance.
 */
export function lineProblem(
  jobs: readonly PlanJob[],
  vehicles: readonly PlanVehicle[],
  extra: Partial<PlanningProblem> = {},
  places = 12,
): PlanningProblem {
  const table = Array.from({ length: places }, (_, a) =>
    Array.from({ length: places }, (_, b) => Math.abs(a - b) * 1000),
  );
  return { jobs, vehicles, matrices: { car: tableMatrix({ durations: table }) }, ...extra };
}

export const truck = (id: string, capacity: number[], extra: Partial<PlanVehicle> = {}): PlanVehicle => ({
  id,
  start: 0,
  end: 0,
  capacity,
  ...extra,
});
