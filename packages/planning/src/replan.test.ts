import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planViolations } from './check.ts';
import type { PlanId, PlanJob, PlanningProblem, PlanSolution, PlanVehicle } from './problem.ts';
import {
  jobPlaces,
  type ReplanProblem,
  reduceReplan,
  replan,
  replanChanges,
  replanSolution,
  type TruckProgress,
} from './replan.ts';
import { solve } from './solve.ts';
import { lineProblem, tripProblems, truck } from './testing.ts';
import { PlanningInputError } from './validate.ts';

/**
 * A morning's plan of a random problem, then a moment of its day: each truck's first trip driven for
 * a random number of stops (all of them: back at the branch), and a few jobs booked since.
 */
const days = fc
  .record({
    problem: tripProblems,
    driven: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 3, maxLength: 3 }),
    late: fc.integer({ min: 0, max: 300 }),
    added: fc.array(fc.record({ place: fc.nat(), weight: fc.integer({ min: 1, max: 8 }) }), { maxLength: 4 }),
  })
  .map(({ problem, driven, late, added }) => {
    const morning = solve(problem, { seed: 1, iterations: 60 });
    const progress: TruckProgress[] = [];
    morning.routes
      .filter((r) => r.trip === 1)
      .forEach((route, i) => {
        const vehicle = problem.vehicles.find((v) => v.id === route.vehicle) as PlanVehicle;
        const k = Math.min(route.stops.length, driven[i % driven.length] as number);
        if (k === 0) return;
        const last = route.stops[k - 1]!;
        const fixed = route.stops.slice(0, k).map((s) => s.job);
        if (k === route.stops.length)
          progress.push({
            vehicle: vehicle.id,
            fixed,
            at: { location: 0, time: route.arrival },
            tripsDone: 1,
          });
        else
          progress.push({
            vehicle: vehicle.id,
            fixed,
            at: { location: last.location, time: last.start + last.service },
            onBoard: route.stops.slice(k).map((s) => s.job),
          });
      });
    const times = progress.map((p) => p.at.time);
    const now = (times.length ? Math.min(...times) : 0) + (late % 50);
    const places = problem.matrices.car!.size;
    const jobs: PlanJob[] = [
      ...problem.jobs,
      ...added.map((a, i) => ({ id: `N${i}`, location: 1 + (a.place % (places - 1)), delivery: [a.weight] })),
    ];
    const input: ReplanProblem = { problem: { ...problem, jobs }, now, progress };
    return { input, morning };
  });

const jobOf = (problem: PlanningProblem) => {
  const jobs = new Map(problem.jobs.map((j) => [j.id, j]));
  return (id: PlanId) => jobs.get(id) as PlanJob;
};

describe('re-planning around what happened (properties)', () => {
  it('no stop twice, fixed stops never move, goods on board stay, loads and working time kept', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 1, max: 500 }), ({ input }, seed) => {
        const reduced = reduceReplan(input);
        const raw = solve(reduced.problem, { seed, iterations: 60 });
        // The independent check on the problem the search was given: windows, capacity, working time, trips.
        expect(planViolations(reduced.problem, raw)).toEqual([]);
        const result = replanSolution(reduced, raw);
        const job = jobOf(input.problem);

        // Fixed stops: as given, same truck, same order, and nowhere else.
        expect(result.fixed).toEqual(
          input.progress.filter((p) => p.fixed.length).map((p) => ({ vehicle: p.vehicle, jobs: p.fixed })),
        );
        const fixed = new Set(input.progress.flatMap((p) => p.fixed));
        const planned = result.routes.flatMap((r) => r.stops.map((s) => s.job));
        const seen = [...planned, ...result.unassigned.map((u) => u.job)];
        // Every other job exactly once: on a route or reported.
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort()).toEqual(
          input.problem.jobs
            .map((j) => j.id)
            .filter((id) => !fixed.has(id))
            .sort(),
        );

        for (const route of result.routes) {
          const vehicle = input.problem.vehicles.find((v) => v.id === route.vehicle) as PlanVehicle;
          const p = input.progress.find((x) => x.vehicle === route.vehicle);
          const [, close] = vehicle.timeWindow ?? [0, 0];
          // Nothing starts before the truck is free or before now, and it is back by the end of its shift.
          expect(route.departure).toBeGreaterThanOrEqual(Math.max(input.now, p?.at.time ?? input.now));
          expect(route.arrival).toBeLessThanOrEqual(close);
          expect(route.trip).toBeGreaterThan(p?.tripsDone ?? 0);
          expect(route.trip).toBeLessThanOrEqual(vehicle.trips ?? 1);
          const load = route.stops.reduce((sum, s) => sum + (job(s.job).delivery[0] ?? 0), 0);
          if (p?.onBoard && route.trip === (p.tripsDone ?? 0) + 1) {
            // On the road: only what it loaded, within what its fixed stops left of its capacity.
            for (const s of route.stops) expect(p.onBoard).toContain(s.job);
            const used = p.fixed.reduce<number>((sum, id) => sum + (job(id).delivery[0] ?? 0), 0);
            expect(load + used).toBeLessThanOrEqual(vehicle.capacity[0] as number);
            expect(route.trip).toBe(1);
          } else expect(load).toBeLessThanOrEqual(vehicle.capacity[0] as number);
        }
        // A truck on the road goes out again only after this trip is back and loaded again.
        for (const p of input.progress.filter((x) => x.onBoard)) {
          const own = result.routes.filter((r) => r.vehicle === p.vehicle);
          const current = own.find((r) => r.trip === (p.tripsDone ?? 0) + 1);
          const vehicle = input.problem.vehicles.find((v) => v.id === p.vehicle) as PlanVehicle;
          for (const later of own.filter((r) => r.trip > (p.tripsDone ?? 0) + 1)) {
            expect(later.departure).toBeGreaterThanOrEqual(
              (current?.arrival ?? p.at.time) + (vehicle.reload ?? vehicle.startService ?? 0),
            );
            for (const s of later.stops) expect(p.onBoard).not.toContain(s.job);
          }
        }
        // Goods on board never change truck.
        for (const p of input.progress)
          for (const id of p.onBoard ?? []) {
            const on = result.routes.find((r) => r.stops.some((s) => s.job === id));
            if (on) expect(on.vehicle).toBe(p.vehicle);
          }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('the changes name every job that moved, is new, is retimed or lost its place, and no fixed job', () => {
    fc.assert(
      fc.property(days, ({ input, morning }) => {
        const before = jobPlaces(morning.routes);
        const result = replan(input, { seed: 3, iterations: 40 });
        const changes = replanChanges(before, result, 0);
        const fixed = new Set(result.fixed.flatMap((f) => f.jobs));
        for (const c of changes) expect(fixed.has(c.job)).toBe(false);
        const after = jobPlaces(result.routes);
        for (const [id, place] of after) {
          const was = before.get(id);
          const change = changes.find((c) => c.job === id);
          if (!was) expect(change?.kind).toBe('NEW');
          else if (was.vehicle !== place.vehicle || was.trip !== place.trip)
            expect(change?.kind).toBe('MOVED');
          else if (was.start !== place.start) expect(change?.kind).toBe('ETA');
          else expect(change).toBeUndefined();
        }
        for (const id of before.keys())
          if (!after.has(id) && !fixed.has(id))
            expect(changes.find((c) => c.job === id)?.kind).toBe('DROPPED');
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});

describe('re-planning (examples)', () => {
  // A line: the branch at 0, places 1…11 km out; one km takes 1000 time units.
  const jobs: PlanJob[] = [1, 2, 3, 4].map((at) => ({ id: `J${at}`, location: at, delivery: [1] }));

  it('a truck on the road goes on from its last stop at the time it is free, its loaded goods stay on it', () => {
    const problem = lineProblem(jobs, [
      truck('A', [4], { timeWindow: [0, 100_000] }),
      truck('B', [4], { timeWindow: [0, 100_000] }),
    ]);
    const result = replan(
      {
        problem,
        now: 2500,
        progress: [{ vehicle: 'A', fixed: ['J1', 'J2'], at: { location: 2, time: 3000 }, onBoard: ['J4'] }],
      },
      { iterations: 200 },
    );
    expect(result.fixed).toEqual([{ vehicle: 'A', jobs: ['J1', 'J2'] }]);
    const a = result.routes.find((r) => r.vehicle === 'A');
    // From place 2 at 3000: J4 is 2 km on, then 4 km back to the branch.
    expect(a?.stops.map((s) => s.job)).toEqual(['J4']);
    expect(a?.departure).toBe(3000);
    expect(a?.stops[0]?.arrival).toBe(5000);
    expect(a?.arrival).toBe(9000);
    // J3 was not loaded on A: the truck at the branch takes it, leaving no earlier than now.
    const b = result.routes.find((r) => r.vehicle === 'B');
    expect(b?.stops.map((s) => s.job)).toEqual(['J3']);
    expect(b?.departure).toBeGreaterThanOrEqual(2500);
  });

  it('a truck on the road allowed another trip makes it from the branch once this one is back and loaded again', () => {
    const problem = lineProblem(jobs, [truck('A', [4], { timeWindow: [0, 100_000], trips: 2, reload: 500 })]);
    const result = replan(
      {
        problem,
        now: 3000,
        progress: [{ vehicle: 'A', fixed: ['J1', 'J2'], at: { location: 2, time: 3000 }, onBoard: ['J4'] }],
      },
      { iterations: 200 },
    );
    // This trip: J4 (2 km on), back at 9000. The next: loaded for 500, out at 9500 to J3 (3 km).
    expect(result.routes.map((r) => [r.trip, r.stops.map((s) => s.job), r.departure, r.arrival])).toEqual([
      [1, ['J4'], 3000, 9000],
      [2, ['J3'], 9500, 15_500],
    ]);
  });

  it('a truck on the road has only the capacity its fixed stops left; what does not fit is reported, not moved', () => {
    const heavy: PlanJob[] = [
      { id: 'D1', location: 1, delivery: [3] },
      { id: 'D2', location: 2, delivery: [2] },
    ];
    const problem = lineProblem(heavy, [truck('A', [4], { timeWindow: [0, 100_000] })]);
    const result = replan(
      {
        problem,
        now: 1000,
        // On board although it no longer fits (a quantity changed since loading): left out, not squeezed in.
        progress: [{ vehicle: 'A', fixed: ['D1'], at: { location: 1, time: 1000 }, onBoard: ['D2'] }],
      },
      { iterations: 100 },
    );
    expect(result.routes).toEqual([]);
    expect(result.unassigned.map((u) => u.job)).toEqual(['D2']);
  });

  it('a truck back from its trips has none left; a truck free after the shift is left out', () => {
    const problem = lineProblem(jobs.slice(0, 2), [
      truck('A', [4], { timeWindow: [0, 100_000], trips: 2 }),
      truck('B', [4], { timeWindow: [0, 20_000] }),
    ]);
    const reduced = reduceReplan({
      problem,
      now: 30_000,
      progress: [{ vehicle: 'A', fixed: [], at: { location: 0, time: 40_000 }, tripsDone: 2 }],
    });
    expect(reduced.problem.vehicles).toEqual([]);
    const one = reduceReplan({
      problem,
      now: 0,
      progress: [{ vehicle: 'A', fixed: ['J1'], at: { location: 0, time: 40_000 }, tripsDone: 1 }],
    });
    // A: one trip left, from 40 000; B untouched. Vehicles are numbered, the truck's trip counted on.
    expect(one.problem.vehicles.map((v) => [v.timeWindow, v.trips])).toEqual([
      [[40_000, 100_000], undefined],
      [[0, 20_000], undefined],
    ]);
    expect(one.truck).toEqual([
      { id: 'A', firstTrip: 2 },
      { id: 'B', firstTrip: 1 },
    ]);
    const solved = replanSolution(one, solve(one.problem, { iterations: 100 }));
    expect(solved.routes.find((r) => r.vehicle === 'A')?.trip ?? 2).toBe(2);
  });

  it('refuses progress it cannot read', () => {
    const problem = lineProblem(jobs, [truck('A', [4]), truck('B', [4])]);
    const at = { location: 0, time: 0 };
    const bad: ReplanProblem[] = [
      { problem, now: 0, progress: [{ vehicle: 'Z', fixed: [], at }] },
      { problem, now: 0, progress: [{ vehicle: 'A', fixed: ['nope'], at }] },
      {
        problem,
        now: 0,
        progress: [
          { vehicle: 'A', fixed: ['J1'], at },
          { vehicle: 'B', fixed: ['J1'], at },
        ],
      },
      { problem, now: Number.NaN, progress: [] },
    ];
    for (const input of bad) expect(() => reduceReplan(input)).toThrow(PlanningInputError);
  });

  it('tells the changes apart', () => {
    const solution = (routes: PlanSolution['routes']) => ({
      routes,
      unassigned: [],
      summary: {
        vehicles: 0,
        trips: 0,
        cost: 0,
        distance: 0,
        duration: 0,
        service: 0,
        waiting: 0,
        iterations: 0,
      },
      fixed: [{ vehicle: 'A', jobs: ['F'] }],
    });
    const route = (vehicle: string, stops: [string, number][]) => ({
      vehicle,
      trip: 1,
      departure: 0,
      load: [0],
      stops: stops.map(([job, start]) => ({
        job,
        location: 0,
        arrival: start,
        start,
        service: 0,
        load: [0],
        duration: 0,
        distance: 0,
      })),
      arrival: 0,
      cost: 0,
      distance: 0,
      duration: 0,
      service: 0,
      waiting: 0,
    });
    const before = jobPlaces([
      route('A', [
        ['F', 0],
        ['same', 100],
        ['later', 200],
        ['moved', 300],
        ['gone', 400],
      ]),
    ]);
    const after = solution([
      route('A', [
        ['same', 159],
        ['later', 400],
      ]),
      route('B', [
        ['moved', 300],
        ['new', 10],
      ]),
    ]);
    expect(replanChanges(before, after, 60).map((c) => [c.job, c.kind])).toEqual([
      ['later', 'ETA'],
      ['moved', 'MOVED'],
      ['new', 'NEW'],
      ['gone', 'DROPPED'],
    ]);
  });
});
