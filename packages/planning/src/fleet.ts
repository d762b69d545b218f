import { EjectionSearch } from './ejection.ts';
import { applySwap, applyTails, swapDelta, tailsDelta } from './moves.ts';
import type { Plan, SearchContext } from './plan.ts';
import { accepts, insertionCost, insertionRange, type Route } from './routes.ts';

/**
 * Route elimination after Nagata & Bräysy (2009): take a route out, keep its stops in an
 * ejection pool, and put them back one at a time — where one fits, else by inserting it and
 * ejecting up to five others (those with the smallest penalty counters: a stop that keeps coming
 * back to the pool gets its counter raised, so it is placed first and stays) — shaking the plan
 * with random feasible moves after each ejection. The pool empty: one vehicle fewer. The state
 * (plan, pool, counters) lives on between the calls, so the effort given in slices adds up.
 */

/** Random feasible moves after each ejection (the paper's I_rand) and the neighbours they pick from. */
const SHAKES = 100;
const SHAKE_NEIGHBOURS = 20;

export class RouteElimination {
  private work: Plan | null = null;
  private pool: number[] = [];
  private readonly penalty: Float64Array;
  private readonly ejection: EjectionSearch;
  /** Steps spent on the current attempt. */
  steps = 0;

  constructor(private readonly ctx: SearchContext) {
    this.penalty = new Float64Array(ctx.model.n).fill(1);
    this.ejection = new EjectionSearch(ctx.model, this.penalty);
  }

  /** Whether an attempt is under way (on a plan that may be older than the best). */
  get running(): boolean {
    return this.work !== null;
  }

  /** Starts removing one route of `plan`, drawn at random; false when there is none to spare. */
  begin(plan: Plan): boolean {
    const { random, model } = this.ctx;
    const used = plan.routes.filter((r) => r.tasks.length > 0);
    if (used.length <= 1 || plan.absent.length > 0) return false;
    const work = plan.clone();
    const victim = used[Math.floor(random() * used.length)] as Route;
    this.pool = victim.tasks.slice();
    for (const k of this.pool) work.routeOf[k] = -1;
    work.assign(model, victim.v, []);
    this.work = work;
    this.penalty.fill(1);
    this.steps = 0;
    return true;
  }

  abandon(): void {
    this.work = null;
    this.pool = [];
  }

  /** One step: places one stop of the pool. Returns the plan once the pool is empty. */
  step(): Plan | null {
    const work = this.work as Plan;
    this.steps += 1;
    const k = this.pool.pop() as number;
    if (!this.insert(work, k)) {
      this.penalty[k] = (this.penalty[k] as number) + 1;
      const used = work.routes.filter((r) => r.tasks.length > 0);
      // Routes in random order: equal penalties then go to whichever is met first.
      for (let i = used.length - 1; i > 0; i -= 1) {
        const j = Math.floor(this.ctx.random() * (i + 1));
        [used[i], used[j]] = [used[j] as Route, used[i] as Route];
      }
      const found = this.ejection.search(k, used);
      if (found) {
        work.assign(this.ctx.model, found.v, found.tasks);
        for (const gone of found.ejected) {
          work.routeOf[gone] = -1;
          this.pool.push(gone);
        }
      } else this.pool.unshift(k);
      this.shake(work);
    }
    if (this.pool.length > 0) return null;
    const done = this.work as Plan;
    this.work = null;
    return done;
  }

  /** Cheapest feasible insertion of k into a used route. */
  private insert(work: Plan, k: number): boolean {
    const { model } = this.ctx;
    let best = Number.POSITIVE_INFINITY;
    let bestRoute: Route | null = null;
    let bestAt = -1;
    for (const route of work.routes) {
      if (route.tasks.length === 0 || !accepts(model, route, k)) continue;
      const [first, last] = insertionRange(model, route, k);
      for (let p = first; p <= last; p += 1) {
        const added = insertionCost(model, route, k, p);
        if (added < best) {
          best = added;
          bestRoute = route;
          bestAt = p;
        }
      }
    }
    if (!bestRoute) return false;
    const tasks = bestRoute.tasks.slice();
    tasks.splice(bestAt, 0, k);
    work.assign(model, bestRoute.v, tasks);
    return true;
  }

  /** Random feasible tail exchanges and swaps between a stop's route and a near stop's. */
  private shake(work: Plan): void {
    const { model, random, neighbours } = this.ctx;
    for (let s = 0; s < SHAKES; s += 1) {
      const u = Math.floor(random() * model.n);
      const ru = work.routeOf[u] as number;
      if (ru < 0) continue;
      const near = neighbours[u] as Int32Array;
      const w = near[Math.floor(random() * Math.min(SHAKE_NEIGHBOURS, near.length))] as number;
      const rw = work.routeOf[w] as number;
      if (rw < 0 || rw === ru) continue;
      const A = work.routes[ru] as Route;
      const B = work.routes[rw] as Route;
      const i = A.tasks.indexOf(u);
      const j = B.tasks.indexOf(w);
      const kind = random();
      if (kind < 0.5) {
        // u then w's successors; w's predecessors then u's successors.
        const [a, b] = kind < 0.25 ? [i + 1, j + 1] : [i, j];
        if (tailsDelta(model, A, a, B, b) < Number.POSITIVE_INFINITY) applyTails(model, work, A, a, B, b);
      } else if (swapDelta(model, A, i, B, j) < Number.POSITIVE_INFINITY) applySwap(model, work, A, i, B, j);
    }
  }
}
