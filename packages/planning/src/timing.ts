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

/** A segment being built: stops added at its end, then perhaps a route's suffix. */
export class Chain {
  duration = 0;
  warp = 0;
  earliest = 0;
  latest = 0;
  /** Where the segment ends (-1: nowhere, an open route's missing start). */
  at = -1;

  constructor(private readonly model: Model) {}

  private join(travel: number, duration: number, warp: number, earliest: number, latest: number): void {
    const delta = this.duration - this.warp + travel;
    const wait = Math.max(earliest - delta - this.latest, 0);
    const late = Math.max(this.earliest + delta - latest, 0);
    this.duration += duration + travel + wait;
    this.warp += warp + late;
    this.earliest = Math.max(earliest - delta, this.earliest) - wait;
    this.latest = Math.min(latest - delta, this.latest) + late;
  }

  /** Starts as route's first i stops (i = 0: the vehicle at its start). */
  head(route: Route, i: number): this {
    const { head } = route;
    this.duration = head.duration[i] as number;
    this.warp = head.warp[i] as number;
    this.earliest = head.earliest[i] as number;
    this.latest = head.latest[i] as number;
    this.at =
      i === 0
        ? (this.model.startLoc[route.v] as number)
        : (this.model.loc[route.tasks[i - 1] as number] as number);
    return this;
  }

  /** Adds task k, reached on vehicle v's roads. */
  visit(v: number, k: number): this {
    const { model } = this;
    const here = model.loc[k] as number;
    this.join(
      arc(model.duration[v] as Float64Array, model.size, this.at, here),
      model.service[k] as number,
      0,
      model.opens[k] as number,
      model.closes[k] as number,
    );
    this.at = here;
    return this;
  }

  /** Adds route's stops from i to its end (i = length: just its end), on vehicle v's roads. Returns the warp. */
  tail(v: number, route: Route, i: number): number {
    const { model } = this;
    const { tail } = route;
    const first =
      i === route.tasks.length
        ? (model.endLoc[route.v] as number)
        : (model.loc[route.tasks[i] as number] as number);
    this.join(
      arc(model.duration[v] as Float64Array, model.size, this.at, first),
      tail.duration[i] as number,
      tail.warp[i] as number,
      tail.earliest[i] as number,
      tail.latest[i] as number,
    );
    return this.warp;
  }
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
