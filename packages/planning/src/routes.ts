import { arc, earliestStart, latestArrival, type Model } from './model.ts';

/**
 * One vehicle's trip with the caches that make an insertion check O(1): the service start at
 * each stop (forward) and the latest arrival at each stop that keeps the rest of the trip on
 * time (backward; waiting is allowed, so arriving earlier never hurts).
 */
export class Route {
  tasks: number[] = [];
  /** Service start per position. */
  start: number[] = [];
  /** Latest arrival per position; `latest[tasks.length]` is the latest arrival at the end. */
  latest: number[] = [];
  load: Float64Array;
  cost = 0;

  constructor(
    readonly v: number,
    dims: number,
  ) {
    this.load = new Float64Array(dims);
  }

  copy(): Route {
    const out = new Route(this.v, this.load.length);
    out.tasks = this.tasks.slice();
    out.start = this.start.slice();
    out.latest = this.latest.slice();
    out.load.set(this.load);
    out.cost = this.cost;
    return out;
  }
}

/** Recomputes a route's caches after its tasks changed (they are feasible by construction). */
export function refresh(model: Model, route: Route): void {
  const { v } = route;
  const { size, dims } = model;
  const duration = model.duration[v] as Float64Array;
  const cost = model.cost[v] as Float64Array;
  const tasks = route.tasks;
  const len = tasks.length;
  route.load.fill(0);
  route.start.length = len;
  route.latest.length = len + 1;
  let time = model.depart[v] as number;
  let at = model.startLoc[v] as number;
  let total = 0;
  for (let i = 0; i < len; i += 1) {
    const k = tasks[i] as number;
    const here = model.loc[k] as number;
    const start = earliestStart(model, k, time + arc(duration, size, at, here));
    route.start[i] = start;
    time = start + (model.service[k] as number);
    total += arc(cost, size, at, here);
    at = here;
    for (let d = 0; d < dims; d += 1)
      route.load[d] = (route.load[d] as number) + (model.demand[k * dims + d] as number);
  }
  const end = model.endLoc[v] as number;
  route.cost = len === 0 ? 0 : total + arc(cost, size, at, end);
  let latest = model.shiftEnd[v] as number;
  route.latest[len] = latest;
  let next = end;
  for (let i = len - 1; i >= 0; i -= 1) {
    const k = tasks[i] as number;
    const here = model.loc[k] as number;
    latest = latestArrival(model, k, latest - arc(duration, size, here, next) - (model.service[k] as number));
    route.latest[i] = latest;
    next = here;
  }
}

/** Capacity, skills and prohibited goods: may task k ride this route at all? */
export function accepts(model: Model, route: Route, k: number): boolean {
  const { v } = route;
  if (model.eligible[k * model.m + v] === 0) return false;
  const { dims } = model;
  for (let d = 0; d < dims; d += 1)
    if (
      (route.load[d] as number) + (model.demand[k * dims + d] as number) >
      (model.capacity[v * dims + d] as number)
    )
      return false;
  const conflict = model.conflict;
  if (conflict) for (const other of route.tasks) if (conflict[k * model.n + other] === 1) return false;
  return true;
}

/** Added cost of task k before position p (Infinity when it breaks a time window or the shift). */
export function insertionCost(model: Model, route: Route, k: number, p: number): number {
  const { v } = route;
  const { size } = model;
  const duration = model.duration[v] as Float64Array;
  const cost = model.cost[v] as Float64Array;
  const tasks = route.tasks;
  const prev = p === 0 ? -1 : (tasks[p - 1] as number);
  const prevLoc = prev < 0 ? (model.startLoc[v] as number) : (model.loc[prev] as number);
  const leave =
    prev < 0 ? (model.depart[v] as number) : (route.start[p - 1] as number) + (model.service[prev] as number);
  const here = model.loc[k] as number;
  const start = earliestStart(model, k, leave + arc(duration, size, prevLoc, here));
  if (start === Number.POSITIVE_INFINITY) return start;
  const nextLoc =
    p === tasks.length ? (model.endLoc[v] as number) : (model.loc[tasks[p] as number] as number);
  if (start + (model.service[k] as number) + arc(duration, size, here, nextLoc) > (route.latest[p] as number))
    return Number.POSITIVE_INFINITY;
  if (tasks.length === 0) return arc(cost, size, prevLoc, here) + arc(cost, size, here, nextLoc);
  // An open route (no start or no end) pays nothing for the missing leg: arc() is 0 there.
  return arc(cost, size, prevLoc, here) + arc(cost, size, here, nextLoc) - arc(cost, size, prevLoc, nextLoc);
}
