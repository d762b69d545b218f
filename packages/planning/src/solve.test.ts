import { greatCircleKm, ROAD_FACTOR } from '@lms/booking';
import { describe, expect, it } from 'vitest';
import { planViolations } from './check.ts';
import { roadMatrix } from './matrix.ts';
import type { PlanJob, PlanSolution } from './problem.ts';
import { solve } from './solve.ts';
import { lineProblem, truck } from './testing.ts';
import { PlanningInputError } from './validate.ts';

const job = (id: string, location: number, delivery: number[], extra: Partial<PlanJob> = {}): PlanJob => ({
  id,
  location,
  delivery,
  ...extra,
});
const vehicleOf = (solution: PlanSolution, id: string) =>
  solution.routes.find((r) => r.stops.some((s) => s.job === id))?.vehicle;
const order = (solution: PlanSolution) => solution.routes.map((r) => r.stops.map((s) => s.job));

describe('solve', () => {
  it('uses as few vehicles as the capacity allows, then the shortest distance', () => {
    const problem = lineProblem(
      [job('a', 1, [4]), job('b', 2, [4]), job('c', 3, [4]), job('d', 4, [4])],
      [truck('T1', [8]), truck('T2', [8]), truck('T3', [8])],
    );
    const solution = solve(problem, { iterations: 300 });
    expect(solution.summary.vehicles).toBe(2);
    // Two trips out and back: the far pair (3, 4) is one trip of 8 km, the near pair (1, 2) one of 4 km.
    expect(solution.summary.distance).toBe(12_000);
    expect(planViolations(problem, solution)).toEqual([]);
  });

  it('puts a load only a big truck can carry on the big truck (heterogeneous fleet)', () => {
    const problem = lineProblem(
      [job('heavy', 2, [900, 3]), job('light', 5, [100, 1])],
      [truck('small', [500, 10]), truck('big', [1000, 10])],
    );
    const solution = solve(problem, { iterations: 200 });
    expect(vehicleOf(solution, 'heavy')).toBe('big');
    expect(solution.unassigned).toEqual([]);
  });

  it('serves each job inside its windows, waiting when early, and keeps the shift', () => {
    const problem = lineProblem(
      [
        job('late', 1, [1], { timeWindows: [[20_000, 30_000]], service: 500 }),
        job('early', 5, [1], { timeWindows: [[0, 6_000]] }),
      ],
      [truck('T', [10], { timeWindow: [0, 40_000] })],
    );
    const solution = solve(problem, { iterations: 200 });
    expect(order(solution)).toEqual([['early', 'late']]);
    const late = solution.routes[0]?.stops[1];
    expect(late).toMatchObject({ arrival: 9_000, start: 20_000 });
    expect(solution.routes[0]?.waiting).toBe(11_000);
    expect(solution.routes[0]?.arrival).toBe(21_500);
  });

  it('chooses the window that is still open among several', () => {
    const problem = lineProblem(
      [
        job('a', 3, [1], {
          timeWindows: [
            [0, 1_000],
            [5_000, 6_000],
          ],
        }),
      ],
      [truck('T', [1])],
    );
    const route = solve(problem, { iterations: 50 }).routes[0];
    expect(route?.stops[0]).toMatchObject({ arrival: 5_000, start: 5_000 });
    // It leaves the depot so as to arrive as the second window opens, not to wait there.
    expect(route?.departure).toBe(2_000);
  });

  it('reports why a job stays unplanned', () => {
    const problem = lineProblem(
      [
        job('ok', 1, [1]),
        job('too heavy', 1, [50]),
        job('unreachable', 9, [1], { timeWindows: [[0, 2_000]] }),
        job('wrong type', 1, [1], { skills: ['crane'] }),
        job('no room', 2, [10]),
      ],
      [truck('T', [10], { timeWindow: [0, 100_000] })],
    );
    const solution = solve(problem, { iterations: 200 });
    expect(solution.unassigned).toEqual([
      { job: 'too heavy', reason: 'NO_VEHICLE' },
      { job: 'unreachable', reason: 'TIME_WINDOW' },
      { job: 'wrong type', reason: 'NO_VEHICLE' },
      { job: 'no room', reason: 'FLEET_FULL' },
    ]);
    expect(planViolations(problem, solution)).toEqual([]);
  });

  it('never puts goods prohibited together on one vehicle', () => {
    const problem = lineProblem(
      [
        job('food', 3, [1], { goods: ['food'] }),
        job('poison', 3, [1], { goods: ['chemical'] }),
        job('bread', 3, [1], { goods: ['food'] }),
      ],
      [truck('T1', [10]), truck('T2', [10])],
      { prohibited: [['food', 'chemical']] },
    );
    const solution = solve(problem, { iterations: 200 });
    expect(solution.summary.vehicles).toBe(2);
    expect(vehicleOf(solution, 'food')).toBe(vehicleOf(solution, 'bread'));
    expect(vehicleOf(solution, 'poison')).not.toBe(vehicleOf(solution, 'food'));
    expect(planViolations(problem, solution)).toEqual([]);
  });

  it('keeps a cannot-split group on one vehicle in one stop, or leaves it all unplanned', () => {
    const problem = lineProblem(
      [
        job('line 1', 4, [6], { together: 'booking A', service: 100 }),
        job('line 2', 4, [6], { together: 'booking A', service: 200 }),
        job('other', 1, [6]),
        job('split place', 2, [1], { together: 'booking B' }),
        job('split place 2', 3, [1], { together: 'booking B' }),
        job('too big 1', 5, [15], { together: 'booking C' }),
        job('too big 2', 5, [15], { together: 'booking C' }),
      ],
      [truck('T1', [12]), truck('T2', [20])],
    );
    const solution = solve(problem, { iterations: 300 });
    expect(vehicleOf(solution, 'line 1')).toBe('T2');
    expect(vehicleOf(solution, 'line 2')).toBe('T2');
    const stops = solution.routes
      .flatMap((r) => r.stops)
      .filter((s) => s.job === 'line 1' || s.job === 'line 2');
    expect(new Set(stops.map((s) => s.start)).size).toBe(1);
    expect(solution.unassigned).toEqual([
      { job: 'split place', reason: 'TOGETHER' },
      { job: 'split place 2', reason: 'TOGETHER' },
      { job: 'too big 1', reason: 'NO_VEHICLE' },
      { job: 'too big 2', reason: 'NO_VEHICLE' },
    ]);
    expect(planViolations(problem, solution)).toEqual([]);
  });

  it('plans open routes: no end means the trip stops at its last job', () => {
    const problem = lineProblem([job('a', 2, [1]), job('b', 5, [1])], [{ id: 'T', start: 0, capacity: [5] }]);
    const solution = solve(problem, { iterations: 100 });
    expect(order(solution)).toEqual([['a', 'b']]);
    expect(solution.summary.distance).toBe(5_000);
  });

  it('gives the same plan for the same problem and seed', () => {
    const jobs = Array.from({ length: 30 }, (_, i) =>
      job(`j${i}`, 1 + (i % 11), [1 + (i % 4)], {
        timeWindows: [[(i % 5) * 3_000, (i % 5) * 3_000 + 20_000]],
      }),
    );
    const problem = lineProblem(jobs, [
      truck('T1', [15]),
      truck('T2', [15]),
      truck('T3', [15]),
      truck('T4', [15]),
    ]);
    // More than the fleet carries: the over-full path (stops left out, put back, settled) too.
    expect(solve(problem, { seed: 7, iterations: 40 })).toEqual(solve(problem, { seed: 7, iterations: 40 }));
  }, 60_000);

  it('stops at the time box of its clock', () => {
    let now = 0;
    const problem = lineProblem([job('a', 2, [1]), job('b', 5, [1])], [truck('T', [5])]);
    const solution = solve(problem, { iterations: 1_000_000, timeLimitMs: 50, clock: () => (now += 1) });
    // The clock is read at most every 64 iterations (here every one: it ticks a millisecond a reading).
    expect(solution.summary.iterations).toBeLessThanOrEqual(50 * 64);
  });

  it('plans a few stops at once instead of spending its whole time box, with the plan a long search finds', () => {
    const problem = lineProblem(
      [job('a', 2, [1]), job('b', 9, [2]), job('c', 5, [3])],
      [truck('T', [4]), truck('U', [4])],
    );
    let now = 0;
    // Ten microseconds a reading: a minute's box would take millions of iterations to spend.
    const quick = solve(problem, { seed: 1, timeLimitMs: 60_000, clock: () => (now += 0.01) });
    expect(now).toBeLessThan(1_000);
    expect(quick.summary.iterations).toBeLessThanOrEqual(5_000);
    // Four times the small problem's budget, without a clock to stop it: the plan a longer search finds.
    const long = solve(problem, { seed: 1, iterations: 20_000, timeLimitMs: 600_000 });
    expect(long.summary.iterations).toBeGreaterThan(5_000);
    expect(quick.summary.cost).toBe(long.summary.cost);
    expect(quick.unassigned).toEqual([]);
  }, 30_000);

  it('refuses a problem it cannot read', () => {
    expect(() => solve(lineProblem([job('a', 1, [1]), job('a', 2, [1])], [truck('T', [5])]))).toThrow(
      PlanningInputError,
    );
    expect(() => solve(lineProblem([job('a', 99, [1])], [truck('T', [5])]))).toThrow('outside the matrix');
  });
});

describe('roadMatrix', () => {
  it('is the booking distance model: great circle × road factor, minutes per km', () => {
    const a = { lat: 13, lon: 100 };
    const b = { lat: 13.5, lon: 100 };
    const matrix = roadMatrix([a, b], { minutesPerKm: 2 });
    const metres = Math.round(greatCircleKm(a, b) * ROAD_FACTOR * 1000);
    expect(matrix.distance(0, 1)).toBe(metres);
    expect(matrix.duration(0, 1)).toBe(Math.round(metres * 0.12));
    expect(matrix.distance(1, 1)).toBe(0);
  });
});
