import type {
  PlanId,
  PlanJob,
  PlannedRoute,
  PlannedStop,
  PlanningProblem,
  PlanSolution,
  TimeWindow,
} from './problem.ts';

/** A dispatcher's trip: a vehicle and the jobs it delivers, in order. */
export interface ManualRoute {
  readonly vehicle: PlanId;
  readonly jobs: readonly PlanId[];
}

const inAll = (time: number, members: readonly PlanJob[]) =>
  members.every(
    (job) =>
      !job.timeWindows ||
      job.timeWindows.length === 0 ||
      job.timeWindows.some(([a, b]: TimeWindow) => a <= time && time <= b),
  );

/** The first time from `arrival` on inside every member's windows; `arrival` when there is none (a late stop). */
function serviceStart(arrival: number, members: readonly PlanJob[]): number {
  const candidates = [
    arrival,
    ...members.flatMap((job) => (job.timeWindows ?? []).map(([a]) => a).filter((a) => a > arrival)),
  ].sort((a, b) => a - b);
  return candidates.find((time) => inAll(time, members)) ?? arrival;
}

/**
 * Times routes a person arranged (the dispatcher's moves), as the solver would report them:
 * leaving after loading, waiting for a window when early. Nothing is refused here; a late stop
 * keeps its arrival as its start, and `planViolations` then names every broken rule. Jobs of one
 * cannot-split group next to each other are one stop. Jobs on no route are reported `FLEET_FULL`.
 */
export function timeRoutes(problem: PlanningProblem, routes: readonly ManualRoute[]): PlanSolution {
  const jobs = new Map(problem.jobs.map((job) => [job.id, job]));
  const vehicles = new Map(problem.vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const placed = new Set<PlanId>();
  const planned: PlannedRoute[] = [];
  // A vehicle's routes are its trips in the order given: each leaves after the one before is back and loaded again.
  const back = new Map<PlanId, { arrival: number; trip: number }>();
  for (const route of routes) {
    const vehicle = vehicles.get(route.vehicle);
    const own = route.jobs.map((id) => jobs.get(id)).filter((job): job is PlanJob => job !== undefined);
    if (!vehicle || own.length === 0) continue;
    const before = back.get(vehicle.id);
    for (const job of own) placed.add(job.id);
    const matrix = problem.matrices[vehicle.profile ?? 'car'];
    const leg = (pick: 'duration' | 'distance', a: number | undefined, b: number | undefined) =>
      a === undefined || b === undefined || !matrix ? 0 : matrix[pick](a, b);
    // Stops: consecutive jobs of one group at one place are served together.
    const stops: PlanJob[][] = [];
    for (const job of own) {
      const last = stops.at(-1);
      const head = last?.[0];
      if (
        last &&
        head &&
        head.together !== undefined &&
        head.together === job.together &&
        head.location === job.location
      )
        last.push(job);
      else stops.push([job]);
    }
    const load = vehicle.capacity.map((_, d) => own.reduce((sum, job) => sum + (job.delivery[d] ?? 0), 0));
    const depart = before
      ? before.arrival + (vehicle.reload ?? vehicle.startService ?? 0)
      : (vehicle.timeWindow?.[0] ?? 0) + (vehicle.startService ?? 0);
    // Leave late enough not to wait at the first stop, as the solver reports it.
    const first = stops[0]?.[0];
    const firstArrival = depart + leg('duration', vehicle.start, first?.location);
    const departure = depart + (serviceStart(firstArrival, stops[0] ?? []) - firstArrival);
    const onBoard = load.slice();
    const out: PlannedStop[] = [];
    let time = departure;
    let at = vehicle.start;
    let duration = 0;
    let distance = 0;
    let service = 0;
    let waiting = 0;
    for (const members of stops) {
      const here = (members[0] as PlanJob).location;
      const arrival = time + leg('duration', at, here);
      duration += leg('duration', at, here);
      distance += leg('distance', at, here);
      const start = serviceStart(arrival, members);
      waiting += start - arrival;
      let served = 0;
      for (const job of members) {
        job.delivery.forEach((amount, d) => {
          onBoard[d] = (onBoard[d] ?? 0) - amount;
        });
        out.push({
          job: job.id,
          location: here,
          arrival,
          start,
          service: job.service ?? 0,
          load: onBoard.slice(),
          duration,
          distance,
        });
        served += job.service ?? 0;
      }
      service += served;
      time = start + served;
      at = here;
    }
    duration += leg('duration', at, vehicle.end);
    distance += leg('distance', at, vehicle.end);
    const arrival = time + leg('duration', at, vehicle.end);
    back.set(vehicle.id, { arrival, trip: (before?.trip ?? 0) + 1 });
    planned.push({
      vehicle: vehicle.id,
      trip: (before?.trip ?? 0) + 1,
      departure,
      load,
      stops: out,
      arrival,
      cost: distance,
      distance,
      duration,
      service,
      waiting,
    });
  }
  const sum = (pick: (r: PlannedRoute) => number) => planned.reduce((total, r) => total + pick(r), 0);
  return {
    routes: planned,
    unassigned: problem.jobs
      .filter((job) => !placed.has(job.id))
      .map((job) => ({ job: job.id, reason: 'FLEET_FULL' as const })),
    summary: {
      vehicles: back.size,
      trips: planned.length,
      cost: sum((r) => r.cost),
      distance: sum((r) => r.distance),
      duration: sum((r) => r.duration),
      service: sum((r) => r.service),
      waiting: sum((r) => r.waiting),
      iterations: 0,
    },
  };
}
