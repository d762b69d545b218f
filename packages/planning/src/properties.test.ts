import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planViolations } from './check.ts';
import { tableMatrix } from './matrix.ts';
import type { PlanJob, PlanningProblem, PlanVehicle } from './problem.ts';
import { solve } from './solve.ts';

/** Random problems on a grid: mixed fleets, windows, skills, prohibited goods, cannot-split groups. */
const problems: fc.Arbitrary<PlanningProblem> = fc
  .record({
    places: fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 })), {
      minLength: 2,
      maxLength: 12,
    }),
    vehicles: fc.array(
      fc.record({
        weight: fc.integer({ min: 5, max: 30 }),
        volume: fc.integer({ min: 5, max: 30 }),
        shift: fc.option(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 100, max: 400 })), {
          nil: undefined,
        }),
        crane: fc.boolean(),
        open: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    jobs: fc.array(
      fc.record({
        place: fc.nat(),
        weight: fc.integer({ min: 0, max: 12 }),
        volume: fc.integer({ min: 0, max: 12 }),
        service: fc.integer({ min: 0, max: 20 }),
        window: fc.option(fc.tuple(fc.integer({ min: 0, max: 250 }), fc.integer({ min: 0, max: 120 })), {
          nil: undefined,
        }),
        crane: fc.boolean(),
        goods: fc.constantFrom('food', 'chemical', 'paint', 'tiles'),
        group: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 16 },
    ),
  })
  .map(({ places, vehicles, jobs }) => {
    const durations = places.map(([ax, ay]) =>
      places.map(([bx, by]) => Math.round(Math.hypot(ax - bx, ay - by))),
    );
    return {
      matrices: { car: tableMatrix({ durations }) },
      prohibited: [
        ['food', 'chemical'],
        ['paint', 'food'],
      ],
      vehicles: vehicles.map(
        (v, i): PlanVehicle => ({
          id: `V${i}`,
          start: 0,
          ...(v.open ? {} : { end: 0 }),
          capacity: [v.weight, v.volume],
          ...(v.shift ? { timeWindow: v.shift } : {}),
          skills: v.crane ? ['crane'] : [],
        }),
      ),
      jobs: jobs.map(
        (j, i): PlanJob => ({
          id: `J${i}`,
          // A group's jobs share the place of its first job (one ship-to per booking).
          location:
            j.group === undefined ? 1 + (j.place % (places.length - 1)) : 1 + (j.group % (places.length - 1)),
          delivery: [j.weight, j.volume],
          service: j.service,
          ...(j.window ? { timeWindows: [[j.window[0], j.window[0] + j.window[1]]] } : {}),
          skills: j.crane ? ['crane'] : [],
          goods: [j.goods],
          ...(j.group === undefined ? {} : { together: `B${j.group}` }),
        }),
      ),
    };
  });

describe('solve (properties)', () => {
  it('every route is feasible and every job is planned once or reported with a reason', () => {
    fc.assert(
      fc.property(problems, fc.integer({ min: 1, max: 1000 }), (problem, seed) => {
        const solution = solve(problem, { seed, iterations: 60 });
        expect(planViolations(problem, solution)).toEqual([]);
        for (const { reason } of solution.unassigned) expect(reason).toMatch(/^[A-Z_]+$/);
      }),
      { numRuns: 60 },
    );
  });

  it('a job that fits an empty vehicle alone is never reported as unfit', () => {
    fc.assert(
      fc.property(problems, (problem) => {
        const solution = solve(problem, { iterations: 30 });
        for (const { job, reason } of solution.unassigned) {
          if (reason !== 'NO_VEHICLE') continue;
          const own = problem.jobs.find((j) => j.id === job) as PlanJob;
          const carriers = problem.vehicles.filter(
            (v) =>
              (own.skills ?? []).every((s) => (v.skills ?? []).includes(s)) &&
              own.delivery.every((amount, d) => amount <= (v.capacity[d] ?? 0)),
          );
          // A group may be too heavy together even when each of its jobs fits.
          if (own.together === undefined) expect(carriers).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('gives the same plan for the same input and seed', () => {
    fc.assert(
      fc.property(problems, fc.integer(), (problem, seed) => {
        expect(solve(problem, { seed, iterations: 40 })).toEqual(solve(problem, { seed, iterations: 40 }));
      }),
      { numRuns: 25 },
    );
  });
});
