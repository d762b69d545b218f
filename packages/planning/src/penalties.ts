import { arc, type Model, startOrClose } from './model.ts';
import type { Route } from './routes.ts';

/**
 * What the penalised search pays per unit of time warp and of load over capacity (PyVRP's
 * penalty manager): set so that an average warp or excess costs about an average arc, then
 * raised when too few recent plans came out feasible and lowered when too many did, aiming at
 * TARGET_FEASIBLE of them. A boosted copy prices the repair's insertions; strict ones (no gain
 * in distance outweighs them) drive the descents that must end feasible.
 */

const TARGET_FEASIBLE = 0.43;
const TOLERANCE = 0.05;
const BETWEEN_UPDATES = 50;
const INCREASE = 1.34;
const DECREASE = 0.32;
const BOOST = 12;
const INITIAL = 10;
const STRICT = 1e9;

export class Penalties {
  private feasibleWarp = 0;
  private feasibleLoad = 0;
  private registered = 0;

  constructor(
    private readonly model: Model,
    public warp: number,
    readonly load: Float64Array,
  ) {}

  static initial(model: Model): Penalties {
    const { n, dims } = model;
    const cost = (model.cost[0] ?? new Float64Array(0)) as Float64Array;
    const duration = (model.duration[0] ?? new Float64Array(0)) as Float64Array;
    const mean = (values: Float64Array) => {
      let total = 0;
      for (const value of values) total += value;
      return values.length > 0 ? total / values.length : 0;
    };
    const arcCost = Math.max(1, mean(cost));
    const load = new Float64Array(dims);
    for (let d = 0; d < dims; d += 1) {
      let total = 0;
      for (let k = 0; k < n; k += 1) total += model.demand[k * dims + d] as number;
      load[d] = arcCost / Math.max(1, n > 0 ? total / n : 1);
    }
    return new Penalties(
      model,
      (INITIAL * arcCost) / Math.max(1, mean(duration)),
      load.map((p) => p * INITIAL),
    );
  }

  boosted(): Penalties {
    return new Penalties(
      this.model,
      this.warp * BOOST,
      this.load.map((p) => p * BOOST),
    );
  }

  /** Penalty of `load` in dimension d on vehicle v. */
  excess(v: number, d: number, load: number): number {
    const over = load - (this.model.capacity[v * this.model.dims + d] as number);
    return over > 0 ? over * (this.load[d] as number) : 0;
  }

  /** A route's penalised cost (its warp as the segments count it). */
  of(route: Route): number {
    let total = route.cost + this.warp * route.timed;
    for (let d = 0; d < this.model.dims; d += 1) total += this.excess(route.v, d, route.load[d] as number);
    return total;
  }

  /** Penalised cost of vehicle v driving these tasks (exact warp, by driving them). */
  ofSequence(v: number, tasks: readonly number[]): number {
    const { model } = this;
    const { size, dims } = model;
    if (tasks.length === 0) return 0;
    const duration = model.duration[v] as Float64Array;
    const cost = model.cost[v] as Float64Array;
    let time = model.depart[v] as number;
    let at = model.startLoc[v] as number;
    let total = 0;
    let warp = 0;
    for (const k of tasks) {
      const here = model.loc[k] as number;
      const arrival = time + arc(duration, size, at, here);
      const start = startOrClose(model, k, arrival);
      warp += Math.max(0, arrival - start);
      time = start + (model.service[k] as number);
      total += arc(cost, size, at, here);
      at = here;
    }
    const end = model.endLoc[v] as number;
    total += arc(cost, size, at, end);
    warp += Math.max(0, time + arc(duration, size, at, end) - (model.shiftEnd[v] as number));
    total += this.warp * warp;
    for (let d = 0; d < dims; d += 1) {
      let load = 0;
      for (const k of tasks) load += model.demand[k * dims + d] as number;
      total += this.excess(v, d, load);
    }
    return total;
  }

  /** Counts a plan the search made; every BETWEEN_UPDATES plans, moves the penalties towards the target. */
  register(warpFree: boolean, loadFree: boolean): void {
    if (warpFree) this.feasibleWarp += 1;
    if (loadFree) this.feasibleLoad += 1;
    this.registered += 1;
    if (this.registered < BETWEEN_UPDATES) return;
    this.warp = adjust(this.warp, this.feasibleWarp / this.registered);
    const share = this.feasibleLoad / this.registered;
    for (let d = 0; d < this.load.length; d += 1) this.load[d] = adjust(this.load[d] as number, share);
    this.feasibleWarp = 0;
    this.feasibleLoad = 0;
    this.registered = 0;
  }
}

function adjust(penalty: number, feasible: number): number {
  const gap = TARGET_FEASIBLE - feasible;
  if (Math.abs(gap) < TOLERANCE) return penalty;
  return Math.min(1e9, Math.max(1e-6, gap > 0 ? penalty * INCREASE : penalty * DECREASE));
}

/** The penalties, their boosted copy kept in step, and the strict ones. */
export class Pricing {
  readonly base: Penalties;
  private boostedCopy: Penalties;
  private boostedWarp: number;
  private strictCopy: Penalties | null = null;

  constructor(private readonly model: Model) {
    this.base = Penalties.initial(model);
    this.boostedCopy = this.base.boosted();
    this.boostedWarp = this.base.warp;
  }

  /**
   * Penalties no gain in distance outweighs: a descent from a feasible plan stays feasible, and
   * one from a late or overloaded plan removes lateness and overload before it shortens. At 12 ×
   * the adaptive penalties (boosted) a descent after route elimination, or one repairing an
   * annealing step, often ended a little late and its whole work was dropped: on R1, R2 and RC2
   * the annealing then barely moved at the smallest fleet (RC202: no better plan in 500 ms).
   */
  strict(): Penalties {
    if (!this.strictCopy)
      this.strictCopy = new Penalties(this.model, STRICT, new Float64Array(this.model.dims).fill(STRICT));
    return this.strictCopy;
  }

  boosted(): Penalties {
    if (
      this.boostedWarp !== this.base.warp ||
      this.boostedCopy.load.some((p, d) => p !== (this.base.load[d] as number) * BOOST)
    ) {
      this.boostedCopy = this.base.boosted();
      this.boostedWarp = this.base.warp;
    }
    return this.boostedCopy;
  }

  /** Counts a plan's lateness and overload towards the penalties' next adjustment. */
  note(routes: readonly Route[]): void {
    const { model } = this;
    let warpFree = true;
    let loadFree = true;
    for (const route of routes) {
      if (route.warp > 0) warpFree = false;
      for (let d = 0; d < model.dims; d += 1)
        if ((route.load[d] as number) > (model.capacity[route.v * model.dims + d] as number))
          loadFree = false;
    }
    this.base.register(warpFree, loadFree);
  }
}
