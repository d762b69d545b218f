import { arc, type Model } from './model.ts';
import { accepts, insertionCost, Route, refresh } from './routes.ts';

/**
 * Ruin and recreate after SISR (Christiaens & Vanden Berghe, "Slack Induction by String
 * Removals for Vehicle Routing Problems", Transportation Science 2020): remove strings of
 * neighbouring stops from a few routes, put them back by cheapest insertion with blinks, accept
 * by simulated annealing. A fleet phase first empties routes one at a time (fewest vehicles
 * first), then the annealing shortens the distance.
 */

/** Mean removed stops and longest removed string (the paper's c̄ and Lmax). */
const MEAN_REMOVED = 10;
const MAX_STRING = 10;
/** Chance of skipping a position when inserting: diversity at almost no cost. */
const BLINK = 0.01;

/** A plan: one route per vehicle (empty = unused), and the stops not planned. */
export class Plan {
  /** Routes this plan may change in place; the others are shared with the plan it was cloned from. */
  private owned: Uint8Array;

  constructor(
    readonly routes: Route[],
    readonly routeOf: Int32Array,
    public absent: number[],
  ) {
    this.owned = new Uint8Array(routes.length);
  }

  static empty(model: Model): Plan {
    const routes = Array.from({ length: model.m }, (_, v) => {
      const route = new Route(v, model.dims);
      refresh(model, route);
      return route;
    });
    const plan = new Plan(routes, new Int32Array(model.n).fill(-1), []);
    plan.owned.fill(1);
    return plan;
  }

  clone(): Plan {
    return new Plan(this.routes.slice(), this.routeOf.slice(), this.absent.slice());
  }

  /** The route of vehicle v, copied first if it is shared. */
  mutable(v: number): Route {
    if (this.owned[v] === 0) {
      this.routes[v] = (this.routes[v] as Route).copy();
      this.owned[v] = 1;
    }
    return this.routes[v] as Route;
  }

  used(): number {
    let count = 0;
    for (const route of this.routes) if (route.tasks.length > 0) count += 1;
    return count;
  }

  cost(): number {
    let total = 0;
    for (const route of this.routes) total += route.cost;
    return total;
  }
}

export interface SearchContext {
  readonly model: Model;
  readonly random: () => number;
  /** Other tasks by increasing distance, per task. */
  readonly neighbours: readonly Int32Array[];
  /** Cost weight of one used vehicle (above any total distance) and of one unplanned stop (above any fleet). */
  readonly vehicleWeight: number;
  readonly absentWeight: number;
  /** Distance of each task from the first vehicle's start, for the "far first" order. */
  readonly farness: Float64Array;
  readonly size: Float64Array;
}

export function context(model: Model, random: () => number): SearchContext {
  const { n, m, size } = model;
  const cost = (model.cost[0] ?? new Float64Array(0)) as Float64Array;
  let maxArc = 0;
  for (const matrix of model.cost) for (const value of matrix) if (value > maxArc) maxArc = value;
  const vehicleWeight = (n + 2 * m + 1) * (maxArc + 1);
  const limit = Math.min(n - 1, 100);
  const neighbours = Array.from({ length: n }, (_, k) => {
    const others = Array.from({ length: n }, (_, j) => j).filter((j) => j !== k);
    const from = model.loc[k] as number;
    others.sort(
      (a, b) =>
        arc(cost, size, from, model.loc[a] as number) - arc(cost, size, from, model.loc[b] as number) ||
        a - b,
    );
    return Int32Array.from(others.slice(0, limit));
  });
  const depot = m > 0 ? (model.startLoc[0] as number) : -1;
  return {
    model,
    random,
    neighbours,
    vehicleWeight,
    absentWeight: vehicleWeight * (m + 1),
    farness: Float64Array.from({ length: n }, (_, k) => arc(cost, size, depot, model.loc[k] as number)),
    size: Float64Array.from({ length: n }, (_, k) => {
      let total = 0;
      for (let d = 0; d < model.dims; d += 1) {
        const cap = Math.max(
          1,
          ...Array.from({ length: m }, (_, v) => model.capacity[v * model.dims + d] as number),
        );
        total += (model.demand[k * model.dims + d] as number) / cap;
      }
      return total;
    }),
  };
}

export function objective(ctx: SearchContext, plan: Plan): number {
  return plan.absent.length * ctx.absentWeight + plan.used() * ctx.vehicleWeight + plan.cost();
}

function shuffle(items: number[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as number, items[i] as number];
  }
}

/** Removes strings of neighbouring stops from a few routes; returns the removed tasks. */
export function ruin(ctx: SearchContext, plan: Plan): number[] {
  const { model, random } = ctx;
  const used = plan.used();
  const planned = model.n - plan.absent.length;
  if (used === 0 || planned === 0) return [];
  const longest = Math.min(MAX_STRING, planned / used);
  const maxRoutes = (4 * MEAN_REMOVED) / (1 + longest) - 1;
  const routes = Math.floor(random() * maxRoutes) + 1;
  let seed = Math.floor(random() * model.n);
  while (plan.routeOf[seed] === -1) seed = (seed + 1) % model.n;
  const removed: number[] = [];
  const ruined = new Set<number>();
  const candidates = [seed, ...(ctx.neighbours[seed] as Int32Array)];
  for (const task of candidates) {
    if (ruined.size >= routes) break;
    const v = plan.routeOf[task] as number;
    if (v < 0 || ruined.has(v)) continue;
    const route = plan.mutable(v);
    const len = route.tasks.length;
    const length = Math.floor(random() * Math.min(len, longest)) + 1;
    const at = route.tasks.indexOf(task);
    const lowest = Math.max(0, at - length + 1);
    const highest = Math.min(at, len - length);
    const first = lowest + Math.floor(random() * (highest - lowest + 1));
    for (const gone of route.tasks.splice(first, length)) {
      plan.routeOf[gone] = -1;
      removed.push(gone);
    }
    refresh(model, route);
    ruined.add(v);
  }
  return removed;
}

/** The order in which removed stops go back (the paper's random, demand, far and close orders). */
function order(ctx: SearchContext, tasks: number[]): void {
  const pick = ctx.random() * 11;
  shuffle(tasks, ctx.random);
  if (pick < 4) return;
  if (pick < 8) tasks.sort((a, b) => (ctx.size[b] as number) - (ctx.size[a] as number));
  else if (pick < 10) tasks.sort((a, b) => (ctx.farness[b] as number) - (ctx.farness[a] as number));
  else tasks.sort((a, b) => (ctx.farness[a] as number) - (ctx.farness[b] as number));
}

/** Puts tasks back at their cheapest position; an unused vehicle only when `open`. Unplaced ones become absent. */
export function recreate(ctx: SearchContext, plan: Plan, tasks: number[], open: boolean): void {
  const { model, random } = ctx;
  order(ctx, tasks);
  const triedClass = new Int32Array(model.m).fill(-1);
  let attempt = 0;
  for (const k of tasks) {
    let best = Number.POSITIVE_INFINITY;
    let bestVehicle = -1;
    let bestPosition = -1;
    // A second pass without blinks: a blink may skip a position, never leave a task out.
    for (let pass = 0; pass < 2 && bestVehicle < 0; pass += 1) {
      const blink = pass === 0 ? BLINK : 0;
      attempt += 1;
      for (let v = 0; v < model.m; v += 1) {
        const route = plan.routes[v] as Route;
        const empty = route.tasks.length === 0;
        if (empty) {
          // Alike empty vehicles give the same insertion: try the first of each class only.
          const kind = model.vehicleClass[v] as number;
          if (!open || triedClass[kind] === attempt) continue;
          triedClass[kind] = attempt;
        }
        if (!accepts(model, route, k)) continue;
        const fixed = empty ? ctx.vehicleWeight : 0;
        for (let p = 0; p <= route.tasks.length; p += 1) {
          if (blink > 0 && random() < blink) continue;
          const added = insertionCost(model, route, k, p) + fixed;
          if (added < best) {
            best = added;
            bestVehicle = v;
            bestPosition = p;
          }
        }
      }
    }
    if (bestVehicle < 0) {
      plan.absent.push(k);
      continue;
    }
    const route = plan.mutable(bestVehicle);
    route.tasks.splice(bestPosition, 0, k);
    refresh(model, route);
    plan.routeOf[k] = bestVehicle;
  }
}

/** A fresh plan by cheapest insertion of every task. */
export function construct(ctx: SearchContext): Plan {
  const plan = Plan.empty(ctx.model);
  recreate(
    ctx,
    plan,
    Array.from({ length: ctx.model.n }, (_, k) => k),
    true,
  );
  return plan;
}

export interface Budget {
  /** Iterations left; the search stops at 0. */
  left: number;
  /** True when the time box is over. */
  readonly expired: () => boolean;
  done: number;
}

function spend(budget: Budget): boolean {
  if (budget.left <= 0) return false;
  if ((budget.done & 31) === 0 && budget.expired()) {
    budget.left = 0;
    return false;
  }
  budget.left -= 1;
  budget.done += 1;
  return true;
}

/**
 * Fleet phase: take a route out and ruin-and-recreate without opening vehicles until its stops
 * fit elsewhere, preferring fewer absent stops, then stops absent less often (the paper's
 * absence counters), so that hard stops go in first. Shortest routes are tried first; after a
 * success the next shortest, after a failure (a quarter of the phase spent) another route.
 */
export function reduceFleet(ctx: SearchContext, start: Plan, budget: Budget, iterations: number): Plan {
  const { model } = ctx;
  const absence = new Float64Array(model.n);
  const weight = (plan: Plan) => plan.absent.reduce((sum, k) => sum + 1 + (absence[k] as number), 0);
  const stop = budget.left - iterations;
  const perAttempt = Math.max(50, Math.floor(iterations / 4));
  let best = start;
  const failed = new Set<number>();
  while (budget.left > stop && best.used() > 1 && best.absent.length === 0) {
    let shortest = -1;
    for (const route of best.routes)
      if (
        route.tasks.length > 0 &&
        !failed.has(route.v) &&
        (shortest < 0 || route.tasks.length < (best.routes[shortest] as Route).tasks.length)
      )
        shortest = route.v;
    if (shortest < 0) break;
    let work = best.clone();
    const route = work.mutable(shortest);
    for (const k of route.tasks) {
      work.routeOf[k] = -1;
      work.absent.push(k);
    }
    route.tasks = [];
    refresh(model, route);
    const attemptEnd = Math.max(stop, budget.left - perAttempt);
    while (work.absent.length > 0 && budget.left > attemptEnd && spend(budget)) {
      const next = work.clone();
      const back = [...ruin(ctx, next), ...next.absent];
      next.absent = [];
      recreate(ctx, next, back, false);
      if (next.absent.length < work.absent.length || weight(next) < weight(work)) work = next;
      for (const k of work.absent) absence[k] = (absence[k] as number) + 1;
    }
    if (work.absent.length > 0) failed.add(shortest);
    else {
      best = work;
      failed.clear();
    }
  }
  return best;
}

/** Distance phase: simulated annealing over ruin and recreate (unused vehicles may open, at their weight). */
export function anneal(ctx: SearchContext, start: Plan, budget: Budget): Plan {
  const total = budget.left;
  if (total <= 0) return start;
  const planned = Math.max(1, ctx.model.n - start.absent.length + start.used());
  const unit = start.cost() / planned;
  // Costs are integers: at least 1, so that a plan of zero cost still anneals (and never divides by 0).
  const hot = Math.max(1, unit * 0.5);
  const cold = hot / 100;
  let current = start;
  let currentValue = objective(ctx, current);
  let best = current;
  let bestValue = currentValue;
  while (spend(budget)) {
    const temperature = hot * (cold / hot) ** ((total - budget.left) / total);
    const next = current.clone();
    const back = [...ruin(ctx, next), ...next.absent];
    next.absent = [];
    recreate(ctx, next, back, true);
    const value = objective(ctx, next);
    if (value < currentValue - temperature * Math.log(1 - ctx.random())) {
      current = next;
      currentValue = value;
      if (value < bestValue) {
        best = next;
        bestValue = value;
      }
    }
  }
  return best;
}
