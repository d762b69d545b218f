import { describe, expect, it } from 'vitest';
import { planViolations } from './check.ts';
import { RouteElimination } from './fleet.ts';
import { LocalSearch } from './localSearch.ts';
import { tableMatrix } from './matrix.ts';
import { compile, type Model } from './model.ts';
import { Pricing } from './penalties.ts';
import { context, feasible, objective, Plan } from './plan.ts';
import type { PlanningProblem, PlanSolution } from './problem.ts';
import { seeded } from './rng.ts';
import { type Route, sequenceCost } from './routes.ts';
import { construct, recreate, repair, ruin, settle, takeOut } from './sisr.ts';
import { solve } from './solve.ts';
import { Splicer } from './splice.ts';
import { SwapStar } from './swapStar.ts';

/**
 * A Solomon-like instance (random customers around a central depot, windows, capacity 200) with
 * its own seed: the search's parts on a problem large enough to have several routes.
 */
function solomonLike(customers: number, seed: number, horizon = 1000, width = 120): PlanningProblem {
  const random = seeded(seed);
  const points = [[50, 50], ...Array.from({ length: customers }, () => [random() * 100, random() * 100])] as [
    number,
    number,
  ][];
  const durations = points.map(([ax, ay]) =>
    points.map(([bx, by]) => Math.round(Math.hypot(ax - bx, ay - by) * 100)),
  );
  return {
    matrices: { car: tableMatrix({ durations }) },
    vehicles: Array.from({ length: 12 }, (_, id) => ({
      id,
      start: 0,
      end: 0,
      capacity: [200],
      timeWindow: [0, horizon * 100] as const,
    })),
    jobs: points.slice(1).map((_, i) => {
      const reach = durations[0]?.[i + 1] ?? 0;
      const open = reach + random() * (horizon * 100 - 2 * reach - width * 100);
      return {
        id: i + 1,
        location: i + 1,
        delivery: [5 + Math.floor(random() * 30)],
        service: 1000,
        timeWindows: [[Math.round(open), Math.round(open + width * 100)] as const],
      };
    }),
  };
}

/** Every task once, route caches as driving the route from scratch gives them. */
function consistent(model: Model, plan: Plan, pool: readonly number[] = []): void {
  const seen = new Int32Array(model.n);
  plan.routes.forEach((route, v) => {
    for (const k of route.tasks) {
      seen[k] = (seen[k] as number) + 1;
      expect(plan.routeOf[k]).toBe(v);
    }
    const cost = sequenceCost(model, v, route.tasks);
    if (route.warp === 0 && cost !== Number.POSITIVE_INFINITY) expect(route.cost).toBeCloseTo(cost, 6);
    // Single windows: the segments' warp is the warp of driving the route.
    expect(route.timed).toBeCloseTo(route.warp, 6);
  });
  for (const k of [...plan.absent, ...pool]) seen[k] = (seen[k] as number) + 1;
  expect([...seen].every((count) => count === 1)).toBe(true);
}

const worse = (a: PlanSolution, b: PlanSolution) =>
  a.unassigned.length - b.unassigned.length ||
  a.summary.vehicles - b.summary.vehicles ||
  a.summary.cost - b.summary.cost;

describe('the search', () => {
  it('keeps every stop once and its caches true through ruin, repair, recreate, local search and settling', () => {
    const model = compile(solomonLike(60, 3));
    const ctx = context(model, seeded(1));
    const pricing = new Pricing(model);
    const local = new LocalSearch(ctx);
    let plan = construct(ctx);
    consistent(model, plan);
    for (let i = 0; i < 60; i += 1) {
      const next = plan.clone();
      const fleet = next.used();
      const back = [...ruin(ctx, next), ...next.absent];
      next.absent = [];
      // The fallback: the same stops out of the plan again, back only where they fit.
      const again = plan.clone();
      takeOut(ctx, again, back);
      consistent(model, again, back);
      recreate(ctx, again, back.slice(), {
        fleet,
        opening: ctx.vehicleWeight,
        leaveOut: Number.POSITIVE_INFINITY,
      });
      consistent(model, again);
      expect(feasible(ctx, again)).toBe(true);
      repair(ctx, next, back, pricing.boosted(), fleet);
      consistent(model, next);
      // Focused on the stops put back (as the annealing does) every other time, else on every
      // changed route; with SWAP* every third time.
      local.run(next, pricing.base, true, false, i % 2 === 0 ? back : null, i % 3 === 0);
      consistent(model, next);
      pricing.note(next.routes);
      if (!feasible(ctx, next)) settle(ctx, next, pricing.boosted(), fleet);
      expect(feasible(ctx, next)).toBe(true);
      consistent(model, next);
      if (objective(ctx, next) < objective(ctx, plan)) plan = next;
    }
    // The plan cloned from was never changed by its clones.
    consistent(model, plan);
  });

  it('brings a stop put in a bad place back by a descent focused on it, never raising the cost', () => {
    const model = compile(solomonLike(60, 5));
    const ctx = context(model, seeded(2));
    const pricing = new Pricing(model);
    const local = new LocalSearch(ctx);
    const plan = construct(ctx);
    local.run(plan, pricing.base);
    const settled = plan.cost();
    let fixed = 0;
    for (let k = 0; k < model.n; k += 7) {
      const moved = plan.clone();
      const from = moved.routeOf[k] as number;
      const others = moved.routes.filter((r) => r.v !== from && r.tasks.length > 0);
      // Its worst feasible place in another route.
      let worst = -1;
      let at: [number, number] = [-1, -1];
      for (const route of others)
        for (let p = 0; p <= route.tasks.length; p += 1) {
          const tasks = [...route.tasks.slice(0, p), k, ...route.tasks.slice(p)];
          const added = sequenceCost(model, route.v, tasks) - route.cost;
          if (added < Number.POSITIVE_INFINITY && added > worst) {
            worst = added;
            at = [route.v, p];
          }
        }
      if (at[0] < 0) continue;
      const [v, p] = at;
      const source = (moved.routes[from] as (typeof moved.routes)[number]).tasks.filter((t) => t !== k);
      const target = (moved.routes[v] as (typeof moved.routes)[number]).tasks.slice();
      target.splice(p, 0, k);
      moved.assign(model, from, source);
      moved.assign(model, v, target);
      const before = moved.cost();
      local.run(moved, pricing.base, true, false, [k]);
      consistent(model, moved);
      expect(feasible(ctx, moved)).toBe(true);
      expect(moved.cost()).toBeLessThanOrEqual(before);
      if (moved.cost() < before) fixed += 1;
      // The plan it was cloned from is untouched.
      expect(plan.cost()).toBe(settled);
    }
    expect(fixed).toBeGreaterThan(0);
  });

  it('prices a move inside a route as the stretch it rewrites prices it, the distance in O(1)', () => {
    const model = compile(solomonLike(40, 3));
    const ctx = context(model, seeded(3));
    const plan = construct(ctx);
    // Half the routes shuffled: late routes, whose moves may gain by their warp.
    for (const route of plan.routes.filter((r) => r.tasks.length > 3 && ctx.random() < 0.5)) {
      const tasks = route.tasks.slice();
      for (let i = tasks.length - 1; i > 0; i -= 1) {
        const j = Math.floor(ctx.random() * (i + 1));
        [tasks[i], tasks[j]] = [tasks[j] as number, tasks[i] as number];
      }
      plan.assign(model, route.v, tasks);
    }
    const splicer = new Splicer(model, new Pricing(model).base);
    let checked = 0;
    let gains = 0;
    const inside = (route: Route, lo: number, hi: number, middle: number[], distance: number) => {
      const exact = splicer.splice(route, lo, hi, middle, middle.length);
      const bounded = splicer.spliceInside(route, lo, hi, middle, middle.length, distance);
      // Cut short only where the move cannot gain; else the same change.
      if (bounded === Number.POSITIVE_INFINITY) expect(exact).toBeGreaterThanOrEqual(-1e-7);
      else expect(bounded).toBeCloseTo(exact, 6);
      if (exact < -1e-7) gains += 1;
      checked += 1;
    };
    for (const route of plan.routes) {
      const t = route.tasks;
      for (let size = 1; size <= 2; size += 1)
        for (let i = 0; i + size <= t.length; i += 1)
          for (let j = 0; j < t.length; j += 1) {
            if ((j >= i && j < i + size) || j === i - 1) continue;
            const moved = t.slice(i, i + size);
            const [lo, hi, middle] =
              j > i
                ? [i, j + 1, [...t.slice(i + size, j + 1), ...moved]]
                : [j + 1, i + size, [...moved, ...t.slice(j + 1, i)]];
            const distance = splicer.distance(route, lo, hi, middle, middle.length);
            expect(splicer.moveDistance(route, i, size, j)).toBeCloseTo(distance, 6);
            inside(route, lo, hi, middle, distance);
          }
      for (let i = 0; i + 2 < t.length; i += 1)
        for (let j = i + 2; j < t.length; j += 1) {
          const reversed = t.slice(i + 1, j + 1).reverse();
          const distance = splicer.distance(route, i + 1, j + 1, reversed, reversed.length);
          expect(splicer.reverseDistance(route, i + 1, j, reversed)).toBeCloseTo(distance, 6);
          inside(route, i + 1, j + 1, reversed, distance);
        }
    }
    expect(checked).toBeGreaterThan(100);
    expect(gains).toBeGreaterThan(0);
    // The O(1) reversal is the symmetric case's (Euclidean here).
    expect(model.symmetric.every((s) => s === 1)).toBe(true);
  });

  it('SWAP*: keeps every stop once, gains what it says exactly, and its kept places are those worked out afresh', () => {
    const model = compile(solomonLike(60, 6));
    const ctx = context(model, seeded(4));
    const pricing = new Pricing(model);
    const local = new LocalSearch(ctx);
    // One SwapStar kept across the plans (its places cached per route), one new for each question.
    const kept = new SwapStar(model);
    let plan = construct(ctx);
    let exchanges = 0;
    for (let i = 0; i < 30; i += 1) {
      const next = plan.clone();
      const back = [...ruin(ctx, next), ...next.absent];
      next.absent = [];
      repair(ctx, next, back, pricing.boosted(), next.used());
      // Late or overloaded routes too: the penalties price them.
      const penalties = pricing.base;
      const used = next.routes.filter((r) => r.tasks.length > 0);
      for (const A of used)
        for (const B of used) {
          if (A === B) continue;
          const exchange = kept.best(new Splicer(model, penalties), A, B);
          expect(exchange).toEqual(new SwapStar(model).best(new Splicer(model, penalties), A, B));
          if (!exchange) continue;
          const [a, b] = exchange;
          expect(a.length).toBe(A.tasks.length);
          expect(b.length).toBe(B.tasks.length);
          expect([...a, ...b].sort((x, y) => x - y)).toEqual([...A.tasks, ...B.tasks].sort((x, y) => x - y));
          expect(a.filter((k) => B.tasks.includes(k))).toHaveLength(1);
          expect(b.filter((k) => A.tasks.includes(k))).toHaveLength(1);
          const change =
            penalties.ofSequence(A.v, a) + penalties.ofSequence(B.v, b) - penalties.of(A) - penalties.of(B);
          expect(change).toBeLessThan(0);
          exchanges += 1;
        }
      local.run(next, pricing.base, true, false, back, true);
      consistent(model, next);
      pricing.note(next.routes);
      if (!feasible(ctx, next)) settle(ctx, next, pricing.boosted(), next.used());
      consistent(model, next);
      if (objective(ctx, next) < objective(ctx, plan)) plan = next;
    }
    expect(exchanges).toBeGreaterThan(0);
    consistent(model, plan);
  });

  it('SWAP*: two stops change routes, each to its best place in the other, where no other move gains', () => {
    // Two trucks of three stops each around a depot at (0, 0): full, so that no stop can move
    // alone. The east stop (3, -1) rides the south-west loop and the west stop (-9, 0) the north
    // one; each belongs at the end of the other's loop, not in the other's place (a plain swap
    // gains nothing, nor does any other move of the local search: without SWAP* it stays at 604).
    const points = [
      [0, 0],
      [3, -1],
      [-3, -8],
      [-4, 1],
      [2, 8],
      [-9, -5],
      [-9, 0],
    ] as const;
    const durations = points.map(([ax, ay]) =>
      points.map(([bx, by]) => Math.round(Math.hypot(ax - bx, ay - by) * 10)),
    );
    const model = compile({
      matrices: { car: tableMatrix({ durations }) },
      vehicles: [0, 1].map((id) => ({ id, start: 0, end: 0, capacity: [3] })),
      jobs: points.slice(1).map((_, k) => ({ id: k, location: k + 1, delivery: [1] })),
    });
    const ctx = context(model, seeded(1));
    const plan = Plan.empty(model);
    plan.assign(model, 0, [0, 1, 4]);
    plan.assign(model, 1, [2, 5, 3]);
    expect(plan.cost()).toBe(604);
    const strict = new Pricing(model).strict();
    const [A, B] = plan.routes as [Route, Route];
    expect(new SwapStar(model).best(new Splicer(model, strict), A, B)).toEqual([
      [1, 4, 5],
      [2, 3, 0],
    ]);
    new LocalSearch(ctx).run(plan, strict, false, false, null, true);
    expect(plan.routes.map((r) => r.tasks)).toEqual([
      [1, 4, 5],
      [2, 3, 0],
    ]);
    expect(plan.cost()).toBe(548);
  });

  it('keeps every stop once through route elimination, and a finished elimination saves a vehicle', () => {
    const model = compile(solomonLike(60, 4));
    const ctx = context(model, seeded(2));
    // Opening a vehicle costs nothing here: a plan with routes to spare.
    const plan = Plan.empty(model);
    recreate(
      ctx,
      plan,
      Array.from({ length: model.n }, (_, k) => k),
      {
        fleet: model.m,
        opening: 0,
        leaveOut: Number.POSITIVE_INFINITY,
      },
    );
    consistent(model, plan);
    const elimination = new RouteElimination(ctx);
    expect(elimination.begin(plan)).toBe(true);
    for (let step = 0; step < 3000 && elimination.running; step += 1) {
      const fewer = elimination.step();
      if (fewer) {
        consistent(model, fewer);
        expect(feasible(ctx, fewer)).toBe(true);
        expect(fewer.used()).toBe(plan.used() - 1);
        return;
      }
    }
    throw new Error('no route eliminated in 3000 steps');
  });

  it('gives a plan at a longer time limit no worse than at a shorter one (same seed)', () => {
    const problem = solomonLike(30, 5);
    // A clock that ticks once a reading: the search's schedule is then the same on every run.
    const ticking = () => {
      let now = 0;
      return () => (now += 1);
    };
    for (const seed of [1, 2]) {
      const plans = [40, 120, 360].map((timeLimitMs) =>
        solve(problem, { seed, timeLimitMs, clock: ticking() }),
      );
      for (const plan of plans) expect(planViolations(problem, plan)).toEqual([]);
      for (let i = 1; i < plans.length; i += 1)
        expect(worse(plans[i] as PlanSolution, plans[i - 1] as PlanSolution)).toBeLessThanOrEqual(0);
    }
  }, 90_000);
});
