import type {
  PlanId,
  PlannedRoute,
  PlanningProblem,
  PlanOptions,
  PlanSolution,
  PlanVehicle,
} from './problem.ts';
import { solve } from './solve.ts';
import { PlanningInputError, validate } from './validate.ts';

/**
 * Re-planning from a moment of the day (issue 42 item 3). What happened is fixed: the stops done or
 * under way keep their truck and their order. Each truck starts again from where and when it is
 * free; the rest of the day's jobs (the plan's stops not yet started, returned DOs booked again,
 * new bookings) are planned around it.
 *
 * The re-plan is a plain problem for `solve`, so that it runs in the same search and the same worker
 * pool as any plan: a truck on the road becomes a vehicle starting at its last stop, at the time it
 * is free, with the capacity its fixed stops left on this trip — and, when it may make more trips, a
 * second vehicle for them from the branch once this trip is back (timed in the order it was loaded,
 * which bounds the continuation's return) and loaded again; a truck at the branch keeps its start
 * with the trips it has left. Skills keep the goods where they are: the jobs loaded on a truck
 * that has left carry a skill only that truck's continuation has, and every other job one that only
 * trucks at the branch have (a truck on the road cannot take goods it did not load).
 */

/** Where one truck stands when the dispatcher plans again. */
export interface TruckProgress {
  readonly vehicle: PlanId;
  /** Its jobs done or under way (a driver tapped arrived or later), in the order driven: they never move. */
  readonly fixed: readonly PlanId[];
  /**
   * Where and when it is free: the end of its last fixed stop (its departure, else the time service
   * there would end), its last known position, or the branch.
   */
  readonly at: { readonly location: number; readonly time: number };
  /**
   * Present when the truck is on the road (it left the branch and its trip has not ended): the jobs
   * loaded for this trip and not yet started. They stay on it (or are reported unassigned); it
   * takes no other job before it is back.
   */
  readonly onBoard?: readonly PlanId[];
  /**
   * On the road: how many of `fixed` (the last ones) ride the trip it is on and took their share of
   * its capacity; default all (a first trip).
   */
  readonly fixedOnTrip?: number;
  /** Trips it finished (back at the branch); they count against its `trips`. */
  readonly tripsDone?: number;
}

export interface ReplanProblem {
  /** The day's problem: every job of the slot (fixed ones included), the trucks as planned in the morning. */
  readonly problem: PlanningProblem;
  /** The moment of the re-plan, in the problem's time unit: nothing starts before it. */
  readonly now: number;
  /** Trucks not listed have not moved: at their start, free from `now`. */
  readonly progress: readonly TruckProgress[];
}

/** A re-plan's problem for `solve`, and how its answer reads back in the trucks' terms. */
export interface ReducedReplan {
  readonly problem: PlanningProblem;
  /** Per vehicle of `problem`: the truck's id and the trip number its first route takes. */
  readonly truck: readonly { readonly id: PlanId; readonly firstTrip: number }[];
  /** The fixed stops per truck, as given. */
  readonly fixed: readonly { readonly vehicle: PlanId; readonly jobs: readonly PlanId[] }[];
}

export interface ReplanSolution extends PlanSolution {
  /** Each truck's fixed stops, in their order; `routes` are what follows them (the trucks' ids). */
  readonly fixed: readonly { readonly vehicle: PlanId; readonly jobs: readonly PlanId[] }[];
}

/** A window's end for a vehicle the morning's plan gave none (the model's own "open"). */
const NO_END = 1e15;

/** Skills that keep goods where they are (a prefix no booking's vehicle type id can take). */
export const AT_BRANCH_SKILL = '\u0000replan:branch';
export const onRoadSkill = (vehicle: PlanId) => `\u0000replan:road:${String(vehicle)}`;

function checkProgress(input: ReplanProblem): void {
  const jobs = new Set(input.problem.jobs.map((j) => j.id));
  const vehicles = new Set(input.problem.vehicles.map((v) => v.id));
  const placed = new Set<PlanId>();
  const trucks = new Set<PlanId>();
  if (!Number.isFinite(input.now)) throw new PlanningInputError('re-plan time is not a number');
  for (const p of input.progress) {
    if (!vehicles.has(p.vehicle))
      throw new PlanningInputError(`progress of unknown vehicle ${String(p.vehicle)}`);
    if (trucks.has(p.vehicle)) throw new PlanningInputError(`progress of vehicle ${String(p.vehicle)} twice`);
    trucks.add(p.vehicle);
    if (!Number.isFinite(p.at.time))
      throw new PlanningInputError(`vehicle ${String(p.vehicle)} free at no time`);
    for (const id of [...p.fixed, ...(p.onBoard ?? [])]) {
      if (!jobs.has(id)) throw new PlanningInputError(`progress names unknown job ${String(id)}`);
      if (placed.has(id)) throw new PlanningInputError(`job ${String(id)} fixed or on board twice`);
      placed.add(id);
    }
  }
}

/** Sum of the jobs' deliveries per dimension. */
function loadOf(problem: PlanningProblem, ids: readonly PlanId[], dims: number): number[] {
  const byId = new Map(problem.jobs.map((j) => [j.id, j]));
  const total = Array.from({ length: dims }, () => 0);
  for (const id of ids)
    byId.get(id)?.delivery.forEach((amount, d) => {
      total[d] = (total[d] ?? 0) + amount;
    });
  return total;
}

/**
 * When a truck on the road is back at its end, leaving `location` at `time` and serving `jobs` in
 * this order (waiting for windows); null when that order cannot keep a window or it has no end.
 */
function returnTime(
  problem: PlanningProblem,
  vehicle: PlanVehicle,
  location: number,
  time: number,
  jobs: readonly PlanId[],
): number | null {
  const matrix = problem.matrices[vehicle.profile ?? 'car'];
  if (!matrix || vehicle.end === undefined) return null;
  const byId = new Map(problem.jobs.map((j) => [j.id, j]));
  let at = location;
  let clock = time;
  for (const id of jobs) {
    const job = byId.get(id);
    if (!job) continue;
    const arrival = clock + (job.location === at ? 0 : matrix.duration(at, job.location));
    const windows = job.timeWindows ?? [];
    const open = windows.length === 0 ? [arrival, arrival] : windows.find(([, b]) => b >= arrival);
    if (!open) return null;
    clock = Math.max(arrival, open[0]) + (job.service ?? 0);
    at = job.location;
  }
  return clock + (at === vehicle.end ? 0 : matrix.duration(at, vehicle.end));
}

/**
 * The re-plan as a problem `solve` reads: fixed jobs out, each truck from where and when it is free
 * (a truck with no time or no trip left is left out), the goods on board kept on their truck.
 */
export function reduceReplan(input: ReplanProblem): ReducedReplan {
  validate(input.problem);
  checkProgress(input);
  const { problem, now } = input;
  const progressOf = new Map(input.progress.map((p) => [p.vehicle, p]));
  const fixedJobs = new Set(input.progress.flatMap((p) => p.fixed));
  const onBoardOf = new Map(
    input.progress.flatMap((p) => (p.onBoard ?? []).map((id) => [id, p.vehicle] as const)),
  );
  const vehicles: PlanVehicle[] = [];
  const truck: { id: PlanId; firstTrip: number }[] = [];
  for (const vehicle of problem.vehicles) {
    const p = progressOf.get(vehicle.id);
    const [open, close] = vehicle.timeWindow ?? [Number.NEGATIVE_INFINITY, NO_END];
    const from = Math.max(open, now, p?.at.time ?? now);
    if (from > close) continue;
    // Nothing leaves before it is free, even a vehicle the morning's plan gave no window.
    const timeWindow = [from, close] as const;
    const skills = vehicle.skills ?? [];
    const tripsDone = p?.tripsDone ?? 0;
    if (p?.onBoard !== undefined) {
      // On the road: this trip goes on from the last stop; its fixed stops already took their load.
      const onTrip = p.fixed.slice(p.fixed.length - (p.fixedOnTrip ?? p.fixed.length));
      const used = loadOf(problem, onTrip, vehicle.capacity.length);
      const { trips: _trips, reload: _reload, startService: _load, ...rest } = vehicle;
      // Trips left after this one: from the branch once this trip is back (in the order loaded) and
      // loaded again; this trip must then be back by that time, whatever order the search gives it.
      const later = (vehicle.trips ?? 1) - tripsDone - 1;
      const back = later > 0 ? returnTime(problem, vehicle, p.at.location, from, p.onBoard) : null;
      const next = back === null ? null : back + (vehicle.reload ?? vehicle.startService ?? 0);
      const more = next !== null && next < close;
      vehicles.push({
        ...rest,
        start: p.at.location,
        capacity: vehicle.capacity.map((c, d) => Math.max(0, c - (used[d] ?? 0))),
        skills: [...skills, onRoadSkill(vehicle.id)],
        timeWindow: more ? [from, back as number] : timeWindow,
      });
      truck.push({ id: vehicle.id, firstTrip: tripsDone + 1 });
      if (more) {
        const { trips: _t, reload, startService: _s, ...again } = vehicle;
        vehicles.push({
          ...again,
          skills: [...skills, AT_BRANCH_SKILL],
          timeWindow: [back as number, close],
          startService: reload ?? vehicle.startService ?? 0,
          ...(later > 1 ? { trips: later } : {}),
        });
        truck.push({ id: vehicle.id, firstTrip: tripsDone + 2 });
      }
      continue;
    }
    const trips = (vehicle.trips ?? 1) - tripsDone;
    if (trips < 1) continue;
    const { trips: _trips, ...rest } = vehicle;
    vehicles.push({
      ...rest,
      ...(p ? { start: p.at.location } : {}),
      skills: [...skills, AT_BRANCH_SKILL],
      timeWindow,
      ...(trips > 1 ? { trips } : {}),
    });
    truck.push({ id: vehicle.id, firstTrip: tripsDone + 1 });
  }
  const jobs = problem.jobs
    .filter((job) => !fixedJobs.has(job.id))
    .map((job) => {
      const owner = onBoardOf.get(job.id);
      const keep = owner === undefined ? AT_BRANCH_SKILL : onRoadSkill(owner);
      return { ...job, skills: [...(job.skills ?? []), keep] };
    });
  return {
    problem: { ...problem, jobs, vehicles: vehicles.map((v, i) => ({ ...v, id: i })) },
    truck,
    fixed: input.progress
      .filter((p) => p.fixed.length > 0)
      .map((p) => ({ vehicle: p.vehicle, jobs: p.fixed })),
  };
}

/** `solve`'s answer to a reduced re-plan, told in the trucks' ids and trip numbers, with the fixed stops. */
export function replanSolution(reduced: ReducedReplan, solution: PlanSolution): ReplanSolution {
  const routes = solution.routes.map((route): PlannedRoute => {
    const truck = reduced.truck[route.vehicle as number];
    if (!truck) throw new PlanningInputError(`route of unknown vehicle ${String(route.vehicle)}`);
    return { ...route, vehicle: truck.id, trip: truck.firstTrip + route.trip - 1 };
  });
  return {
    ...solution,
    routes,
    summary: { ...solution.summary, vehicles: new Set(routes.map((r) => r.vehicle)).size },
    fixed: reduced.fixed,
  };
}

/** Plans again around what happened (on the caller's thread; the server sends `reduceReplan`'s problem to its pool). */
export function replan(input: ReplanProblem, options: PlanOptions = {}): ReplanSolution {
  const reduced = reduceReplan(input);
  return replanSolution(reduced, solve(reduced.problem, options));
}

/** Where a job stands in a plan: its truck, trip and the time its service starts. */
export interface JobPlace {
  readonly vehicle: PlanId;
  readonly trip: number;
  readonly start: number;
}

/** What a re-plan changes for one job, as the dispatcher reviews it before confirming. */
export interface ReplanChange {
  readonly job: PlanId;
  /** MOVED: to another truck or trip; NEW: not planned before; ETA: same trip, service start changed
   * by more than the tolerance; DROPPED: planned before, now without a place. */
  readonly kind: 'MOVED' | 'NEW' | 'ETA' | 'DROPPED';
  readonly before?: JobPlace;
  readonly after?: JobPlace;
}

/** Each job's place in the routes. */
export function jobPlaces(routes: readonly PlannedRoute[]): Map<PlanId, JobPlace> {
  const out = new Map<PlanId, JobPlace>();
  for (const route of routes)
    for (const stop of route.stops)
      out.set(stop.job, { vehicle: route.vehicle, trip: route.trip, start: stop.start });
  return out;
}

/**
 * The difference between the plan in force and a re-plan, job by job (fixed jobs never appear: they
 * do not change). `toleranceSeconds`: a service start moved by no more than this is no change.
 */
export function replanChanges(
  before: ReadonlyMap<PlanId, JobPlace>,
  after: ReplanSolution,
  toleranceSeconds: number,
): ReplanChange[] {
  const now = jobPlaces(after.routes);
  const changes: ReplanChange[] = [];
  for (const [job, place] of now) {
    const was = before.get(job);
    if (!was) changes.push({ job, kind: 'NEW', after: place });
    else if (was.vehicle !== place.vehicle || was.trip !== place.trip)
      changes.push({ job, kind: 'MOVED', before: was, after: place });
    else if (Math.abs(was.start - place.start) > toleranceSeconds)
      changes.push({ job, kind: 'ETA', before: was, after: place });
  }
  const fixed = new Set(after.fixed.flatMap((f) => f.jobs));
  for (const [job, was] of before)
    if (!now.has(job) && !fixed.has(job)) changes.push({ job, kind: 'DROPPED', before: was });
  return changes;
}
