import { arc, earliestStart, type Model } from './model.ts';
import type { Plan } from './plan.ts';
import { leaveTime, placeAt, placeBefore, type Route, sequenceCost } from './routes.ts';

/**
 * Moves between two routes, each checked in O(1) from the routes' caches when the model allows
 * it (`plain`: any task on any vehicle; the two vehicles end alike) and by driving the new
 * sequences otherwise. Each returns the change of cost, Infinity when the result breaks a rule.
 */

const INFEASIBLE = Number.POSITIVE_INFINITY;

/** Whether `load` (per dimension, computed by `of`) fits vehicle v. */
function fits(model: Model, v: number, of: (d: number) => number): boolean {
  for (let d = 0; d < model.dims; d += 1)
    if (of(d) > (model.capacity[v * model.dims + d] as number)) return false;
  return true;
}

/**
 * Tail exchange (2-opt*): A keeps its stops before position a and takes B's from b on; B keeps
 * its stops before b and takes A's from a on.
 */
export function tailsDelta(model: Model, A: Route, a: number, B: Route, b: number): number {
  if (!model.plain || model.endClass[A.v] !== model.endClass[B.v]) {
    const before = A.cost + B.cost;
    const newA = sequenceCost(model, A.v, [...A.tasks.slice(0, a), ...B.tasks.slice(b)]);
    if (newA === INFEASIBLE) return INFEASIBLE;
    const newB = sequenceCost(model, B.v, [...B.tasks.slice(0, b), ...A.tasks.slice(a)]);
    return newB === INFEASIBLE ? INFEASIBLE : newA + newB - before;
  }
  const { dims, size } = model;
  const lenA = A.tasks.length;
  const lenB = B.tasks.length;
  if (
    !fits(
      model,
      A.v,
      (d) => (A.before[a * dims + d] as number) + (B.load[d] as number) - (B.before[b * dims + d] as number),
    ) ||
    !fits(
      model,
      B.v,
      (d) => (B.before[b * dims + d] as number) + (A.load[d] as number) - (A.before[a * dims + d] as number),
    )
  )
    return INFEASIBLE;
  const durA = model.duration[A.v] as Float64Array;
  const durB = model.duration[B.v] as Float64Array;
  const fromA = placeBefore(model, A, a);
  const fromB = placeBefore(model, B, b);
  const toA = placeAt(model, A, a);
  const toB = placeAt(model, B, b);
  // An emptied tail goes straight to the end: the end's latest arrival is the vehicle's own.
  const latestA = b === lenB ? (model.shiftEnd[A.v] as number) : (B.latest[b] as number);
  const latestB = a === lenA ? (model.shiftEnd[B.v] as number) : (A.latest[a] as number);
  const endA = b === lenB ? (model.endLoc[A.v] as number) : toB;
  const endB = a === lenA ? (model.endLoc[B.v] as number) : toA;
  if (leaveTime(model, A, a) + arc(durA, size, fromA, endA) > latestA) return INFEASIBLE;
  if (leaveTime(model, B, b) + arc(durB, size, fromB, endB) > latestB) return INFEASIBLE;
  return tailsLegs(model, A, a, B, b);
}

/**
 * Distance change of the tail exchange, timing and capacity aside: the two new links less the
 * two broken ones (vehicles that end alike: each tail keeps its cost).
 */
export function tailsLegs(model: Model, A: Route, a: number, B: Route, b: number): number {
  const { size } = model;
  const fromA = placeBefore(model, A, a);
  const toA = placeAt(model, A, a);
  const fromB = placeBefore(model, B, b);
  const toB = placeAt(model, B, b);
  // The arcs the cuts break (an empty route has none).
  const brokenA = A.tasks.length === 0 ? 0 : arc(model.cost[A.v] as Float64Array, size, fromA, toA);
  const brokenB = B.tasks.length === 0 ? 0 : arc(model.cost[B.v] as Float64Array, size, fromB, toB);
  return tailsLegsAt(model, A, a, fromA, toA, brokenA, B, b, fromB, toB, brokenB);
}

/**
 * `tailsLegs` with the places on either side of each cut (`fromA`: before position a of A,
 * `toA`: at it; the same for B) and the cost of the arc each cut breaks known: the local search
 * has them for every pair it looks at.
 */
export function tailsLegsAt(
  model: Model,
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
  const { size } = model;
  const lenA = A.tasks.length;
  const lenB = B.tasks.length;
  const costA = model.cost[A.v] as Float64Array;
  const costB = model.cost[B.v] as Float64Array;
  const endA = b === lenB ? (model.endLoc[A.v] as number) : toB;
  const endB = a === lenA ? (model.endLoc[B.v] as number) : toA;
  // A route left without stops costs nothing at all (not even start → end).
  const legA = a === 0 && b === lenB ? 0 : arc(costA, size, fromA, endA);
  const legB = b === 0 && a === lenA ? 0 : arc(costB, size, fromB, endB);
  return legA + legB - brokenA - brokenB;
}

export function applyTails(model: Model, plan: Plan, A: Route, a: number, B: Route, b: number): void {
  const newA = [...A.tasks.slice(0, a), ...B.tasks.slice(b)];
  const newB = [...B.tasks.slice(0, b), ...A.tasks.slice(a)];
  plan.assign(model, A.v, newA);
  plan.assign(model, B.v, newB);
}

/** Cost change of putting task k in place of position p of route R (Infinity when late or too heavy). */
function replaceDelta(model: Model, R: Route, p: number, k: number): number {
  const { size, dims } = model;
  const out = R.tasks[p] as number;
  if (
    !fits(
      model,
      R.v,
      (d) =>
        (R.load[d] as number) -
        (model.demand[out * dims + d] as number) +
        (model.demand[k * dims + d] as number),
    )
  )
    return INFEASIBLE;
  const duration = model.duration[R.v] as Float64Array;
  const cost = model.cost[R.v] as Float64Array;
  const from = placeBefore(model, R, p);
  const to = placeAt(model, R, p + 1);
  const here = model.loc[k] as number;
  const start = earliestStart(model, k, leaveTime(model, R, p) + arc(duration, size, from, here));
  if (start + (model.service[k] as number) + arc(duration, size, here, to) > (R.latest[p + 1] as number))
    return INFEASIBLE;
  const there = model.loc[out] as number;
  return (
    arc(cost, size, from, here) +
    arc(cost, size, here, to) -
    arc(cost, size, from, there) -
    arc(cost, size, there, to)
  );
}

/** Exchange of the task at position i of A with the task at position j of B (two routes). */
export function swapDelta(model: Model, A: Route, i: number, B: Route, j: number): number {
  const u = A.tasks[i] as number;
  const w = B.tasks[j] as number;
  if (!model.plain) {
    const newA = A.tasks.slice();
    newA[i] = w;
    const newB = B.tasks.slice();
    newB[j] = u;
    const costA = sequenceCost(model, A.v, newA);
    if (costA === INFEASIBLE) return INFEASIBLE;
    const costB = sequenceCost(model, B.v, newB);
    return costB === INFEASIBLE ? INFEASIBLE : costA + costB - A.cost - B.cost;
  }
  const deltaA = replaceDelta(model, A, i, w);
  if (deltaA === INFEASIBLE) return INFEASIBLE;
  const deltaB = replaceDelta(model, B, j, u);
  return deltaB === INFEASIBLE ? INFEASIBLE : deltaA + deltaB;
}

export function applySwap(model: Model, plan: Plan, A: Route, i: number, B: Route, j: number): void {
  const newA = A.tasks.slice();
  const newB = B.tasks.slice();
  newA[i] = B.tasks[j] as number;
  newB[j] = A.tasks[i] as number;
  plan.assign(model, A.v, newA);
  plan.assign(model, B.v, newB);
}
