import { describe, expect, it } from 'vitest';
import { planViolations } from './check.ts';
import { timeRoutes } from './manual.ts';
import { solve } from './solve.ts';
import { lineProblem, truck } from './testing.ts';

const problem = lineProblem(
  [
    { id: 'a', location: 2, delivery: [4], service: 100, timeWindows: [[5_000, 6_000]] },
    { id: 'b', location: 4, delivery: [4], service: 100, goods: ['chemical'] },
    { id: 'c', location: 3, delivery: [4], together: 'X', service: 50, goods: ['food'] },
    { id: 'd', location: 3, delivery: [4], together: 'X', service: 50 },
  ],
  [truck('T1', [12], { timeWindow: [0, 50_000], startService: 500 }), truck('T2', [12])],
  { prohibited: [['food', 'chemical']] },
);

describe('timeRoutes (a dispatcher’s own trips)', () => {
  it('times the solver’s own routes exactly as the solver did', () => {
    const solved = solve(problem, { iterations: 300 });
    const again = timeRoutes(
      problem,
      solved.routes.map((r) => ({ vehicle: r.vehicle, jobs: r.stops.map((s) => s.job) })),
    );
    expect(again.routes.map((r) => r.stops.map((s) => [s.job, s.arrival, s.start]))).toEqual(
      solved.routes.map((r) => r.stops.map((s) => [s.job, s.arrival, s.start])),
    );
    expect(planViolations(problem, again)).toEqual([]);
  });

  it('waits for a window, serves a cannot-split pair as one stop, reports what is on no trip', () => {
    const plan = timeRoutes(problem, [{ vehicle: 'T1', jobs: ['a', 'c', 'd'] }]);
    const [a, c, d] = plan.routes[0]!.stops;
    // Leaves after loading (500) and late enough to arrive at a's window opening.
    expect(plan.routes[0]!.departure).toBe(3_000);
    expect([a!.arrival, a!.start]).toEqual([5_000, 5_000]);
    expect([c!.arrival, c!.start, d!.start]).toEqual([6_100, 6_100, 6_100]);
    expect(plan.unassigned).toEqual([{ job: 'b', reason: 'FLEET_FULL' }]);
    expect(planViolations(problem, plan)).toEqual([]);
  });

  it('leaves a broken move for planViolations to name: late, prohibited, split', () => {
    const plan = timeRoutes(problem, [
      { vehicle: 'T1', jobs: ['b', 'c', 'a'] },
      { vehicle: 'T2', jobs: ['d'] },
    ]);
    expect(planViolations(problem, plan).map((v) => v.rule)).toEqual(
      expect.arrayContaining(['PROHIBITED', 'TIME_WINDOW', 'TOGETHER']),
    );
  });
});
