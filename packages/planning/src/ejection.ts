import { arc, earliestStart, latestArrival, type Model } from './model.ts';
import { insertionRange, type Route } from './routes.ts';

/**
 * Insertion with ejection (Nagata & Bräysy, "A powerful route minimization heuristic for the
 * vehicle routing problem with time windows", Operations Research Letters 2009): put task k
 * into a route and take out at most MAX_EJECTED other stops so that the route keeps its windows,
 * shift and capacity, choosing the stops whose penalty counters sum least (stops that were
 * hard to place before stay in), then the least cost. A depth-first walk along the route:
 * at each stop keep it or eject it, pruned by the best sum found so far.
 */

/** The paper's k_max: more ejections at once rarely pay for the search they cost. */
export const MAX_EJECTED = 5;
/** Walk steps per ejection search: a bound for long routes, where combinations multiply. */
const MAX_STEPS = 2000;

export interface Ejection {
  readonly v: number;
  /** The route's new tasks (k inserted, the ejected ones out). */
  readonly tasks: number[];
  readonly ejected: number[];
  readonly penalty: number;
  readonly cost: number;
}

export class EjectionSearch {
  private seq = new Int32Array(0);
  private latest = new Float64Array(0);
  private tail = new Float64Array(0);
  /** `heaviest[i * dims + d]`: the largest load among the stops from i on that may be ejected. */
  private heaviest = new Float64Array(0);
  private out = new Int32Array(MAX_EJECTED);
  private ejectedLoad: Float64Array;
  private total: Float64Array;
  private steps = 0;
  private length = 0;
  private inserted = -1;
  private route: Route | null = null;
  /** The route's vehicle's roads and end, read at every step of the walk: set once per route. */
  private duration: Float64Array = new Float64Array(0);
  private costs: Float64Array = new Float64Array(0);
  private endLoc = -1;
  private shiftEnd = 0;
  private bestPenalty = Number.POSITIVE_INFINITY;
  private bestCost = Number.POSITIVE_INFINITY;
  /**
   * The best ejection so far, kept as where it is (route, the inserted task's position, the
   * positions ejected) and made into an `Ejection` once the search ends: a walk finds better
   * ones many times over, and building each as it is found was most of `record`'s cost.
   */
  private bestRoute: Route | null = null;
  private bestAt = -1;
  private readonly bestOut = new Int32Array(MAX_EJECTED);
  private bestCount = 0;
  /** Position of the inserted task in the sequence being walked (`tryPosition`'s q). */
  private at = -1;

  constructor(
    private readonly model: Model,
    private readonly penalty: Float64Array,
  ) {
    this.ejectedLoad = new Float64Array(model.dims);
    this.total = new Float64Array(model.dims);
  }

  /** The best ejection over the given routes, or null when none makes room for k. */
  search(k: number, routes: readonly Route[]): Ejection | null {
    this.bestPenalty = Number.POSITIVE_INFINITY;
    this.bestCost = Number.POSITIVE_INFINITY;
    this.bestRoute = null;
    this.steps = 0;
    this.inserted = k;
    const { model } = this;
    for (const route of routes) {
      if (model.eligible[k * model.m + route.v] === 0) continue;
      // Even straight from the start, k would be late: no ejection helps on this vehicle.
      const direct =
        (model.depart[route.v] as number) +
        arc(
          model.duration[route.v] as Float64Array,
          model.size,
          model.startLoc[route.v] as number,
          model.loc[k] as number,
        );
      if (earliestStart(model, k, direct) === Number.POSITIVE_INFINITY) continue;
      this.route = route;
      this.duration = model.duration[route.v] as Float64Array;
      this.costs = model.cost[route.v] as Float64Array;
      this.endLoc = model.endLoc[route.v] as number;
      this.shiftEnd = model.shiftEnd[route.v] as number;
      // The bound is per route: a long route may not use up the others' turn.
      this.steps = 0;
      const [first, last] = insertionRange(model, route, k);
      for (let q = first; q <= last && this.steps < MAX_STEPS; q += 1) this.tryPosition(q);
    }
    return this.made();
  }

  /** The best ejection found, as the route's new tasks and the ejected ones; null when none. */
  private made(): Ejection | null {
    const route = this.bestRoute;
    if (!route) return null;
    const q = this.bestAt;
    const seq = (i: number) =>
      i < q ? (route.tasks[i] as number) : i === q ? this.inserted : (route.tasks[i - 1] as number);
    const ejected = Array.from(this.bestOut.subarray(0, this.bestCount), seq);
    const gone = new Set(ejected);
    const tasks: number[] = [];
    for (let i = 0; i <= route.tasks.length; i += 1) if (!gone.has(seq(i))) tasks.push(seq(i));
    return { v: route.v, tasks, ejected, penalty: this.bestPenalty, cost: this.bestCost - route.cost };
  }

  /** Prepares the sequence with k before position q (latest arrivals, tail costs) and walks it. */
  private tryPosition(q: number): void {
    const { model } = this;
    const route = this.route as Route;
    const { v, tasks } = route;
    const { size, dims } = model;
    const duration = model.duration[v] as Float64Array;
    const cost = model.cost[v] as Float64Array;
    const len = tasks.length + 1;
    if (this.seq.length < len) {
      this.seq = new Int32Array(len * 2);
      this.latest = new Float64Array(len * 2 + 1);
      this.tail = new Float64Array(len * 2 + 1);
      this.heaviest = new Float64Array((len * 2 + 1) * dims);
    }
    const { seq, latest, tail, heaviest } = this;
    for (let i = 0; i < len; i += 1)
      seq[i] = i < q ? (tasks[i] as number) : i === q ? this.inserted : (tasks[i - 1] as number);
    const end = model.endLoc[v] as number;
    let next = end;
    let lateBy = model.shiftEnd[v] as number;
    let after = 0;
    latest[len] = lateBy;
    tail[len] = 0;
    for (let d = 0; d < dims; d += 1) heaviest[len * dims + d] = 0;
    for (let i = len - 1; i >= 0; i -= 1) {
      const k = seq[i] as number;
      for (let d = 0; d < dims; d += 1)
        heaviest[i * dims + d] = Math.max(
          heaviest[(i + 1) * dims + d] as number,
          i === q ? 0 : (model.demand[k * dims + d] as number),
        );
      const here = model.loc[k] as number;
      after += arc(cost, size, here, next);
      lateBy = latestArrival(
        model,
        k,
        lateBy - arc(duration, size, here, next) - (model.service[k] as number),
      );
      latest[i] = lateBy;
      tail[i] = after;
      next = here;
    }
    this.length = len;
    this.at = q;
    for (let d = 0; d < dims; d += 1) {
      this.total[d] = (route.load[d] as number) + (model.demand[this.inserted * dims + d] as number);
      this.ejectedLoad[d] = 0;
    }
    this.walk(0, model.startLoc[v] as number, model.depart[v] as number, 0, 0, 0);
  }

  private fits(): boolean {
    const { model } = this;
    const v = (this.route as Route).v;
    for (let d = 0; d < model.dims; d += 1)
      if (
        (this.total[d] as number) - (this.ejectedLoad[d] as number) >
        (model.capacity[v * model.dims + d] as number)
      )
        return false;
    return true;
  }

  /** Whether task k may stay beside the inserted one (prohibited goods eject it). */
  private clashes(k: number): boolean {
    const conflict = this.model.conflict;
    return conflict !== null && conflict[k * this.model.n + this.inserted] === 1;
  }

  private record(penalty: number, cost: number, count: number): void {
    if (penalty > this.bestPenalty || (penalty === this.bestPenalty && cost >= this.bestCost)) return;
    this.bestPenalty = penalty;
    this.bestCost = cost;
    this.bestRoute = this.route;
    this.bestAt = this.at;
    this.bestOut.set(this.out.subarray(0, count));
    this.bestCount = count;
  }

  private walk(i: number, from: number, leave: number, penalty: number, count: number, cost: number): void {
    this.steps += 1;
    if (this.steps > MAX_STEPS || penalty >= this.bestPenalty) return;
    const { model, duration, costs } = this;
    const { size, dims } = model;
    if (i === this.length) {
      const end = this.endLoc;
      if (leave + arc(duration, size, from, end) <= this.shiftEnd && this.fits())
        this.record(penalty, cost + arc(costs, size, from, end), count);
      return;
    }
    const k = this.seq[i] as number;
    const here = model.loc[k] as number;
    const arrival = leave + arc(duration, size, from, here);
    const clash = k !== this.inserted && this.clashes(k);
    if (!clash && arrival <= (this.latest[i] as number) && this.fits() && !this.clashAfter(i + 1)) {
      this.record(penalty, cost + arc(costs, size, from, here) + (this.tail[i] as number), count);
      return;
    }
    // Too heavy still: the fewest ejections that can take off the excess, each costing at least 1.
    const needed = Math.max(1, this.ejectionsForLoad(i));
    if (count + needed > MAX_EJECTED || penalty + needed >= this.bestPenalty) return;
    const added = this.penalty[k] as number;
    if (k !== this.inserted && penalty + added < this.bestPenalty) {
      this.out[count] = i;
      for (let d = 0; d < dims; d += 1)
        this.ejectedLoad[d] = (this.ejectedLoad[d] as number) + (model.demand[k * dims + d] as number);
      this.walk(i + 1, from, leave, penalty + added, count + 1, cost);
      for (let d = 0; d < dims; d += 1)
        this.ejectedLoad[d] = (this.ejectedLoad[d] as number) - (model.demand[k * dims + d] as number);
    }
    if (clash) return;
    const start = earliestStart(model, k, arrival);
    if (start === Number.POSITIVE_INFINITY) return;
    this.walk(
      i + 1,
      here,
      start + (model.service[k] as number),
      penalty,
      count,
      cost + arc(costs, size, from, here),
    );
  }

  /** Ejections (from position i on) the excess load needs at the least. */
  private ejectionsForLoad(i: number): number {
    const { model } = this;
    const v = (this.route as Route).v;
    let needed = 0;
    for (let d = 0; d < model.dims; d += 1) {
      const excess =
        (this.total[d] as number) -
        (this.ejectedLoad[d] as number) -
        (model.capacity[v * model.dims + d] as number);
      if (excess <= 0) continue;
      const heaviest = this.heaviest[i * model.dims + d] as number;
      needed = Math.max(needed, heaviest > 0 ? Math.ceil(excess / heaviest) : MAX_EJECTED + 1);
    }
    return needed;
  }

  private clashAfter(i: number): boolean {
    if (this.model.conflict === null) return false;
    for (let j = i; j < this.length; j += 1) {
      const k = this.seq[j] as number;
      if (k !== this.inserted && this.clashes(k)) return true;
    }
    return false;
  }
}
