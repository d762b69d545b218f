import { arc, type Model } from './model.ts';
import { placeAt, placeBefore, type Route } from './routes.ts';
import type { Splicer } from './splice.ts';

/**
 * What a move between two routes is priced from, looked up once rather than once per move
 * (`LocalSearch.between`, docs/planning.md step 4, "Priced once"). u is a stop of route A, v
 * one of its close stops on route B; u's run is u alone or u with its successor.
 *
 * - u's side (`noteRun`, once per u while the plan stays the same): the places beside u's run
 *   and what its leaving takes away, the same for every v.
 * - The pair's arcs (`noteArcs`, once per pair): the arcs on B's roads between u's run and the
 *   places beside v, and inside the run either way round. A pair's relocations, swaps and tail
 *   exchanges drive the same ones; `LocalSearch` adds them in `Splicer.distance`'s order, so
 *   every figure is the same to the bit as the splicer's own.
 */
export class PairArcs {
  /** The place before u. */
  from = -1;
  /** The place after u's run of 1 or 2 stops (`next[size]`). */
  readonly next = new Int32Array(3);
  /** The cost the run's leaving takes away (`removed[size]`, `Splicer.removed`). */
  readonly removed = new Float64Array(3);
  /** The arc from u on, which a tail exchange after u breaks. */
  broken = 0;
  /** Arcs from the place v is at to the run's stop s (index 0: u, 1: its successor). */
  readonly fromHere = new Float64Array(2);
  /** Arcs from the place before v to the run's stop s. */
  readonly fromBefore = new Float64Array(2);
  /** Arcs from the run's stop s to the place after v. */
  readonly toAfter = new Float64Array(2);
  /** Arcs from the run's stop s to the place v is at. */
  readonly toHere = new Float64Array(2);
  /** The arc inside the run: u to its successor (`inner[0]`), or back (`inner[1]`). */
  readonly inner = new Float64Array(2);

  constructor(private readonly model: Model) {}

  /** u's side of the swaps and tail exchanges: u at A[i]. */
  noteRun(splicer: Splicer, A: Route, i: number): void {
    const { model } = this;
    for (let size = 1; size <= 2 && i + size <= A.tasks.length; size += 1) {
      this.next[size] = placeAt(model, A, i + size);
      this.removed[size] = splicer.removed(A, i, i + size, this.next[size] as number);
    }
    this.from = placeBefore(model, A, i);
    const u = model.loc[A.tasks[i] as number] as number;
    this.broken = arc(model.cost[A.v] as Float64Array, model.size, u, this.next[1] as number);
  }

  /** The arcs on vehicle v's roads between the run of tasks from a[i] and the places around v. */
  noteArcs(v: number, a: readonly number[], i: number, before: number, here: number, after: number): void {
    const { model } = this;
    const { size } = model;
    const cost = model.cost[v] as Float64Array;
    const run = Math.min(2, a.length - i);
    for (let s = 0; s < run; s += 1) {
      const stop = model.loc[a[i + s] as number] as number;
      this.fromHere[s] = arc(cost, size, here, stop);
      this.fromBefore[s] = arc(cost, size, before, stop);
      this.toAfter[s] = arc(cost, size, stop, after);
      this.toHere[s] = arc(cost, size, stop, here);
    }
    if (run < 2) return;
    const u = model.loc[a[i] as number] as number;
    const next = model.loc[a[i + 1] as number] as number;
    this.inner[0] = arc(cost, size, u, next);
    this.inner[1] = arc(cost, size, next, u);
  }
}
