import { arc, type Model } from './model.ts';

/**
 * Time windows as segments that concatenate in O(1) (Vidal, Crainic, Gendreau & Prins, "A
 * hybrid genetic algorithm with adaptive diversity management for a large class of vehicle
 * routing problems with time-windows", Computers & Operations Research 2013): a run of stops is
 * summed up by its duration (travel, service, waiting), its time warp, and the earliest and
 * latest start of its first stop that keep that duration and warp. Two runs joined by a trip
 * give a run again, so a move's timing is known from the route's prefixes and suffixes without
 * driving the route. A stop with several windows counts as one window from its first opening to
 * its last closing here (the route's own warp, `refresh`, is exact).
 */

/** What the segments need of a route (`routes.ts`'s Route). */
interface Route {
  readonly v: number;
  readonly tasks: readonly number[];
  readonly head: Timing;
  readonly tail: Timing;
}

/** Per position of a route: the segment of a prefix (or suffix), four numbers each. */
export class Timing {
  duration: number[] = [];
  warp: number[] = [];
  earliest: number[] = [];
  latest: number[] = [];

  copyFrom(other: Timing): void {
    this.duration = other.duration.slice();
    this.warp = other.warp.slice();
    this.earliest = other.earliest.slice();
    this.latest = other.latest.slice();
  }
}

/**
 * Makes a cache n entries long, keeping it packed (no holes, which V8 reads slower): a cache
 * filled from its end grows by appending first, and setting `length` is a runtime call, made
 * only to cut.
 */
export function sized(values: number[], n: number): void {
  if (values.length > n) values.length = n;
  else while (values.length < n) values.push(0);
}

/**
 * The time warp of vehicle v driving `route`'s first a stops, then the tasks `middle[0 … count)`,
 * then `rest`'s stops from b to its end (`rest`: the route itself, or another route whose tail v
 * takes over): the route's prefix segment, a segment per stop and `rest`'s suffix segment joined
 * in turn. The segment so far is kept in locals, not in an object's fields (a store and a load
 * on the path of every sum): the local search times nearly every move it tries here. With a
 * `price` and a `bound`, +Infinity as soon as price × the warp so far reaches the bound before
 * `rest` joins (a run's warp only grows stop by stop).
 */
export function warpThrough(
  model: Model,
  v: number,
  route: Route,
  a: number,
  middle: ArrayLike<number>,
  count: number,
  rest: Route,
  b: number,
  price = 0,
  bound = Number.POSITIVE_INFINITY,
): number {
  const { head } = route;
  const travels = model.duration[v] as Float64Array;
  let duration = head.duration[a] as number;
  let warp = head.warp[a] as number;
  let earliest = head.earliest[a] as number;
  let latest = head.latest[a] as number;
  let at =
    a === 0 ? (model.startLoc[route.v] as number) : (model.loc[route.tasks[a - 1] as number] as number);
  if (price * warp >= bound) return Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i += 1) {
    // Joins the stop k: a segment of its service, no warp, its window.
    const k = middle[i] as number;
    const here = model.loc[k] as number;
    const travel = arc(travels, model.size, at, here);
    const opens = model.opens[k] as number;
    const closes = model.closes[k] as number;
    const delta = duration - warp + travel;
    const wait = Math.max(opens - delta - latest, 0);
    const late = Math.max(earliest + delta - closes, 0);
    duration += (model.service[k] as number) + travel + wait;
    warp += late;
    earliest = Math.max(opens - delta, earliest) - wait;
    latest = Math.min(closes - delta, latest) + late;
    at = here;
    if (price * warp >= bound) return Number.POSITIVE_INFINITY;
  }
  // Joins rest's suffix from b; only the warp is wanted from this last join.
  const { tail } = rest;
  const first =
    b === rest.tasks.length
      ? (model.endLoc[rest.v] as number)
      : (model.loc[rest.tasks[b] as number] as number);
  const delta = duration - warp + arc(travels, model.size, at, first);
  const late = Math.max(earliest + delta - (tail.latest[b] as number), 0);
  return warp + ((tail.warp[b] as number) + late);
}

/** The vehicle at its start: leaves from `depart` on, by the end of its shift. */
export function timeHeads(model: Model, route: Route): void {
  const { v, tasks, head } = route;
  const len = tasks.length;
  const duration = model.duration[v] as Float64Array;
  sized(head.duration, len + 1);
  sized(head.warp, len + 1);
  sized(head.earliest, len + 1);
  sized(head.latest, len + 1);
  let d = 0;
  let w = 0;
  let e = model.depart[v] as number;
  let l = model.shiftEnd[v] as number;
  let at = model.startLoc[v] as number;
  head.duration[0] = d;
  head.warp[0] = w;
  head.earliest[0] = e;
  head.latest[0] = l;
  for (let i = 0; i < len; i += 1) {
    const k = tasks[i] as number;
    const here = model.loc[k] as number;
    const delta = d - w + arc(duration, model.size, at, here);
    const opens = model.opens[k] as number;
    const closes = model.closes[k] as number;
    const wait = Math.max(opens - delta - l, 0);
    const late = Math.max(e + delta - closes, 0);
    d += (model.service[k] as number) + arc(duration, model.size, at, here) + wait;
    w += late;
    e = Math.max(opens - delta, e) - wait;
    l = Math.min(closes - delta, l) + late;
    head.duration[i + 1] = d;
    head.warp[i + 1] = w;
    head.earliest[i + 1] = e;
    head.latest[i + 1] = l;
    at = here;
  }
}

/** The vehicle's end: reached by the end of its shift. */
export function timeTails(model: Model, route: Route): void {
  const { v, tasks, tail } = route;
  const len = tasks.length;
  const duration = model.duration[v] as Float64Array;
  sized(tail.duration, len + 1);
  sized(tail.warp, len + 1);
  sized(tail.earliest, len + 1);
  sized(tail.latest, len + 1);
  let d = 0;
  let w = 0;
  let e = Number.NEGATIVE_INFINITY;
  let l = model.shiftEnd[v] as number;
  let next = model.endLoc[v] as number;
  tail.duration[len] = d;
  tail.warp[len] = w;
  tail.earliest[len] = e;
  tail.latest[len] = l;
  for (let i = len - 1; i >= 0; i -= 1) {
    const k = tasks[i] as number;
    const here = model.loc[k] as number;
    // The stop k, then the segment from i + 1 (this is `join` with k as the first segment).
    const service = model.service[k] as number;
    const opens = model.opens[k] as number;
    const closes = model.closes[k] as number;
    const travel = arc(duration, model.size, here, next);
    const delta = service + travel;
    const wait = Math.max(e - delta - closes, 0);
    const late = Math.max(opens + delta - l, 0);
    const nd = service + d + travel + wait;
    const nw = w + late;
    const ne = Math.max(e - delta, opens) - wait;
    const nl = Math.min(l - delta, closes) + late;
    d = nd;
    w = nw;
    e = ne;
    l = nl;
    tail.duration[i] = d;
    tail.warp[i] = w;
    tail.earliest[i] = e;
    tail.latest[i] = l;
    next = here;
  }
}
