import { describe, expect, it } from 'vitest';
import { planViolations } from './check.ts';
import type { PlannedRoute, PlanSolution } from './problem.ts';
import { solve } from './solve.ts';
import { lineProblem, truck } from './testing.ts';

// The property tests trust this check, so it must see each kind of broken plan.
const problem = lineProblem(
  [
    { id: 'a', location: 2, delivery: [4], timeWindows: [[0, 2_500]], goods: ['food'] },
    { id: 'b', location: 4, delivery: [4], goods: ['chemical'] },
    { id: 'c', location: 3, delivery: [4], together: 'X' },
    { id: 'd', location: 3, delivery: [4], together: 'X' },
  ],
  [
    truck('T1', [8], { timeWindow: [0, 50_000] }),
    truck('T2', [8], { timeWindow: [0, 50_000] }),
    truck('T3', [8]),
  ],
  { prohibited: [['food', 'chemical']] },
);
const good = solve(problem, { iterations: 200 });
const routeWith = (solution: PlanSolution, job: string) =>
  solution.routes.find((r) => r.stops.some((s) => s.job === job)) as PlannedRoute;
const rules = (solution: PlanSolution) => planViolations(problem, solution).map((v) => v.rule);

describe('planViolations', () => {
  it('finds nothing wrong in a solved plan', () => {
    expect(good.unassigned).toEqual([]);
    expect(rules(good)).toEqual([]);
  });

  it('sees an over-full truck, a late stop, prohibited goods, a split group and a lost job', () => {
    const a = routeWith(good, 'a');
    const b = routeWith(good, 'b');
    const c = routeWith(good, 'c');
    const merged: PlannedRoute = { ...a, stops: [...b.stops, ...a.stops, ...c.stops] };
    expect(rules({ ...good, routes: [merged] })).toEqual(
      expect.arrayContaining(['PROHIBITED', 'TIME_WINDOW', 'CAPACITY']),
    );
    const split: PlannedRoute = { ...c, stops: c.stops.filter((s) => s.job === 'c') };
    const other: PlannedRoute = { ...b, stops: [...b.stops, ...c.stops.filter((s) => s.job === 'd')] };
    expect(rules({ ...good, routes: [a, split, other] })).toContain('TOGETHER');
    expect(rules({ ...good, routes: good.routes.filter((r) => r !== b) })).toContain('JOBS');
  });
});
