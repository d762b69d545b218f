import type { Model } from './model.ts';
import type { Penalties } from './penalties.ts';
import type { Route } from './routes.ts';
import type { Splicer } from './splice.ts';

/**
 * SWAP* (Vidal, "Hybrid genetic search for the CVRP: open-source implementation and SWAP*
 * neighborhood", Computers & Operations Research 2022): exchange a stop u of route A with a stop
 * v of route B, each going to its *best* place in the other route rather than into the other's
 * place. Per (route, stop) the three cheapest insertion places are kept (at most one of them is
 * beside the stop leaving, so one of three is always usable), so a pair of routes costs
 * |A| · |B| sums once the places are known. Removal and insertion are priced apart (distance and
 * time warp through the segments, load exactly: deliveries only), which is an estimate where they
 * interact; the few best estimates are then priced exactly and the first that gains is made.
 * The places stay known while a route keeps its stamp (`Route.stamp`): across the annealing's
 * plans, which share their unchanged routes, only the routes a step changed are priced again.
 */

/** Insertion places kept per (route, stop): the paper's three. */
const PLACES = 3;
/** Estimated exchanges priced exactly per pair of routes (PyVRP prices one). */
const CANDIDATES = 3;
const IMPROVES = -1e-7;

/** The insertion places of every stop in one vehicle's route, for one set of penalties. */
interface Row {
  /** Per task: the route's stamp its places were worked out on (-1: never). */
  readonly stamp: Float64Array;
  /** Per task, PLACES entries, cheapest first: the cost and the position inserted before (-1: none). */
  readonly cost: Float64Array;
  readonly at: Int32Array;
  /** Removal cost per position, for the route's stamp `removedStamp`. */
  removed: number[];
  removedStamp: number;
}

interface Cache {
  /** The warp price the rows were worked out at (the adaptive penalties move). */
  warp: number;
  readonly rows: (Row | undefined)[];
}

/** An exchange: u (A's position i) before B's position q, v (B's position j) before A's position p; -1: in the other's place. */
interface Exchange {
  i: number;
  j: number;
  p: number;
  q: number;
  estimate: number;
}

export class SwapStar {
  private readonly caches = new Map<Penalties, Cache>();
  private readonly candidates: Exchange[] = Array.from({ length: CANDIDATES }, () => ({
    i: -1,
    j: -1,
    p: -1,
    q: -1,
    estimate: 0,
  }));
  private readonly middle: Int32Array;
  /** Per position of a route: the distance part of an insertion there (`places`). */
  private readonly distances: Float64Array;
  private readonly shortest = new Int32Array(PLACES);

  constructor(private readonly model: Model) {
    this.middle = new Int32Array(model.n + 1);
    this.distances = new Float64Array(model.n + 1);
  }

  /**
   * The best exchange between routes A and B that lowers their penalised cost, as the two new
   * stop lists; null when none does.
   */
  best(splicer: Splicer, A: Route, B: Route): [number[], number[]] | null {
    const { model } = this;
    const cache = this.cacheFor(splicer.penalties);
    const rowA = this.row(cache, A.v);
    const rowB = this.row(cache, B.v);
    const removedA = this.removals(rowA, splicer, A);
    const removedB = this.removals(rowB, splicer, B);
    const a = A.tasks;
    const b = B.tasks;
    const { dims, plain, eligible, m } = model;
    for (const k of a) if (plain || eligible[k * m + B.v] === 1) this.places(rowB, splicer, B, k);
    for (const k of b) if (plain || eligible[k * m + A.v] === 1) this.places(rowA, splicer, A, k);
    const { penalties } = splicer;
    const candidates = this.candidates;
    for (const c of candidates) c.estimate = 0;
    for (let i = 0; i < a.length; i += 1) {
      const u = a[i] as number;
      if (!plain && eligible[u * m + B.v] === 0) continue;
      for (let j = 0; j < b.length; j += 1) {
        const v = b[j] as number;
        if (!plain && eligible[v * m + A.v] === 0) continue;
        let estimate = (removedA[i] as number) + (removedB[j] as number);
        for (let d = 0; d < dims; d += 1) {
          const change = (model.demand[v * dims + d] as number) - (model.demand[u * dims + d] as number);
          const loadA = A.load[d] as number;
          const loadB = B.load[d] as number;
          estimate +=
            penalties.excess(A.v, d, loadA + change) -
            penalties.excess(A.v, d, loadA) +
            penalties.excess(B.v, d, loadB - change) -
            penalties.excess(B.v, d, loadB);
        }
        const q = this.bestPlace(rowB, u, j);
        const intoB = q < 0 ? this.replaced(splicer, B, j, u) - (removedB[j] as number) : this.cost;
        estimate += intoB;
        if (estimate >= (candidates[CANDIDATES - 1] as Exchange).estimate) continue;
        const p = this.bestPlace(rowA, v, i);
        const intoA = p < 0 ? this.replaced(splicer, A, i, v) - (removedA[i] as number) : this.cost;
        estimate += intoA;
        if (estimate >= (candidates[CANDIDATES - 1] as Exchange).estimate) continue;
        // Kept in order, cheapest first.
        let at = CANDIDATES - 1;
        const last = candidates[at] as Exchange;
        while (at > 0 && (candidates[at - 1] as Exchange).estimate > estimate) {
          candidates[at] = candidates[at - 1] as Exchange;
          at -= 1;
        }
        candidates[at] = last;
        last.i = i;
        last.j = j;
        last.p = p;
        last.q = q;
        last.estimate = estimate;
      }
    }
    for (const c of candidates) {
      if (c.estimate >= 0) break;
      const exact =
        this.exact(splicer, A, c.i, c.p, b[c.j] as number) +
        this.exact(splicer, B, c.j, c.q, a[c.i] as number);
      if (exact >= IMPROVES) continue;
      const u = a[c.i] as number;
      const v = b[c.j] as number;
      const one = this.middle;
      one[0] = u;
      one[1] = v;
      if (!splicer.allows(B, one, 1, one.subarray(1), 1) || !splicer.allows(A, one.subarray(1), 1, one, 1))
        continue;
      return [exchanged(a, c.i, c.p, v), exchanged(b, c.j, c.q, u)];
    }
    return null;
  }

  /** Cost of the last `bestPlace`. */
  private cost = 0;

  /** The cheapest known place for task k in the row's route that is not beside position j (leaving); -1: none. */
  private bestPlace(row: Row, k: number, j: number): number {
    for (let s = 0; s < PLACES; s += 1) {
      const at = row.at[k * PLACES + s] as number;
      if (at < 0) return -1;
      if (at === j || at === j + 1) continue;
      this.cost = row.cost[k * PLACES + s] as number;
      return at;
    }
    return -1;
  }

  /** Cost change (load aside) of task k taking position j's place. */
  private replaced(splicer: Splicer, route: Route, j: number, k: number): number {
    const one = this.middle;
    one[0] = k;
    return (
      splicer.splice(route, j, j + 1, one, 1) -
      loadChange(this.model, splicer.penalties, route, route.tasks[j] as number, k)
    );
  }

  /** Exact penalised cost change of the route when position i leaves and task k comes before position p (-1: at i). */
  private exact(splicer: Splicer, route: Route, i: number, p: number, k: number): number {
    const t = route.tasks;
    const middle = this.middle;
    if (p < 0) {
      middle[0] = k;
      return splicer.splice(route, i, i + 1, middle, 1);
    }
    let count = 0;
    if (p < i) {
      middle[count++] = k;
      for (let s = p; s < i; s += 1) middle[count++] = t[s] as number;
      return splicer.splice(route, p, i + 1, middle, count);
    }
    for (let s = i + 1; s < p; s += 1) middle[count++] = t[s] as number;
    middle[count++] = k;
    return splicer.splice(route, i, p, middle, count);
  }

  private cacheFor(penalties: Penalties): Cache {
    let cache = this.caches.get(penalties);
    if (!cache) {
      cache = { warp: penalties.warp, rows: [] };
      this.caches.set(penalties, cache);
    }
    if (cache.warp !== penalties.warp) {
      cache.warp = penalties.warp;
      for (const row of cache.rows)
        if (row) {
          row.stamp.fill(-1);
          row.removedStamp = -1;
        }
    }
    return cache;
  }

  private row(cache: Cache, v: number): Row {
    let row = cache.rows[v];
    if (!row) {
      const { n } = this.model;
      row = {
        stamp: new Float64Array(n).fill(-1),
        cost: new Float64Array(n * PLACES),
        at: new Int32Array(n * PLACES),
        removed: [],
        removedStamp: -1,
      };
      cache.rows[v] = row;
    }
    return row;
  }

  private removals(row: Row, splicer: Splicer, route: Route): number[] {
    if (row.removedStamp !== route.stamp) {
      const { length } = route.tasks;
      row.removed.length = length;
      for (let i = 0; i < length; i += 1) row.removed[i] = splicer.removal(route, i);
      row.removedStamp = route.stamp;
    }
    return row.removed;
  }

  /**
   * Works out task k's three cheapest places in the route, unless known for its stamp: the
   * distances first (O(1) each, a bound below the cost), then timed only the three shortest and
   * the places whose distance alone is below the third cheapest cost so far — in a route of 30 to
   * 50 stops most places are far from k, and timing every one was most of SWAP*'s time.
   */
  private places(row: Row, splicer: Splicer, route: Route, k: number): void {
    if (row.stamp[k] === route.stamp) return;
    row.stamp[k] = route.stamp;
    const base = k * PLACES;
    const { cost, at } = row;
    for (let s = 0; s < PLACES; s += 1) {
      cost[base + s] = Number.POSITIVE_INFINITY;
      at[base + s] = -1;
    }
    const length = route.tasks.length;
    const distance = this.distances;
    for (let p = 0; p <= length; p += 1) distance[p] = splicer.insertionDistance(route, p, k);
    // The shortest three first: their costs make the bound that skips the rest.
    const first = this.shortest;
    first.fill(-1);
    for (let p = 0; p <= length; p += 1) {
      let s = PLACES;
      while (
        s > 0 &&
        (first[s - 1] === -1 || (distance[p] as number) < (distance[first[s - 1] as number] as number))
      )
        s -= 1;
      if (s >= PLACES) continue;
      for (let t = PLACES - 1; t > s; t -= 1) first[t] = first[t - 1] as number;
      first[s] = p;
    }
    for (const p of first)
      if (p >= 0) this.keep(row, base, p, splicer.insertion(route, p, k, distance[p] as number));
    for (let p = 0; p <= length; p += 1) {
      if ((distance[p] as number) >= (cost[base + PLACES - 1] as number) || first.includes(p)) continue;
      this.keep(row, base, p, splicer.insertion(route, p, k, distance[p] as number));
    }
  }

  /** Keeps position p among the row's three cheapest places if it is one. */
  private keep(row: Row, base: number, p: number, value: number): void {
    const { cost, at } = row;
    if (value >= (cost[base + PLACES - 1] as number)) return;
    let s = PLACES - 1;
    while (s > 0 && (cost[base + s - 1] as number) > value) {
      cost[base + s] = cost[base + s - 1] as number;
      at[base + s] = at[base + s - 1] as number;
      s -= 1;
    }
    cost[base + s] = value;
    at[base + s] = p;
  }
}

/** Load penalty change of the route when task `out` leaves and `coming` joins it. */
function loadChange(model: Model, penalties: Penalties, route: Route, out: number, coming: number): number {
  const { dims } = model;
  let change = 0;
  for (let d = 0; d < dims; d += 1) {
    const load = route.load[d] as number;
    const next =
      load - (model.demand[out * dims + d] as number) + (model.demand[coming * dims + d] as number);
    change += penalties.excess(route.v, d, next) - penalties.excess(route.v, d, load);
  }
  return change;
}

/** The stops with position i taken out and task k put before position p (-1: at i). */
function exchanged(tasks: readonly number[], i: number, p: number, k: number): number[] {
  if (p < 0) {
    const out = tasks.slice();
    out[i] = k;
    return out;
  }
  const out: number[] = [];
  for (let s = 0; s <= tasks.length; s += 1) {
    if (s === p) out.push(k);
    if (s < tasks.length && s !== i) out.push(tasks[s] as number);
  }
  return out;
}
