import fc from 'fast-check';
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

/** Random problems where trucks may make one to three trips, loading again at each return. */
export const tripProblems: fc.Arbitrary<PlanningProblem> = fc
  .record({
    places: fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 })), {
      minLength: 2,
      maxLength: 10,
    }),
    vehicles: fc.array(
      fc.record({
        capacity: fc.integer({ min: 5, max: 25 }),
        shift: fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 150, max: 600 })),
        trips: fc.integer({ min: 1, max: 3 }),
        load: fc.integer({ min: 0, max: 30 }),
        reload: fc.integer({ min: 0, max: 40 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    jobs: fc.array(
      fc.record({
        place: fc.nat(),
        weight: fc.integer({ min: 1, max: 12 }),
        service: fc.integer({ min: 0, max: 20 }),
        window: fc.option(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 10, max: 200 })), {
          nil: undefined,
        }),
      }),
      { minLength: 1, maxLength: 14 },
    ),
  })
  .map(({ places, vehicles, jobs }) => ({
    matrices: {
      car: tableMatrix({
        durations: places.map(([ax, ay]) =>
          places.map(([bx, by]) => Math.round(Math.hypot(ax - bx, ay - by))),
        ),
      }),
    },
    vehicles: vehicles.map(
      (v, i): PlanVehicle => ({
        id: `T${i}`,
        start: 0,
        end: 0,
        capacity: [v.capacity],
        timeWindow: v.shift,
        startService: v.load,
        trips: v.trips,
        reload: v.reload,
      }),
    ),
    jobs: jobs.map(
      (j, i): PlanJob => ({
        id: `J${i}`,
        location: 1 + (j.place % (places.length - 1)),
        delivery: [j.weight],
        service: j.service,
        ...(j.window ? { timeWindows: [[j.window[0], j.window[0] + j.window[1]]] } : {}),
      }),
    ),
  }));
