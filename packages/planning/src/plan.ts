import { arc, type Model } from './model.ts';
import { Route, refresh } from './routes.ts';

/** A plan: one route per vehicle (empty = unused), and the stops not planned. */
export class Plan {
  /** Routes this plan may change in place; the others are shared with the plan it was cloned from. */
  private owned: Uint8Array;

  constructor(
    readonly routes: Route[],
    readonly routeOf: Int32Array,
    public absent: number[],
    /** The truck of each route when routes are trips (`Model.truck`); null: each route a truck. */
    readonly truck: Int32Array | null = null,
  ) {
    this.owned = new Uint8Array(routes.length);
  }

  static empty(model: Model): Plan {
    const routes = Array.from({ length: model.m }, (_, v) => {
      const route = new Route(v, model.dims);
      refresh(model, route);
      return route;
    });
    const plan = new Plan(routes, new Int32Array(model.n).fill(-1), [], model.truck);
    plan.owned.fill(1);
    return plan;
  }

  /** A copy sharing every route with this plan until either changes it. */
  clone(): Plan {
    this.owned.fill(0);
    return new Plan(this.routes.slice(), this.routeOf.slice(), this.absent.slice(), this.truck);
  }

  /** Whether route v was changed (copied) since this plan was cloned or last cloned. */
  changed(v: number): boolean {
    return this.owned[v] === 1;
  }

  /** The route of vehicle v, copied first if it is shared. */
  mutable(v: number): Route {
    if (this.owned[v] === 0) {
      this.routes[v] = (this.routes[v] as Route).copy();
      this.owned[v] = 1;
    }
    return this.routes[v] as Route;
  }

  /** Replaces route v's tasks (already checked) and refreshes it. */
  assign(model: Model, v: number, tasks: number[]): void {
    const route = this.mutable(v);
    route.tasks = tasks;
    for (const k of tasks) this.routeOf[k] = v;
    refresh(model, route);
  }

  /** Routes in use. */
  used(): number {
    let count = 0;
    for (const route of this.routes) if (route.tasks.length > 0) count += 1;
    return count;
  }

  /** Trucks in use: the objective's fleet (a truck's trips count once). */
  trucks(): number {
    const truck = this.truck;
    if (!truck) return this.used();
    const seen = new Set<number>();
    for (const route of this.routes) if (route.tasks.length > 0) seen.add(truck[route.v] as number);
    return seen.size;
  }

  cost(): number {
    let total = 0;
    for (const route of this.routes) total += route.cost;
    return total;
  }
}

/** What every part of the search shares: the model, the random numbers, who is near whom, the weights. */
export interface SearchContext {
  readonly model: Model;
  readonly random: () => number;
  /** Other tasks by increasing cost from this one, per task (at most NEIGHBOURS). */
  readonly neighbours: readonly Int32Array[];
  /** The CLOSE tasks most worth putting next to this one, windows considered: the local search's pairs. */
  readonly close: readonly Int32Array[];
  /** Cost weight of one used vehicle (above any total cost) and of one unplanned stop (above any fleet). */
  readonly vehicleWeight: number;
  readonly absentWeight: number;
  /** Cost of each task from the first vehicle's start, for the "far first" and "close first" orders. */
  readonly farness: Float64Array;
  /** Demand of each task as a share of the largest capacity, summed over dimensions. */
  readonly size: Float64Array;
}

/** Neighbours kept per task: the ruin walks them until enough routes are hit. */
const NEIGHBOURS = 100;
/** Pairs per task for the local search, and what waiting and lateness weigh in its closeness (PyVRP's). */
const CLOSE = 30;
const WAIT_WEIGHT = 0.2;
const LATE_WEIGHT = 1;

/**
 * For each task, the tasks best placed next to it: travel cost, plus the wait for the other's
 * window when going straight there, plus how late that would be (Vidal et al. 2013, in cost units).
 */
function closeTasks(model: Model): Int32Array[] {
  const { n, size } = model;
  const cost = (model.cost[0] ?? new Float64Array(0)) as Float64Array;
  const duration = (model.duration[0] ?? new Float64Array(0)) as Float64Array;
  let costs = 0;
  let durations = 0;
  for (let i = 0; i < cost.length; i += 1) {
    costs += cost[i] as number;
    durations += duration[i] as number;
  }
  const perTime = durations > 0 ? costs / durations : 1;
  const opens = Float64Array.from({ length: n }, (_, k) => model.winStart[model.winOffset[k] as number] ?? 0);
  const closes = Float64Array.from(
    { length: n },
    (_, k) => model.winEnd[(model.winOffset[k + 1] as number) - 1] ?? 0,
  );
  const towards = (i: number, j: number) => {
    const a = model.loc[i] as number;
    const b = model.loc[j] as number;
    const travel = arc(duration, size, a, b);
    const wait = Math.max(
      0,
      (opens[j] as number) - (closes[i] as number) - (model.service[i] as number) - travel,
    );
    const late = Math.max(
      0,
      (opens[i] as number) + (model.service[i] as number) + travel - (closes[j] as number),
    );
    return arc(cost, size, a, b) + perTime * (WAIT_WEIGHT * wait + LATE_WEIGHT * late);
  };
  const limit = Math.min(n - 1, CLOSE);
  const row = new Float64Array(n);
  const others = Array.from({ length: n }, (_, j) => j);
  return Array.from({ length: n }, (_, k) => {
    for (let j = 0; j < n; j += 1) row[j] = Math.min(towards(k, j), towards(j, k));
    row[k] = Number.POSITIVE_INFINITY;
    others.sort((a, b) => (row[a] as number) - (row[b] as number) || a - b);
    return Int32Array.from(others.slice(0, limit));
  });
}

export function context(model: Model, random: () => number): SearchContext {
  const { n, m, size } = model;
  const cost = (model.cost[0] ?? new Float64Array(0)) as Float64Array;
  let maxArc = 0;
  for (const matrix of model.cost) for (const value of matrix) if (value > maxArc) maxArc = value;
  const vehicleWeight = (n + 2 * m + 1) * (maxArc + 1);
  const limit = Math.min(n - 1, NEIGHBOURS);
  const row = new Float64Array(n);
  const others = Array.from({ length: n }, (_, j) => j);
  const neighbours = Array.from({ length: n }, (_, k) => {
    const from = model.loc[k] as number;
    for (let j = 0; j < n; j += 1) row[j] = arc(cost, size, from, model.loc[j] as number);
    row[k] = Number.POSITIVE_INFINITY;
    others.sort((a, b) => (row[a] as number) - (row[b] as number) || a - b);
    return Int32Array.from(others.slice(0, limit));
  });
  const depot = m > 0 ? (model.startLoc[0] as number) : -1;
  const largest = Array.from({ length: model.dims }, (_, d) =>
    Math.max(1, ...Array.from({ length: m }, (_, v) => model.capacity[v * model.dims + d] as number)),
  );
  return {
    model,
    random,
    neighbours,
    close: closeTasks(model),
    vehicleWeight,
    absentWeight: vehicleWeight * (m + 1),
    farness: Float64Array.from({ length: n }, (_, k) => arc(cost, size, depot, model.loc[k] as number)),
    size: Float64Array.from({ length: n }, (_, k) => {
      let total = 0;
      for (let d = 0; d < model.dims; d += 1)
        total += (model.demand[k * model.dims + d] as number) / (largest[d] as number);
      return total;
    }),
  };
}

export function objective(ctx: SearchContext, plan: Plan): number {
  return plan.absent.length * ctx.absentWeight + plan.trucks() * ctx.vehicleWeight + plan.cost();
}

/** Whether the route keeps its windows, shift and capacity (the penalised search's routes may not). */
export function routeFeasible(model: Model, route: Route): boolean {
  if (route.warp > 0) return false;
  for (let d = 0; d < model.dims; d += 1)
    if ((route.load[d] as number) > (model.capacity[route.v * model.dims + d] as number)) return false;
  return true;
}

/**
 * Whether every route keeps its rules. Stops left out do not make a plan infeasible: the
 * objective weighs them, above any fleet (a problem may have more stops than its trucks carry).
 */
export function feasible(ctx: SearchContext, plan: Plan): boolean {
  for (const route of plan.routes) if (!routeFeasible(ctx.model, route)) return false;
  return true;
}
