import type { Penalties } from './penalties.ts';
import { Plan, routeFeasible, type SearchContext } from './plan.ts';
import { accepts, insertionCost, insertionRange, type Route, refresh } from './routes.ts';
import { Splicer } from './splice.ts';

/**
 * Ruin and recreate after SISR (Christiaens & Vanden Berghe, "Slack Induction by String
 * Removals for Vehicle Routing Problems", Transportation Science 2020): take strings of
 * neighbouring stops out of a few routes, put them back one by one at their cheapest feasible
 * position, skipping a position now and then (a "blink").
 */

/** Mean removed stops and longest removed string (the paper's c̄ and Lmax). */
const MEAN_REMOVED = 10;
const MAX_STRING = 10;
/** Half the strings keep a run of stops in their middle; the run grows while a draw is above this. */
const SPLIT_RATE = 0.5;
const SPLIT_DEPTH = 0.1;
/** Chance of skipping a position when inserting: diversity at almost no cost. */
const BLINK = 0.01;

function shuffle(items: number[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as number, items[i] as number];
  }
}

/** Takes `length` stops from a route around `task` (with a kept run in the middle for a split string). */
function cut(ctx: SearchContext, route: Route, task: number, length: number): number[] {
  const { random } = ctx;
  const tasks = route.tasks;
  const len = tasks.length;
  const at = tasks.indexOf(task);
  let kept = 0;
  if (random() < SPLIT_RATE && length < len) {
    kept = 1;
    while (kept < len - length && random() > SPLIT_DEPTH) kept += 1;
  }
  const span = length + kept;
  const lowest = Math.max(0, at - span + 1);
  const highest = Math.min(at, len - span);
  const first = lowest + Math.floor(random() * (highest - lowest + 1));
  if (kept === 0) return tasks.splice(first, length);
  const keepAt = first + Math.floor(random() * (length + 1));
  const removed = [...tasks.slice(first, keepAt), ...tasks.slice(keepAt + kept, first + span)];
  route.tasks = [
    ...tasks.slice(0, first),
    ...tasks.slice(keepAt, keepAt + kept),
    ...tasks.slice(first + span),
  ];
  return removed;
}

/** Removes strings of neighbouring stops from a few routes; returns the removed tasks. */
export function ruin(ctx: SearchContext, plan: Plan, mean = MEAN_REMOVED): number[] {
  const { model, random } = ctx;
  const used = plan.used();
  const planned = model.n - plan.absent.length;
  if (used === 0 || planned === 0) return [];
  const longest = Math.min(MAX_STRING, planned / used);
  const maxRoutes = (4 * mean) / (1 + longest) - 1;
  const routes = Math.floor(random() * maxRoutes) + 1;
  let seed = Math.floor(random() * model.n);
  while (plan.routeOf[seed] === -1) seed = (seed + 1) % model.n;
  const removed: number[] = [];
  const ruined: number[] = [];
  const neighbours = ctx.neighbours[seed] as Int32Array;
  for (let i = -1; i < neighbours.length && ruined.length < routes; i += 1) {
    const task = i < 0 ? seed : (neighbours[i] as number);
    const v = plan.routeOf[task] as number;
    if (v < 0 || ruined.includes(v)) continue;
    const route = plan.mutable(v);
    const length = Math.floor(random() * Math.min(route.tasks.length, longest)) + 1;
    for (const gone of cut(ctx, route, task, length)) {
      plan.routeOf[gone] = -1;
      removed.push(gone);
    }
    refresh(model, route);
    ruined.push(v);
  }
  return removed;
}

/** Takes these tasks out of their routes (the same plan as the ruin that removed them left) and out of the absent list. */
export function takeOut(ctx: SearchContext, plan: Plan, tasks: readonly number[]): void {
  const gone = new Set(tasks);
  const touched = new Set<number>();
  for (const k of tasks) {
    const v = plan.routeOf[k] as number;
    if (v >= 0) touched.add(v);
    plan.routeOf[k] = -1;
  }
  for (const v of touched) {
    const route = plan.mutable(v);
    route.tasks = route.tasks.filter((k) => !gone.has(k));
    refresh(ctx.model, route);
  }
  plan.absent = plan.absent.filter((k) => !gone.has(k));
}

/** The order in which removed stops go back (the paper's random, demand, far and close orders, 4:4:2:1). */
function order(ctx: SearchContext, tasks: number[]): void {
  const pick = ctx.random() * 11;
  shuffle(tasks, ctx.random);
  if (pick < 4) return;
  if (pick < 8) tasks.sort((a, b) => (ctx.size[b] as number) - (ctx.size[a] as number));
  else if (pick < 10) tasks.sort((a, b) => (ctx.farness[b] as number) - (ctx.farness[a] as number));
  else tasks.sort((a, b) => (ctx.farness[a] as number) - (ctx.farness[b] as number));
}

/**
 * Whether to pass over empty vehicle v for the task being placed (turn `turn`): the fleet is
 * full, or an alike empty vehicle was tried already (it would give the same insertions).
 */
function passOver(ctx: SearchContext, v: number, full: boolean, tried: Int32Array, turn: number): boolean {
  if (full) return true;
  const kind = ctx.model.vehicleClass[v] as number;
  if (tried[kind] === turn) return true;
  tried[kind] = turn;
  return false;
}

/** Puts task k before position p of vehicle v's route (v < 0: leaves it out); true when that opens the vehicle. */
function place(ctx: SearchContext, plan: Plan, k: number, v: number, p: number): boolean {
  if (v < 0) {
    plan.absent.push(k);
    return false;
  }
  const route = plan.mutable(v);
  const opens = route.tasks.length === 0;
  route.tasks.splice(p, 0, k);
  refresh(ctx.model, route);
  plan.routeOf[k] = v;
  return opens;
}

export interface Recreate {
  /** Most vehicles the plan may use: an unused one opens only while fewer are used. */
  readonly fleet: number;
  /** What opening a vehicle adds to an insertion's cost. */
  readonly opening: number;
  /** A task whose cheapest place costs this much or more stays out (as one with no place at all). */
  readonly leaveOut: number;
}

/** Puts tasks back, one by one, at their cheapest position. */
export function recreate(ctx: SearchContext, plan: Plan, tasks: number[], rules: Recreate): void {
  const { fleet, opening, leaveOut } = rules;
  const { model, random } = ctx;
  order(ctx, tasks);
  const triedClass = new Int32Array(model.m).fill(-1);
  let used = plan.used();
  let attempt = 0;
  for (const k of tasks) {
    let best = leaveOut;
    let bestVehicle = -1;
    let bestPosition = -1;
    // A second pass without blinks: a blink may skip a position, never leave a task out.
    for (let pass = 0; pass < 2 && bestVehicle < 0; pass += 1) {
      const blink = pass === 0 ? BLINK : 0;
      attempt += 1;
      for (let v = 0; v < model.m; v += 1) {
        const route = plan.routes[v] as Route;
        const empty = route.tasks.length === 0;
        if (empty && passOver(ctx, v, used >= fleet, triedClass, attempt)) continue;
        if (!accepts(model, route, k)) continue;
        const fixed = empty ? opening : 0;
        const [first, last] = insertionRange(model, route, k);
        for (let p = first; p <= last; p += 1) {
          if (blink > 0 && random() < blink) continue;
          const added = insertionCost(model, route, k, p) + fixed;
          if (added < best) {
            best = added;
            bestVehicle = v;
            bestPosition = p;
          }
        }
      }
    }
    if (place(ctx, plan, k, bestVehicle, bestPosition)) used += 1;
  }
}

/** A fresh plan by cheapest insertion of every task. */
export function construct(ctx: SearchContext): Plan {
  const plan = Plan.empty(ctx.model);
  recreate(
    ctx,
    plan,
    Array.from({ length: ctx.model.n }, (_, k) => k),
    { fleet: ctx.model.m, opening: ctx.vehicleWeight, leaveOut: Number.POSITIVE_INFINITY },
  );
  return plan;
}

/**
 * Puts tasks back, one by one, where they add the least penalised cost (late or overloaded
 * places included, at the penalties' price): into used routes, or into an unused vehicle while
 * fewer than `fleet` are used. Only a task no vehicle may carry (skills, prohibited goods) stays out.
 */
export function repair(
  ctx: SearchContext,
  plan: Plan,
  tasks: number[],
  penalties: Penalties,
  fleet: number,
): void {
  const { model, random } = ctx;
  const splicer = new Splicer(model, penalties);
  order(ctx, tasks);
  const one = new Int32Array(1);
  const none = new Int32Array(0);
  const triedClass = new Int32Array(model.m).fill(-1);
  let used = plan.used();
  for (let t = 0; t < tasks.length; t += 1) {
    const k = tasks[t] as number;
    one[0] = k;
    let best = Number.POSITIVE_INFINITY;
    let bestVehicle = -1;
    let bestPosition = -1;
    for (let v = 0; v < model.m; v += 1) {
      const route = plan.routes[v] as Route;
      if (route.tasks.length === 0 && passOver(ctx, v, used >= fleet, triedClass, t)) continue;
      if (!splicer.allows(route, one, 1, none, 0)) continue;
      splicer.insertion(route, k);
      for (let p = 0; p <= route.tasks.length; p += 1) {
        // A blink only once some place is known: a task never stays out for it.
        if (best < Number.POSITIVE_INFINITY && random() < BLINK) continue;
        const added = splicer.insertAt(route, p, one, best);
        if (added < best) {
          best = added;
          bestVehicle = v;
          bestPosition = p;
        }
      }
    }
    if (place(ctx, plan, k, bestVehicle, bestPosition)) used += 1;
  }
}

/**
 * Makes a plan the penalised search left late or overloaded feasible again: from each route
 * that breaks a rule, takes out one stop at a time — the one whose leaving lowers the route's
 * penalised cost most — until it keeps its rules, then puts those stops back where they fit
 * without breaking any (at most `fleet` vehicles); a stop that fits nowhere stays out.
 */
export function settle(ctx: SearchContext, plan: Plan, penalties: Penalties, fleet: number): void {
  const { model } = ctx;
  const out: number[] = [];
  for (let v = 0; v < model.m; v += 1) {
    if (routeFeasible(model, plan.routes[v] as Route)) continue;
    const route = plan.mutable(v);
    while (!routeFeasible(model, route)) {
      const tasks = route.tasks;
      let best = Number.POSITIVE_INFINITY;
      let worst = 0;
      for (let i = 0; i < tasks.length; i += 1) {
        const value = penalties.ofSequence(v, [...tasks.slice(0, i), ...tasks.slice(i + 1)]);
        if (value < best) {
          best = value;
          worst = i;
        }
      }
      const [gone] = tasks.splice(worst, 1) as [number];
      plan.routeOf[gone] = -1;
      out.push(gone);
      refresh(model, route);
    }
  }
  if (out.length > 0)
    recreate(ctx, plan, out, { fleet, opening: ctx.vehicleWeight, leaveOut: Number.POSITIVE_INFINITY });
}
