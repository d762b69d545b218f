import { arc } from './model.ts';
import { PairArcs } from './pairArcs.ts';
import type { Penalties } from './penalties.ts';
import type { Plan, SearchContext } from './plan.ts';
import { placeAt, placeBefore, type Route } from './routes.ts';
import { Splicer } from './splice.ts';

/**
 * Local search to the nearest local optimum (first improvement), over the moves of the hybrid
 * genetic search (Vidal et al. 2013, PyVRP) between a stop u and each of its few closest stops v
 * (a granular neighbourhood): move u (or u with its successor, either way round) after or
 * before v, swap them, swap u and its successor with v (and v's successor), exchange the
 * routes' tails (2-opt*) or reverse the stretch between them (2-opt). Moves are judged on the
 * penalised cost (time warp and excess load at the given penalties), so a move may pass
 * through a late or overloaded plan. A move whose distance alone gains less than the two
 * routes' present penalties cannot help and is not timed. A pair is looked at again only after
 * one of its routes changed.
 *
 * A focused descent (`focus`: the stops ruin and repair just put back) looks at a stop only
 * while it is next to a change: first the stops put back and their neighbours on the route, then
 * those beside each move made. After a ruin of ten stops in three long routes (R2, RC2) the
 * unfocused descent re-examines all hundred stops at every move; focused, the annealing makes
 * about half as many iterations again per second (R205: 275 against 181).
 */

const IMPROVES = -1e-7;
/** Stops looked at between two questions to `expired`. */
const EXPIRY_CHECK = 16;
const NONE = new Int32Array(0);

export class LocalSearch {
  private readonly position: Int32Array;
  private readonly routeStamp: Int32Array;
  private readonly taskStamp: Int32Array;
  /** Per stop: the move after which it was last next to a change (focused descents only). */
  private readonly dirty: Int32Array;
  private focused = false;
  private readonly order: number[];
  private readonly one: Int32Array;
  private readonly two: Int32Array;
  private moves = 0;
  private plan: Plan | null = null;
  private splicer: Splicer | null = null;
  /** Per route: the penalty it pays now (late or overloaded), when only such routes are worked on. */
  private readonly paying: Float64Array;
  /** Per route: its penalised cost now (`penalties.of`), asked by every pair of its stops. */
  private readonly penalised: Float64Array;
  /**
   * The stop `leavingTask`'s route's change when it leaves alone (`leaving[1]`) or with its
   * successor (`leaving[2]`), NaN until priced, and the change of its distance (`out`): the
   * same for every v while no move is made (`leavingMoves`), so worked out once rather than
   * once per pair.
   */
  private readonly leaving = new Float64Array(3);
  private readonly out = new Float64Array(3);
  private leavingTask = -1;
  private leavingMoves = -1;
  /** u's side and the pair's arcs, looked up once (`PairArcs`). */
  private readonly arcs: PairArcs;
  /**
   * Per place in a route (the one before task w: `w`; a route's end: n + its vehicle), the
   * `trial` in which u's relocations there and the tail exchange cut there were last priced. A
   * trial lasts while u and the plan stay the same; in it, the place after v is the place before
   * v's successor, which is often one of u's close stops too: priced again, the same moves would
   * come out the same, so they are priced once.
   */
  private readonly placeTried: Int32Array;
  private trial = 0;

  /**
   * `expired`: asked every few stops; true ends the descent where it is (the budget's time is up:
   * a long descent from a messy plan may take hundreds of milliseconds).
   */
  constructor(
    private readonly ctx: SearchContext,
    private readonly expired: () => boolean = () => false,
  ) {
    const { n, m } = ctx.model;
    this.position = new Int32Array(n);
    this.routeStamp = new Int32Array(m);
    this.taskStamp = new Int32Array(n);
    this.dirty = new Int32Array(n);
    this.order = Array.from({ length: n }, (_, k) => k);
    this.one = new Int32Array(n + 4);
    this.two = new Int32Array(n + 4);
    this.paying = new Float64Array(m);
    this.penalised = new Float64Array(m);
    this.placeTried = new Int32Array(n + m);
    this.arcs = new PairArcs(ctx.model);
  }

  /**
   * Improves the plan in place until no move of the neighbourhood helps; returns the moves made.
   * With `onlyChanged`, pairs of two routes the plan did not change since its clone are taken to
   * be optimal already (the plan it was cloned from was). With `repairOnly`, only moves touching
   * a late or overloaded route are tried: the quickest way back to a feasible plan. With
   * `focus`, only stops next to those (or to a move made since) are looked at.
   */
  run(
    plan: Plan,
    penalties: Penalties,
    onlyChanged = false,
    repairOnly = false,
    focus: readonly number[] | null = null,
  ): number {
    const { random, model } = this.ctx;
    this.plan = plan;
    if (this.splicer?.penalties !== penalties) this.splicer = new Splicer(model, penalties);
    for (const route of plan.routes) this.price(route);
    for (const route of plan.routes)
      route.tasks.forEach((k, i) => {
        this.position[k] = i;
      });
    this.moves = 1;
    this.leavingTask = -1;
    for (let v = 0; v < plan.routes.length; v += 1)
      this.routeStamp[v] = !onlyChanged || plan.changed(v) ? 1 : 0;
    this.taskStamp.fill(0);
    this.focused = focus !== null;
    if (this.focused) {
      this.dirty.fill(0);
      for (const k of focus as readonly number[]) {
        const v = plan.routeOf[k] as number;
        if (v < 0) continue;
        const tasks = (plan.routes[v] as Route).tasks;
        const i = this.position[k] as number;
        for (let p = Math.max(0, i - 1); p <= Math.min(tasks.length - 1, i + 1); p += 1)
          this.dirty[tasks[p] as number] = 1;
      }
    }
    const order = this.order;
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    let made = 0;
    let looked = 0;
    for (let improved = true; improved; ) {
      improved = false;
      for (const u of order) {
        if (plan.routeOf[u] === -1) continue;
        if (++looked % EXPIRY_CHECK === 0 && this.expired()) return made;
        const tested = this.taskStamp[u] as number;
        if (this.focused && (this.dirty[u] as number) <= tested) continue;
        this.taskStamp[u] = this.moves;
        const close = this.ctx.close[u] as Int32Array;
        for (let c = 0; c < close.length; c += 1) {
          const v = close[c] as number;
          const rv = plan.routeOf[v] as number;
          const ru = plan.routeOf[u] as number;
          if (rv === -1) continue;
          if (Math.max(this.routeStamp[ru] as number, this.routeStamp[rv] as number) <= tested) continue;
          if (repairOnly && (this.paying[ru] as number) <= 0 && (this.paying[rv] as number) <= 0) continue;
          const A = plan.routes[ru] as Route;
          const i = this.position[u] as number;
          const found =
            ru === rv
              ? this.within(A, i, this.position[v] as number)
              : this.between(A, i, plan.routes[rv] as Route, this.position[v] as number);
          if (found) {
            improved = true;
            made += 1;
          }
        }
      }
    }
    return made;
  }

  private commit(A: Route, tasksA: number[], B: Route | null, tasksB: number[] | null): void {
    const plan = this.plan as Plan;
    const { model } = this.ctx;
    this.moves += 1;
    if (this.focused) {
      this.markChanged(A.tasks, tasksA);
      if (B && tasksB) this.markChanged(B.tasks, tasksB);
    }
    plan.assign(model, A.v, tasksA);
    tasksA.forEach((k, i) => {
      this.position[k] = i;
    });
    this.routeStamp[A.v] = this.moves;
    this.price(plan.routes[A.v] as Route);
    if (B && tasksB) {
      plan.assign(model, B.v, tasksB);
      tasksB.forEach((k, i) => {
        this.position[k] = i;
      });
      this.routeStamp[B.v] = this.moves;
      this.price(plan.routes[B.v] as Route);
    }
  }

  /** Notes what the route costs at the descent's penalties (`penalised`, `paying`). */
  private price(route: Route): void {
    const { penalties } = this.splicer as Splicer;
    const penalised = penalties.of(route);
    this.penalised[route.v] = penalised;
    this.paying[route.v] = penalised - route.cost;
  }

  /** Marks the stops of `after` from just before its first difference with `before` to just after its last. */
  private markChanged(before: readonly number[], after: readonly number[]): void {
    let lo = 0;
    while (lo < before.length && lo < after.length && before[lo] === after[lo]) lo += 1;
    let same = 0;
    while (
      same < before.length - lo &&
      same < after.length - lo &&
      before[before.length - 1 - same] === after[after.length - 1 - same]
    )
      same += 1;
    const last = Math.min(after.length - 1, after.length - same);
    for (let p = Math.max(0, lo - 1); p <= last; p += 1) this.dirty[after[p] as number] = this.moves;
  }

  /** Moves between two routes: u at A[i], v at B[j]. */
  private between(A: Route, i: number, B: Route, j: number): boolean {
    const splicer = this.splicer as Splicer;
    const a = A.tasks;
    const b = B.tasks;
    const one = this.one;
    const two = this.two;
    const oldA = this.penalised[A.v] as number;
    const oldB = this.penalised[B.v] as number;
    // Penalties only add: a move must gain more distance than the two routes pay now.
    const paid = oldA - A.cost + oldB - B.cost;

    // Relocate u (and u with its successor, in both orders) after v, or before v.
    const leaving = this.leaving;
    if (this.leavingTask !== a[i] || this.leavingMoves !== this.moves) {
      this.leavingTask = a[i] as number;
      this.leavingMoves = this.moves;
      leaving.fill(Number.NaN);
      for (let size = 1; size <= 2 && i + size <= a.length; size += 1)
        this.out[size] = splicer.distance(A, i, i + size, NONE, 0);
      this.arcs.noteRun(splicer, A, i);
      this.trial += 1;
    }
    // The places after v and before it, and whether this trial priced their moves already.
    const { n } = this.ctx.model;
    const placeAfter = j + 1 < b.length ? (b[j + 1] as number) : n + B.v;
    const placeHere = b[j] as number;
    const triedAfter = this.placeTried[placeAfter] === this.trial;
    const triedHere = this.placeTried[placeHere] === this.trial;
    // The two places beside v: their ends and the arc each breaks, the same for every run of stops.
    const { model } = this.ctx;
    const cost = model.cost[B.v] as Float64Array;
    const before = placeBefore(model, B, j);
    const here = model.loc[b[j] as number] as number;
    const after = placeAt(model, B, j + 1);
    const goneAfter = arc(cost, model.size, here, after);
    const goneBefore = arc(cost, model.size, before, here);
    const { arcs } = this;
    const { fromHere, fromBefore, toAfter, toHere, inner } = arcs;
    arcs.noteArcs(B.v, a, i, before, here, after);
    for (let size = 1; size <= 2 && i + size <= a.length; size += 1) {
      const out = this.out[size] as number;
      for (let reversed = 0; reversed < size; reversed += 1) {
        for (let s = 0; s < size; s += 1) one[s] = a[reversed ? i + size - 1 - s : i + s] as number;
        if (!splicer.allows(B, one, size, NONE, 0)) break;
        // `Splicer.distance` of B's side from the arcs noted: in, through the run, out.
        const first = reversed;
        const last = size - 1 - reversed;
        for (let at = j + 1; at >= j; at -= 1) {
          if (at > j ? triedAfter : triedHere) continue;
          const into =
            at > j
              ? drive(fromHere[first] as number, size, inner[reversed] as number, toAfter[last] as number) -
                goneAfter
              : drive(fromBefore[first] as number, size, inner[reversed] as number, toHere[last] as number) -
                goneBefore;
          if (out + into - paid >= IMPROVES) continue;
          // A's side, priced when first needed; B's side costs at least its distance less what
          // B pays now (rounding is monotone, so this bound never exceeds the sum below).
          if (Number.isNaN(leaving[size]))
            leaving[size] = splicer.spliceKnown(A, i, i + size, NONE, 0, out, oldA);
          const left = leaving[size] as number;
          if (left + (B.cost + into - oldB) >= IMPROVES) continue;
          if (left + splicer.spliceKnown(B, at, at, one, size, into, oldB) < IMPROVES) {
            const seg = a.slice(i, i + size);
            if (reversed) seg.reverse();
            this.commit(A, [...a.slice(0, i), ...a.slice(i + size)], B, [
              ...b.slice(0, at),
              ...seg,
              ...b.slice(at),
            ]);
            return true;
          }
        }
      }
    }

    // Swap u (or u and its successor) with v (or v and its successor).
    const uNext = arcs.next;
    const uRemoved = arcs.removed;
    // What v alone leaving B takes away (`Splicer.removed`; its arc out is the one noted above).
    const vRemoved = (B.reach[j + 1] as number) - (B.reach[j] as number) + goneAfter;
    for (let sizeU = 1; sizeU <= 2 && i + sizeU <= a.length; sizeU += 1) {
      for (let sizeV = 1; sizeV <= sizeU && j + sizeV <= b.length; sizeV += 1) {
        for (let s = 0; s < sizeU; s += 1) one[s] = a[i + s] as number;
        for (let s = 0; s < sizeV; s += 1) two[s] = b[j + s] as number;
        // `Splicer.distance` of each side, its runs' ends known.
        const intoA = splicer.replacingDistance(
          A.v,
          arcs.from,
          uNext[sizeU] as number,
          uRemoved[sizeU] as number,
          two,
          sizeV,
        );
        const intoB =
          sizeV === 1
            ? drive(fromBefore[0] as number, sizeU, inner[0] as number, toAfter[sizeU - 1] as number) -
              vRemoved
            : splicer.distance(B, j, j + sizeV, one, sizeU);
        if (intoA + intoB - paid >= IMPROVES) continue;
        if (!splicer.allows(B, one, sizeU, two, sizeV) || !splicer.allows(A, two, sizeV, one, sizeU))
          continue;
        // The side of the route paying more first: the other's distance less what its route pays
        // now bounds it from below, often enough to rule the move out untimed.
        let value: number;
        if (oldA - A.cost >= oldB - B.cost) {
          const sideA = splicer.spliceKnown(A, i, i + sizeU, two, sizeV, intoA, oldA);
          if (sideA + (B.cost + intoB - oldB) >= IMPROVES) continue;
          value = sideA + splicer.spliceKnown(B, j, j + sizeV, one, sizeU, intoB, oldB);
        } else {
          const sideB = splicer.spliceKnown(B, j, j + sizeV, one, sizeU, intoB, oldB);
          if (sideB + (A.cost + intoA - oldA) >= IMPROVES) continue;
          value = splicer.spliceKnown(A, i, i + sizeU, two, sizeV, intoA, oldA) + sideB;
        }
        if (value < IMPROVES) {
          const segU = a.slice(i, i + sizeU);
          const segV = b.slice(j, j + sizeV);
          this.commit(A, [...a.slice(0, i), ...segV, ...a.slice(i + sizeU)], B, [
            ...b.slice(0, j),
            ...segU,
            ...b.slice(j + sizeV),
          ]);
          return true;
        }
      }
    }

    // Tail exchanges (2-opt*): u then v's successor, or u then v (the cuts' places known).
    const x = i + 1;
    const uPlace = model.loc[a[i] as number] as number;
    for (let y = j + 1; y >= j; y -= 1) {
      if (y > j ? triedAfter : triedHere) continue;
      const distance =
        y > j
          ? splicer.tailsDistance(A, x, uPlace, uNext[1] as number, arcs.broken, B, y, here, after, goneAfter)
          : splicer.tailsDistance(
              A,
              x,
              uPlace,
              uNext[1] as number,
              arcs.broken,
              B,
              y,
              before,
              here,
              goneBefore,
            );
      if (distance - paid >= IMPROVES) continue;
      if (splicer.tails(A, x, B, y, oldA + oldB, IMPROVES) < IMPROVES) {
        this.commit(A, [...a.slice(0, x), ...b.slice(y)], B, [...b.slice(0, y), ...a.slice(x)]);
        return true;
      }
    }
    this.placeTried[placeAfter] = this.trial;
    this.placeTried[placeHere] = this.trial;
    return false;
  }

  /** Moves inside one route: u at i, v at j. */
  private within(R: Route, i: number, j: number): boolean {
    const splicer = this.splicer as Splicer;
    const paid = (this.penalised[R.v] as number) - R.cost;
    const t = R.tasks;
    const buf = this.one;
    // Relocate u (or u with its successor) to just after v.
    for (let size = 1; size <= 2; size += 1) {
      if (i + size > t.length || (j >= i && j < i + size)) break;
      if (j === i - 1) continue;
      // The distance first, in O(1); the stretch the move rewrites only when that gains.
      const distance = splicer.moveDistance(R, i, size, j);
      if (distance - paid >= IMPROVES) continue;
      let lo: number;
      let hi: number;
      let count = 0;
      if (j > i) {
        lo = i;
        hi = j + 1;
        for (let p = i + size; p <= j; p += 1) buf[count++] = t[p] as number;
        for (let s = 0; s < size; s += 1) buf[count++] = t[i + s] as number;
      } else {
        lo = j + 1;
        hi = i + size;
        for (let s = 0; s < size; s += 1) buf[count++] = t[i + s] as number;
        for (let p = j + 1; p < i; p += 1) buf[count++] = t[p] as number;
      }
      if (splicer.spliceInside(R, lo, hi, buf, count, distance) < IMPROVES) {
        this.commit(R, [...t.slice(0, lo), ...buf.subarray(0, count), ...t.slice(hi)], null, null);
        return true;
      }
    }
    // 2-opt: reverse the stretch after u up to v, so that u goes straight to v.
    if (j > i + 1) {
      const count = j - i;
      // The stretch reversed into buf only when its distance needs it or the move may gain.
      const symmetric = this.ctx.model.symmetric[R.v] === 1;
      if (!symmetric) reverseInto(buf, t, i + 1, j);
      const distance = splicer.reverseDistance(R, i + 1, j, buf);
      if (distance - paid < IMPROVES) {
        if (symmetric) reverseInto(buf, t, i + 1, j);
        if (splicer.spliceInside(R, i + 1, j + 1, buf, count, distance) < IMPROVES) {
          this.commit(R, [...t.slice(0, i + 1), ...buf.subarray(0, count), ...t.slice(j + 1)], null, null);
          return true;
        }
      }
    }
    return false;
  }
}

/**
 * The cost of a drive into a run of one or two stops, through it and out (`Splicer.distance`'s
 * sum, in its order): `inner`, the arc between the two, counts only for two. Kept in this module:
 * imported from pairArcs.ts, this call of the hottest loop cost 3–5 % more CPU at fixed iterations.
 */
function drive(into: number, size: number, inner: number, out: number): number {
  return size === 1 ? into + out : into + inner + out;
}

/** Positions [i, j] of the tasks into buf, last first. */
function reverseInto(buf: Int32Array, tasks: readonly number[], i: number, j: number): void {
  for (let p = j, c = 0; p >= i; p -= 1, c += 1) buf[c] = tasks[p] as number;
}
