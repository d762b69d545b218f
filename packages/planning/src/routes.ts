import { arc, earliestStart, latestArrival, type Model, startOrClose } from './model.ts';
import { sized, Timing, timeHeads, timeTails } from './timing.ts';

/**
 * One vehicle's trip with the caches that make a move's check O(1): the service start at each
 * stop (forward), the latest arrival at each stop that keeps the rest of the trip on time
 * (backward; waiting is allowed, so arriving earlier never hurts) and the load before each stop.
 */
export class Route {
  tasks: number[] = [];
  /** Service start per position. */
  start: number[] = [];
  /** Latest arrival per position; `latest[tasks.length]` is the latest arrival at the end. */
  latest: number[] = [];
  /** `before[i * dims + d]`: load of the stops before position i (`i = tasks.length`: the whole load). */
  before: number[] = [];
  /** Cost from the start through the first i stops. */
  reach: number[] = [];
  load: Float64Array;
  cost = 0;
  /**
   * Time warp (Vidal et al. 2013): how much the route would have to travel back in time to keep
   * every window and its shift, 0 when it is on time. Only the penalised search makes such routes.
   */
  warp = 0;
  /** The warp as the segments count it (the same as `warp` unless a stop has several windows). */
  timed = 0;
  /** Timing of the route's first i stops from its start (`head`) and of its stops from i to its end (`tail`). */
  readonly head = new Timing();
  readonly tail = new Timing();

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
    out.before = this.before.slice();
    out.reach = this.reach.slice();
    out.load.set(this.load);
    out.cost = this.cost;
    out.warp = this.warp;
    out.timed = this.timed;
    out.head.copyFrom(this.head);
    out.tail.copyFrom(this.tail);
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
  sized(route.start, len);
  sized(route.latest, len + 1);
  sized(route.before, (len + 1) * dims);
  sized(route.reach, len + 1);
  route.reach[0] = 0;
  let time = model.depart[v] as number;
  let at = model.startLoc[v] as number;
  let total = 0;
  let warp = 0;
  for (let i = 0; i < len; i += 1) {
    const k = tasks[i] as number;
    const here = model.loc[k] as number;
    const arrival = time + arc(duration, size, at, here);
    const start = startOrClose(model, k, arrival);
    warp += Math.max(0, arrival - start);
    route.start[i] = start;
    time = start + (model.service[k] as number);
    total += arc(cost, size, at, here);
    route.reach[i + 1] = total;
    at = here;
    for (let d = 0; d < dims; d += 1) {
      route.before[i * dims + d] = route.load[d] as number;
      route.load[d] = (route.load[d] as number) + (model.demand[k * dims + d] as number);
    }
  }
  for (let d = 0; d < dims; d += 1) route.before[len * dims + d] = route.load[d] as number;
  const end = model.endLoc[v] as number;
  route.cost = len === 0 ? 0 : total + arc(cost, size, at, end);
  if (len > 0) warp += Math.max(0, time + arc(duration, size, at, end) - (model.shiftEnd[v] as number));
  route.warp = warp;
  timeHeads(model, route);
  timeTails(model, route);
  // The whole route: its stops' segment, then its end by the end of the shift.
  const { head } = route;
  route.timed =
    len === 0
      ? 0
      : (head.warp[len] as number) +
        Math.max(
          0,
          (head.earliest[len] as number) +
            (head.duration[len] as number) -
            (head.warp[len] as number) +
            arc(duration, size, at, end) -
            (model.shiftEnd[v] as number),
        );
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

/** When the vehicle leaves position p − 1 (its start when p = 0), and from where. */
export function leaveTime(model: Model, route: Route, p: number): number {
  if (p === 0) return model.depart[route.v] as number;
  const k = route.tasks[p - 1] as number;
  return (route.start[p - 1] as number) + (model.service[k] as number);
}

export function placeBefore(model: Model, route: Route, p: number): number {
  return p === 0 ? (model.startLoc[route.v] as number) : (model.loc[route.tasks[p - 1] as number] as number);
}

export function placeAt(model: Model, route: Route, p: number): number {
  return p === route.tasks.length
    ? (model.endLoc[route.v] as number)
    : (model.loc[route.tasks[p] as number] as number);
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

/**
 * The positions where task k might go, [first, last]: not before a stop whose latest arrival
 * leaves no room for k's first window and service, not after a stop that starts after k's last
 * window has closed (both caches only grow along a route, so a binary search finds them).
 */
export function insertionRange(model: Model, route: Route, k: number): [number, number] {
  const { start, latest } = route;
  const len = route.tasks.length;
  const need = (model.opens[k] as number) + (model.service[k] as number);
  let lo = 0;
  let hi = len;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((latest[mid] as number) < need) lo = mid + 1;
    else hi = mid;
  }
  const first = lo;
  const close = model.closes[k] as number;
  lo = 0;
  hi = len;
  // The number of stops starting by k's close: k may follow any of them.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((start[mid] as number) <= close) lo = mid + 1;
    else hi = mid;
  }
  return [first, lo];
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

/**
 * Cost of vehicle v driving these tasks in order, or Infinity when they break its capacity,
 * skills, prohibited goods, a window or its shift: the check of any move, in O(length).
 */
export function sequenceCost(model: Model, v: number, tasks: readonly number[]): number {
  const { size, dims } = model;
  const duration = model.duration[v] as Float64Array;
  const cost = model.cost[v] as Float64Array;
  if (tasks.length === 0) return 0;
  for (let d = 0; d < dims; d += 1) {
    let load = 0;
    for (const k of tasks) load += model.demand[k * dims + d] as number;
    if (load > (model.capacity[v * dims + d] as number)) return Number.POSITIVE_INFINITY;
  }
  const conflict = model.conflict;
  let time = model.depart[v] as number;
  let at = model.startLoc[v] as number;
  let total = 0;
  for (let i = 0; i < tasks.length; i += 1) {
    const k = tasks[i] as number;
    if (model.eligible[k * model.m + v] === 0) return Number.POSITIVE_INFINITY;
    if (conflict)
      for (let j = 0; j < i; j += 1)
        if (conflict[k * model.n + (tasks[j] as number)] === 1) return Number.POSITIVE_INFINITY;
    const here = model.loc[k] as number;
    const start = earliestStart(model, k, time + arc(duration, size, at, here));
    if (start === Number.POSITIVE_INFINITY) return start;
    time = start + (model.service[k] as number);
    total += arc(cost, size, at, here);
    at = here;
  }
  const end = model.endLoc[v] as number;
  if (time + arc(duration, size, at, end) > (model.shiftEnd[v] as number)) return Number.POSITIVE_INFINITY;
  return total + arc(cost, size, at, end);
}
