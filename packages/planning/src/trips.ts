import type {
  PlannedRoute,
  PlanningProblem,
  PlanOptions,
  PlanSolution,
  PlanVehicle,
  TimeWindow,
} from './problem.ts';

/**
 * Several trips per truck. A truck allowed n trips becomes n vehicles of the search, one per
 * trip, whose time windows follow each other: trip k runs inside `[b(k−1), b(k)]` (leaving after
 * its load time), so trip k+1 leaves at the earliest at trip k's latest return + the reload time.
 * Trips are thus routes chained in time; every move of the search (relocate, swap, 2-opt*, ruin
 * and recreate, route elimination) works across them as across any two routes, and the objective
 * counts trucks, not trips (`Model.truck`, `Plan.trucks`). Why not a free boundary per truck: the
 * search checks a move in O(1) from each route's own caches; a boundary that moved with the
 * neighbouring trip would tie two routes' timing together. Instead the boundaries are tried at
 * three places (`BOUNDARY_SHIFTS`), and once with one trip per truck over its whole window (so
 * allowing more trips never gives a worse plan than one), the best plan kept; each try has an
 * equal share of the budget.
 */

/**
 * Where the boundaries between trips sit, as a share of one trip's equal part of the window;
 * null: one trip over the whole window.
 */
export const BOUNDARY_SHIFTS = [0, -0.25, 0.25, null] as const;

export const tripsOf = (vehicle: PlanVehicle): number => vehicle.trips ?? 1;

/** The trips' windows of one truck: its window cut into equal parts, the cuts moved by `shift` parts. */
export function tripWindows(vehicle: PlanVehicle, shift: number): TimeWindow[] {
  const trips = tripsOf(vehicle);
  const [open, close] = vehicle.timeWindow ?? [0, 0];
  const part = (close - open) / trips;
  const cuts = Array.from({ length: trips - 1 }, (_, k) =>
    Math.min(close, Math.max(open, Math.round(open + part * (k + 1 + shift)))),
  );
  const bounds = [open, ...cuts, close];
  return cuts.concat(close).map((end, k) => [bounds[k] as number, end] as const);
}

export interface TripProblem {
  readonly problem: PlanningProblem;
  /** Per vehicle of `problem`: the index of its truck in the original problem, and its trip (0-based). */
  readonly truckOf: number[];
  readonly tripOf: number[];
}

/** The problem with each truck as one vehicle per trip (vehicle ids become their index). */
export function expandTrips(problem: PlanningProblem, shift: number | null): TripProblem {
  const vehicles: PlanVehicle[] = [];
  const truckOf: number[] = [];
  const tripOf: number[] = [];
  problem.vehicles.forEach((vehicle, truck) => {
    const windows =
      tripsOf(vehicle) > 1 && shift !== null ? tripWindows(vehicle, shift) : [vehicle.timeWindow];
    const load = vehicle.startService ?? 0;
    const loaded = (vehicle.timeWindow?.[0] ?? 0) + load;
    windows.forEach((window, trip) => {
      const { trips: _trips, reload, ...rest } = vehicle;
      vehicles.push({
        ...rest,
        id: vehicles.length,
        ...(window ? { timeWindow: window } : {}),
        // A later trip leaves after a reload, and never before the day's first loading is done:
        // when the trips before it stay empty, it is the truck's first and loads in full.
        startService: trip === 0 ? load : Math.max(reload ?? load, loaded - (window?.[0] ?? loaded)),
      });
      truckOf.push(truck);
      tripOf.push(trip);
    });
  });
  return { problem: { ...problem, vehicles }, truckOf, tripOf };
}

/** A solution of the expanded problem told in the trucks' ids, each truck's trips numbered from 1. */
export function foldTrips(
  problem: PlanningProblem,
  expanded: TripProblem,
  solution: PlanSolution,
): PlanSolution {
  const order = (route: PlannedRoute) => {
    const v = route.vehicle as number;
    return (expanded.truckOf[v] as number) * 1e6 + (expanded.tripOf[v] as number);
  };
  const sorted = [...solution.routes].sort((a, b) => order(a) - order(b));
  const count = new Map<number, number>();
  const routes = sorted.map((route) => {
    const truck = expanded.truckOf[route.vehicle as number] as number;
    const trip = (count.get(truck) ?? 0) + 1;
    count.set(truck, trip);
    return { ...route, vehicle: problem.vehicles[truck]?.id ?? truck, trip };
  });
  return {
    ...solution,
    routes,
    summary: { ...solution.summary, vehicles: count.size, trips: routes.length },
  };
}

/** Better plan first: fewer stops left out, then fewer trucks, then less cost. */
export function betterPlan(a: PlanSolution, b: PlanSolution): PlanSolution {
  const key = (s: PlanSolution) => [s.unassigned.length, s.summary.vehicles, s.summary.cost];
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < x.length; i += 1)
    if ((x[i] as number) !== (y[i] as number)) return (x[i] as number) < (y[i] as number) ? a : b;
  return a;
}

/** Each boundary placement's share of the options' budget. */
export function shareOf(
  options: PlanOptions,
  iterations: number,
  parts: number,
  limitMs: number,
): PlanOptions {
  return {
    ...options,
    timeLimitMs: (options.timeLimitMs ?? limitMs) / parts,
    ...(options.iterations !== undefined || !options.clock
      ? { iterations: Math.max(1, Math.ceil((options.iterations ?? iterations) / parts)) }
      : {}),
  };
}
