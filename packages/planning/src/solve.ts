import { arc, compile, type Model } from './model.ts';
import { context, type Plan } from './plan.ts';
import type {
  PlannedRoute,
  PlannedStop,
  PlanningProblem,
  PlanOptions,
  PlanSolution,
  UnassignedReason,
} from './problem.ts';
import { seeded } from './rng.ts';
import { insertionCost, Route, refresh } from './routes.ts';
import { type Budget, search } from './search.ts';
import { BOUNDARY_SHIFTS, betterPlan, expandTrips, foldTrips, shareOf, tripsOf } from './trips.ts';
import { validate } from './validate.ts';

export const DEFAULT_TIME_LIMIT_MS = 2000;
/** The first round's length: in milliseconds with a clock, in iterations without one. */
const FIRST_ROUND_MS = 20;
const FIRST_ROUND_ITERATIONS = 250;
/** Most iterations between two readings of the clock. */
const MAX_STRIDE = 64;
const MAX_ASK_STRIDE = 4096;

/**
 * A problem of this few stops is searched through in a few thousand iterations (its best plan
 * comes in the first hundred), so with a clock it stops there instead of spending the whole time
 * box: a dispatcher's shift of two bookings is planned at once, not in 2 s. A longer limit gives
 * the same plan, never a worse one.
 */
const SMALL_PROBLEM_TASKS = 3;
const SMALL_PROBLEM_ITERATIONS = 5_000;

/** Iterations when neither a clock nor a budget is given. */
export function defaultIterations(tasks: number): number {
  return Math.max(1000, Math.min(10_000, Math.round(600_000 / Math.max(1, tasks))));
}

/**
 * The search's budget. Given iterations, its rounds are counted in iterations (the same
 * problem, seed and iterations give the same plan; a clock only cuts at its limit); with a clock
 * and no iterations, in the clock's milliseconds up to the limit.
 */
function budgetOf(options: PlanOptions, tasks: number, began: number): Budget {
  const { clock, stop } = options;
  const limit = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const cap =
    options.iterations ??
    (clock
      ? tasks <= SMALL_PROBLEM_TASKS
        ? SMALL_PROBLEM_ITERATIONS
        : Number.POSITIVE_INFINITY
      : defaultIterations(tasks));
  const byClock = clock !== undefined && options.iterations === undefined;
  let done = 0;
  let over = false;
  // The clock's last reading, shared by the check and the schedule. Read every `stride`
  // iterations: a CPU clock is a system call, and a route elimination step takes microseconds.
  // The stride doubles while readings come less than half a millisecond apart and halves when
  // more than two apart, so the limit is overshot by a millisecond or two at most; it follows the
  // readings alone, so a clock that ticks alike gives the same schedule.
  let elapsed = 0;
  let stride = 1;
  let sinceRead = 0;
  let asked = 0;
  let askStride = 1;
  let sinceAsked = 0;
  return {
    get iterations() {
      return done;
    },
    get over() {
      return over;
    },
    firstRound: byClock ? FIRST_ROUND_MS : FIRST_ROUND_ITERATIONS,
    now: byClock ? () => elapsed : () => done,
    expired() {
      if (over || clock === undefined || ++sinceAsked < askStride) return over;
      // Its own stride, as `spend`'s: a descent asks every few stops, microseconds apart.
      sinceAsked = 0;
      const now = clock() - began;
      const gap = now - asked;
      if (gap < 0.5 && askStride < MAX_ASK_STRIDE) askStride *= 2;
      else if (gap > 2 && askStride > 1) askStride /= 2;
      asked = now;
      if (now >= limit || stop?.() === true) over = true;
      return over;
    },
    spend() {
      if (clock && ++sinceRead >= stride) {
        const now = clock() - began;
        const gap = now - elapsed;
        if (gap < 0.5 && stride < MAX_STRIDE) stride *= 2;
        else if (gap > 2 && stride > 1) stride /= 2;
        elapsed = now;
        sinceRead = 0;
      }
      if (over || done >= cap || (clock && elapsed >= limit) || stop?.()) {
        over = true;
        return false;
      }
      done += 1;
      return true;
    },
  };
}

/**
 * Plans trips: every job on a vehicle or reported unassigned with a reason; fewest vehicles,
 * then least cost (distance). Same problem, seed and iterations → same plan, unless the time
 * box (with a clock) cuts the search short.
 */
export function solve(problem: PlanningProblem, options: PlanOptions = {}): PlanSolution {
  validate(problem);
  if (!problem.vehicles.some((v) => tripsOf(v) > 1)) return solveOnce(problem, options);
  // Trucks with several trips (`trips.ts`): the trips' boundaries at a few places, the best plan kept.
  const share = shareOf(
    options,
    defaultIterations(problem.jobs.length),
    BOUNDARY_SHIFTS.length,
    DEFAULT_TIME_LIMIT_MS,
  );
  let best: PlanSolution | undefined;
  let iterations = 0;
  for (const shift of BOUNDARY_SHIFTS) {
    const expanded = expandTrips(problem, shift);
    const found = foldTrips(problem, expanded, solveOnce(expanded.problem, share, expanded.truckOf));
    iterations += found.summary.iterations;
    best = best ? betterPlan(best, found) : found;
  }
  const chosen = best as PlanSolution;
  return { ...chosen, summary: { ...chosen.summary, iterations } };
}

function solveOnce(
  problem: PlanningProblem,
  options: PlanOptions,
  truckOf?: readonly number[],
): PlanSolution {
  const began = options.clock?.() ?? 0;
  const model = compile(problem, truckOf);
  const ctx = context(model, seeded(options.seed ?? 1));
  const budget = budgetOf(options, model.n, began);
  const plan = search(ctx, budget);
  return describe(problem, model, plan, budget.iterations);
}

/** Why a task found no place: alone on any vehicle, does it fit at all? */
function reasonFor(model: Model, k: number): UnassignedReason {
  let fitsLoad = false;
  for (let v = 0; v < model.m; v += 1) {
    if (model.eligible[k * model.m + v] === 0) continue;
    let fits = true;
    for (let d = 0; d < model.dims; d += 1)
      if ((model.demand[k * model.dims + d] as number) > (model.capacity[v * model.dims + d] as number))
        fits = false;
    if (!fits) continue;
    fitsLoad = true;
    const alone = new Route(v, model.dims);
    refresh(model, alone);
    if (insertionCost(model, alone, k, 0) < Number.POSITIVE_INFINITY) return 'FLEET_FULL';
  }
  return fitsLoad ? 'TIME_WINDOW' : 'NO_VEHICLE';
}

function describeRoute(problem: PlanningProblem, model: Model, route: Route): PlannedRoute {
  const { v } = route;
  const { size } = model;
  const duration = model.duration[v] as Float64Array;
  const distance = model.distance[v] as Float64Array;
  const load = Array.from(route.load);
  const stops: PlannedStop[] = [];
  let at = model.startLoc[v] as number;
  // Leave late enough not to wait at the first stop (as VROOM reports it): same service times.
  const first = route.tasks[0];
  const firstWait =
    first === undefined
      ? 0
      : (route.start[0] as number) -
        (model.depart[v] as number) -
        arc(duration, size, at, model.loc[first] as number);
  const departure = (model.depart[v] as number) + firstWait;
  let time = departure;
  let travelled = 0;
  let driven = 0;
  let service = 0;
  let waiting = 0;
  const onBoard = load.slice();
  route.tasks.forEach((k, i) => {
    const here = model.loc[k] as number;
    const arrival = time + arc(duration, size, at, here);
    travelled += arc(duration, size, at, here);
    driven += arc(distance, size, at, here);
    const start = route.start[i] as number;
    waiting += start - arrival;
    for (const j of model.members[k] as number[]) {
      const job = problem.jobs[j];
      if (!job) continue;
      job.delivery.forEach((amount, d) => {
        onBoard[d] = (onBoard[d] as number) - amount;
      });
      stops.push({
        job: job.id,
        location: here,
        arrival,
        start,
        service: job.service ?? 0,
        load: onBoard.slice(),
        duration: travelled,
        distance: driven,
      });
    }
    service += model.service[k] as number;
    time = start + (model.service[k] as number);
    at = here;
  });
  const end = model.endLoc[v] as number;
  travelled += arc(duration, size, at, end);
  driven += arc(distance, size, at, end);
  return {
    vehicle: problem.vehicles[v]?.id ?? v,
    trip: 1,
    departure,
    load,
    stops,
    arrival: time + arc(duration, size, at, end),
    cost: route.cost,
    distance: driven,
    duration: travelled,
    service,
    waiting,
  };
}

function describe(problem: PlanningProblem, model: Model, plan: Plan, iterations: number): PlanSolution {
  const routes = plan.routes.filter((r) => r.tasks.length > 0).map((r) => describeRoute(problem, model, r));
  const unassigned = [
    ...model.refused.map(({ job, reason }) => ({ index: job, reason })),
    ...plan.absent.flatMap((k) => {
      const reason = reasonFor(model, k);
      return (model.members[k] as number[]).map((index) => ({ index, reason }));
    }),
  ]
    .sort((a, b) => a.index - b.index)
    .map(({ index, reason }) => ({ job: problem.jobs[index]?.id ?? index, reason }));
  const sum = (pick: (r: PlannedRoute) => number) => routes.reduce((total, r) => total + pick(r), 0);
  return {
    routes,
    unassigned,
    summary: {
      vehicles: routes.length,
      trips: routes.length,
      cost: sum((r) => r.cost),
      distance: sum((r) => r.distance),
      duration: sum((r) => r.duration),
      service: sum((r) => r.service),
      waiting: sum((r) => r.waiting),
      iterations,
    },
  };
}
