import { arc, type Model } from './model.ts';
import { tailsLegsAt } from './moves.ts';
import type { Penalties } from './penalties.ts';
import { placeAt, placeBefore, type Route } from './routes.ts';
import { warpThrough } from './timing.ts';

const NO_STOPS = new Int32Array(0);

/**
 * Changes of a route's penalised cost (distance, plus time warp and excess load at the current
 * penalties) when part of it is replaced, in O(length of the change) from the route's segments.
 * Skills and prohibited goods stay hard rules (`allows`).
 */
export class Splicer {
  constructor(
    private readonly model: Model,
    readonly penalties: Penalties,
  ) {}

  /** Cost change (no penalty) of replacing positions [a, b) of the route by `middle[0 … count)`. */
  distance(route: Route, a: number, b: number, middle: ArrayLike<number>, count: number): number {
    const { model } = this;
    const { v, tasks } = route;
    const { size } = model;
    const len = tasks.length;
    if (count === 0 && a === 0 && b === len) return -route.cost;
    const cost = model.cost[v] as Float64Array;
    const from = placeBefore(model, route, a);
    const next = placeAt(model, route, b);
    const added = this.through(cost, from, middle, count, next);
    // An unused vehicle drives nothing, not even from its start to its end.
    if (len === 0) return added;
    return added - (a === b ? arc(cost, size, from, next) : this.removed(route, a, b, next));
  }

  /**
   * What replacing positions [a, b) (a < b) of the route takes away from its cost: the arcs into
   * each of those stops and the one from the last to `next`, the place at b (`distance`'s part).
   */
  removed(route: Route, a: number, b: number, next: number): number {
    const { model } = this;
    const cost = model.cost[route.v] as Float64Array;
    return (
      (route.reach[b] as number) -
      (route.reach[a] as number) +
      arc(cost, model.size, model.loc[route.tasks[b - 1] as number] as number, next)
    );
  }

  /**
   * `distance` for vehicle v's route with stops, the places before and after what is replaced
   * (`from`, `next`) and the cost that goes with it (`gone`: the arc from → next for an
   * insertion, `removed` for a run of stops) known: a caller trying several runs of stops at one
   * place, or one run at several, works those out once.
   */
  replacingDistance(
    v: number,
    from: number,
    next: number,
    gone: number,
    middle: ArrayLike<number>,
    count: number,
  ): number {
    return this.through(this.model.cost[v] as Float64Array, from, middle, count, next) - gone;
  }

  /** Cost of driving from `from` through the stops `middle[0 … count)` to `next`. */
  private through(
    cost: Float64Array,
    from: number,
    middle: ArrayLike<number>,
    count: number,
    next: number,
  ): number {
    const { model } = this;
    const { size } = model;
    let at = from;
    let added = 0;
    for (let i = 0; i < count; i += 1) {
      const here = model.loc[middle[i] as number] as number;
      added += arc(cost, size, at, here);
      at = here;
    }
    return added + arc(cost, size, at, next);
  }

  /**
   * Cost change (no penalty) of moving positions [i, i + size) of the route to just after
   * position j (outside them, not i − 1), in O(1): the same as `distance` on the stretch the move
   * rewrites, which costs its length — in a long route (R2, RC2: 30 to 50 stops) most of a descent.
   */
  moveDistance(route: Route, i: number, size: number, j: number): number {
    const { model } = this;
    const { size: places } = model;
    const cost = model.cost[route.v] as Float64Array;
    const t = route.tasks;
    const first = model.loc[t[i] as number] as number;
    const last = model.loc[t[i + size - 1] as number] as number;
    const before = placeBefore(model, route, i);
    const after = placeAt(model, route, i + size);
    const v = model.loc[t[j] as number] as number;
    const next = placeAt(model, route, j + 1);
    const closed =
      arc(cost, places, before, after) - arc(cost, places, before, first) - arc(cost, places, last, after);
    return closed + arc(cost, places, v, first) + arc(cost, places, last, next) - arc(cost, places, v, next);
  }

  /** Penalised cost change of replacing positions [a, b) of the route by `middle[0 … count)`. */
  splice(route: Route, a: number, b: number, middle: ArrayLike<number>, count: number): number {
    return this.spliceKnown(
      route,
      a,
      b,
      middle,
      count,
      this.distance(route, a, b, middle, count),
      this.penalties.of(route),
    );
  }

  /**
   * `splice`, the same figure, for a caller that already has the change's `distance` (as
   * `distance` gives it) and the route's penalised cost now (`old`, as `penalties.of` gives it):
   * the local search works both out for its filters first.
   */
  spliceKnown(
    route: Route,
    a: number,
    b: number,
    middle: ArrayLike<number>,
    count: number,
    distance: number,
    old: number,
  ): number {
    const { model, penalties } = this;
    const { v, tasks } = route;
    const { dims } = model;
    if (count === 0 && a === 0 && b === tasks.length) return -old;
    const warp = warpThrough(model, v, route, a, middle, count, route, b);
    let excess = 0;
    for (let d = 0; d < dims; d += 1) {
      let load = route.load[d] as number;
      for (let i = 0; i < count; i += 1) load += model.demand[(middle[i] as number) * dims + d] as number;
      for (let i = a; i < b; i += 1) load -= model.demand[(tasks[i] as number) * dims + d] as number;
      excess += penalties.excess(v, d, load);
    }
    return route.cost + distance + penalties.warp * warp + excess - old;
  }

  /**
   * Cost change (no penalty) of reversing positions [i, j] of the route: in O(1) when the
   * vehicle's costs are the same both ways (the stretch itself then costs what it did), else
   * by driving it (`reversed`: those positions, reversed).
   */
  reverseDistance(route: Route, i: number, j: number, reversed: ArrayLike<number>): number {
    const { model } = this;
    if (model.symmetric[route.v] !== 1) return this.distance(route, i, j + 1, reversed, j + 1 - i);
    const { size } = model;
    const cost = model.cost[route.v] as Float64Array;
    const t = route.tasks;
    const before = placeBefore(model, route, i);
    const after = placeAt(model, route, j + 1);
    const first = model.loc[t[i] as number] as number;
    const last = model.loc[t[j] as number] as number;
    return (
      arc(cost, size, before, last) +
      arc(cost, size, first, after) -
      arc(cost, size, before, first) -
      arc(cost, size, last, after)
    );
  }

  /** `insertion`'s parts of an insertion's cost that do not depend on where it goes. */
  private insertionExcess = 0;
  private insertionOld = 0;

  /**
   * Prepares `insertAt` for task k into the route: the route's penalised cost now and its load's
   * excess with k aboard, the same wherever k goes, worked out once rather than at each place.
   */
  insertion(route: Route, k: number): void {
    const { model, penalties } = this;
    const { dims } = model;
    this.insertionOld = penalties.of(route);
    let excess = 0;
    for (let d = 0; d < dims; d += 1)
      excess += penalties.excess(
        route.v,
        d,
        (route.load[d] as number) + (model.demand[k * dims + d] as number),
      );
    this.insertionExcess = excess;
  }

  /**
   * `splice(route, p, p, one, 1)` after `insertion(route, one[0])`, the same figure, for a caller
   * that tries every place p (the repair): +Infinity when the place costs at least `worse` on its
   * distance alone, without timing it. The warp's price and the warp are never negative and
   * rounding keeps order, so the bound below never exceeds the cost: a place it rules out could
   * not have been chosen.
   */
  insertAt(route: Route, p: number, one: ArrayLike<number>, worse: number): number {
    const distance = this.distance(route, p, p, one, 1);
    if (route.cost + distance + this.insertionExcess - this.insertionOld >= worse)
      return Number.POSITIVE_INFINITY;
    const warp = warpThrough(this.model, route.v, route, p, one, 1, route, p);
    return route.cost + distance + this.penalties.warp * warp + this.insertionExcess - this.insertionOld;
  }

  /**
   * `splice` for a move inside the route (its load unchanged) whose distance change `distance`
   * is known: Infinity as soon as the time warp alone rules the gain out — a run's warp only
   * grows stop by stop —, so that a hopeless move in a long route is not timed to its end.
   */
  spliceInside(
    route: Route,
    a: number,
    b: number,
    middle: ArrayLike<number>,
    count: number,
    distance: number,
  ): number {
    const price = this.penalties.warp;
    // A gain needs price × warp < price × (the route's warp now) − distance.
    const bound = price * route.timed - distance;
    const warp = warpThrough(this.model, route.v, route, a, middle, count, route, b, price, bound);
    if (warp === Number.POSITIVE_INFINITY) return warp;
    return distance + price * (warp - route.timed);
  }

  /**
   * Penalised cost change of exchanging tails: A keeps its stops before a and takes B's from b
   * on, B keeps its stops before b and takes A's from a on. Infinity, untimed, when A's new
   * route and B's new one's distance alone show that the change is `atLeast` or more.
   */
  tails(
    A: Route,
    a: number,
    B: Route,
    b: number,
    /** The two routes' penalised costs now, when the caller has them. */
    before: number = this.penalties.of(A) + this.penalties.of(B),
    atLeast = Number.POSITIVE_INFINITY,
  ): number {
    const { model, penalties } = this;
    if (!model.plain || model.endClass[A.v] !== model.endClass[B.v]) {
      const newA = [...A.tasks.slice(0, a), ...B.tasks.slice(b)];
      const newB = [...B.tasks.slice(0, b), ...A.tasks.slice(a)];
      if (!this.allowsAll(A.v, newA) || !this.allowsAll(B.v, newB)) return Number.POSITIVE_INFINITY;
      return penalties.ofSequence(A.v, newA) + penalties.ofSequence(B.v, newB) - before;
    }
    const first = this.half(A, a, B, b, this.halfDistance(A, a, B, b));
    // B's half costs at least its distance (rounding is monotone: the bound never exceeds the sum).
    const distanceB = this.halfDistance(B, b, A, a);
    if (first + distanceB - before >= atLeast) return Number.POSITIVE_INFINITY;
    return first + this.half(B, b, A, a, distanceB) - before;
  }

  /**
   * Cost change (no penalty) of the same exchange; -Infinity when it is not known this cheaply.
   * The places on either side of each cut and the arcs the cuts break are known (`tailsLegsAt`).
   */
  tailsDistance(
    A: Route,
    a: number,
    fromA: number,
    toA: number,
    brokenA: number,
    B: Route,
    b: number,
    fromB: number,
    toB: number,
    brokenB: number,
  ): number {
    const { model } = this;
    if (!model.plain || model.endClass[A.v] !== model.endClass[B.v]) return Number.NEGATIVE_INFINITY;
    return tailsLegsAt(model, A, a, fromA, toA, brokenA, B, b, fromB, toB, brokenB);
  }

  /** Cost (no penalty) of A's stops before a followed by B's from b (on A's vehicle, which ends as B's). */
  private halfDistance(A: Route, a: number, B: Route, b: number): number {
    const { model } = this;
    if (a === 0 && b === B.tasks.length) return 0;
    const cost = model.cost[A.v] as Float64Array;
    const from = placeBefore(model, A, a);
    const to = placeAt(model, B, b);
    // A's prefix, the new link, B's suffix (B's cost less its prefix and the broken link).
    return (
      (A.reach[a] as number) +
      arc(cost, model.size, from, to) +
      (B.cost - (B.reach[b] as number) - link(model, B, b))
    );
  }

  /** Penalised cost of the same route, its `halfDistance` known. */
  private half(A: Route, a: number, B: Route, b: number, distance: number): number {
    const { model, penalties } = this;
    const { dims } = model;
    if (a === 0 && b === B.tasks.length) return 0;
    const warp = warpThrough(model, A.v, A, a, NO_STOPS, 0, B, b);
    let excess = 0;
    for (let d = 0; d < dims; d += 1)
      excess += penalties.excess(
        A.v,
        d,
        (A.before[a * dims + d] as number) + (B.load[d] as number) - (B.before[b * dims + d] as number),
      );
    return distance + penalties.warp * warp + excess;
  }

  /** Skills and prohibited goods (not capacity): may the tasks `coming` join the route once `leaving` are out? */
  allows(
    route: Route,
    coming: ArrayLike<number>,
    comingCount: number,
    leaving: ArrayLike<number>,
    leavingCount: number,
  ): boolean {
    const { model } = this;
    if (model.plain) return true;
    const { v } = route;
    const conflict = model.conflict;
    for (let i = 0; i < comingCount; i += 1) {
      const k = coming[i] as number;
      if (model.eligible[k * model.m + v] === 0) return false;
      if (!conflict) continue;
      for (const other of route.tasks) {
        let gone = false;
        for (let j = 0; j < leavingCount; j += 1) if (leaving[j] === other) gone = true;
        if (!gone && conflict[k * model.n + other] === 1) return false;
      }
      for (let j = 0; j < i; j += 1) if (conflict[k * model.n + (coming[j] as number)] === 1) return false;
    }
    return true;
  }

  private allowsAll(v: number, tasks: readonly number[]): boolean {
    const { model } = this;
    for (let i = 0; i < tasks.length; i += 1) {
      const k = tasks[i] as number;
      if (model.eligible[k * model.m + v] === 0) return false;
      if (model.conflict)
        for (let j = 0; j < i; j += 1)
          if (model.conflict[k * model.n + (tasks[j] as number)] === 1) return false;
    }
    return true;
  }
}

/** Cost of the leg into position i (from the stop before it, or the start). */
function link(model: Model, route: Route, i: number): number {
  if (route.tasks.length === 0) return 0;
  return arc(
    model.cost[route.v] as Float64Array,
    model.size,
    placeBefore(model, route, i),
    placeAt(model, route, i),
  );
}
